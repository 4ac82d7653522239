import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getEnv } from "~/server/context";
import { signedInMiddleware, signedInUser } from "~/server/auth/guards.server";
import { notificationSummary } from "~/server/services/notifications.server";
import { DashboardShell } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Every dashboard request needs a signed-in user; the role layouts below narrow it further. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { user, notifications: await notificationSummary(getEnv(context), user.id) };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell user={loaderData.user} notifications={loaderData.notifications}>
      <Outlet />
    </DashboardShell>
  );
}
