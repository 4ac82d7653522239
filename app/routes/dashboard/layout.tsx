import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getEnv } from "~/server/context";
import { signedInMiddleware, signedInUser } from "~/server/auth/guards.server";
import { notificationSummary } from "~/server/services/notifications.server";
import { notificationItem } from "~/lib/notifications";
import { DashboardShell } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Every dashboard request needs a signed-in user; the role layouts below narrow it further. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

/**
 * The user (balance) and the bell. No `shouldRevalidate` on purpose: framework mode re-runs this loader on every
 * navigation, so what another tab marked read or spent shows after the next click (tests/e2e/notifications.test.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const summary = await notificationSummary(getEnv(context), user.id);
  return {
    user,
    notifications: { unread: summary.unread, items: summary.items.map((n) => notificationItem(n, user.role)) },
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell user={loaderData.user} notifications={loaderData.notifications}>
      <Outlet />
    </DashboardShell>
  );
}
