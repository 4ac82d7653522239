import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { roleMiddleware } from "~/server/auth/guards.server";

/** Buyer pages only: decided here once for every loader and action below, which read the user with `buyerUser`. */
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("Buyer")];

export default function BuyerLayout() {
  return <Outlet />;
}
