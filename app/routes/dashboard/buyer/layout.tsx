import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requirePageRole } from "~/server/auth/guards.server";

/** Buyer pages only: decided on the server for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }) => {
    requirePageRole(context, request, "Buyer");
  },
];

export default function BuyerLayout() {
  return <Outlet />;
}
