import { redirect } from "react-router";
import type { Route } from "./+types/verify-email";
import { getEnv } from "~/server/context";
import { appOrigin } from "~/server/environment.server";
import { signedInUser } from "~/server/auth/guards.server";
import { refusal } from "~/server/errors";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readFormOrRefusal } from "~/server/http/form.server";
import { dashboardPage } from "~/server/http/redirect.server";
import { resendVerification } from "~/server/services/accounts.server";
import { taskPagePath } from "~/lib/roles";
import { serverWords } from "~/lib/i18n/words.server";

/**
 * POST (the banner's "Resend" button): another verification link, then back to the dashboard page it was on; sent
 * from a task's page, the link leads there once confirmed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readFormOrRefusal(request);
  if (!(form instanceof FormData)) return form;
  const to = dashboardPage(form.get("redirectTo"), request) ?? "/dashboard";
  const env = getEnv(context);
  const t = serverWords(user.language, "dashboard");
  try {
    // sent from a task's page (a worker who signed up to do it): the new link leads back there as well
    await resendVerification(env, user, appOrigin(env, request), taskPagePath(to));
    return redirectWithFlash(to, {
      type: "success",
      title: t("verifyEmail.sent"),
      message: t("verifyEmail.sentText", { email: user.email }),
    });
  } catch (e) {
    return redirectWithFlash(to, { type: "error", title: t("verifyEmail.notSent"), message: refusal(e).message });
  }
}

export function loader() {
  return redirect("/dashboard");
}
