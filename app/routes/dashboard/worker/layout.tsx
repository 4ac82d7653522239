import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { roleMiddleware } from "~/server/auth/guards.server";

/** Worker pages only: decided here once for every loader and action below, which read the user with `workerUser`. */
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("Worker")];

export default function WorkerLayout() {
  return <Outlet />;
}
