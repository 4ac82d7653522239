import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { readFormOrRefusal } from "~/server/http/form.server";
import { dashboardPage } from "~/server/http/redirect.server";
import { markNotificationsRead } from "~/server/services/notifications.server";

/** POST: mark one (id) or all notifications of the caller as read, then back to the page the bell is on. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readFormOrRefusal(request);
  if (!(form instanceof FormData)) return form;
  const id = form.get("id");
  await markNotificationsRead(getEnv(context), user.id, typeof id === "string" && id ? id : undefined);
  // Without JavaScript, back to the dashboard page the bell was on.
  const back = dashboardPage(form.get("redirectTo"), request);
  if (back) return redirect(back);
  return { ok: true };
}

export function loader() {
  return redirect("/dashboard");
}
