import { data, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { refusal } from "~/server/errors";
import { readForm } from "~/server/http/form.server";
import { safeRedirect } from "~/server/http/redirect.server";
import { markNotificationsRead } from "~/server/services/notifications.server";

/** POST: mark one (id) or all notifications of the caller as read, then back to the page the bell is on. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (e) {
    const r = refusal(e);
    return data({ ok: false, message: r.message }, { status: r.status });
  }
  const id = form.get("id");
  await markNotificationsRead(getEnv(context), user.id, typeof id === "string" && id ? id : undefined);
  // Without JavaScript, back to the dashboard page the bell was on.
  const back = safeRedirect(form.get("redirectTo"), request, "");
  if (/^\/dashboard(?:[/?#]|$)/.test(back)) return redirect(back);
  return { ok: true };
}

export function loader() {
  return redirect("/dashboard");
}
