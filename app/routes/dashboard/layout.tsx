import { Outlet, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/layout";
import { getEnv } from "~/server/context";
import { signedInMiddleware, signedInUser } from "~/server/auth/guards.server";
import { notificationSummary } from "~/server/services/notifications.server";
import { notificationItem } from "~/lib/notifications";
import { DashboardShell } from "~/components/dashboard-shell";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Every dashboard request needs a signed-in user; the role layouts below narrow it further. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const summary = await notificationSummary(getEnv(context), user.id);
  return {
    user,
    notifications: { unread: summary.unread, items: summary.items.map((n) => notificationItem(n, user.role)) },
  };
}

/**
 * The top bar (balance, unread count) is read again on every navigation, not only when the URL's parameters
 * change: what another tab marked read or spent shows after the next click here. Two indexed reads.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.href !== nextUrl.href || defaultShouldRevalidate;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell user={loaderData.user} notifications={loaderData.notifications}>
      <Outlet />
    </DashboardShell>
  );
}
