import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { roleMiddleware } from "~/server/auth/guards.server";

/** Admin pages only: decided here once for every loader and action below, which read the user with `adminUser`. */
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("Admin")];

export default function AdminLayout() {
  return <Outlet />;
}
