import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DebtBanner } from "~/components/buyer/debt-banner";
import { getEnv } from "~/server/context";
import { buyerUser, roleMiddleware } from "~/server/auth/guards.server";
import { debtOf } from "~/server/services/debts.server";

/** Buyer pages only: decided here once for every loader and action below, which read the user with `buyerUser`. */
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("Buyer")];

/** Coins the buyer owes, for the banner that says why spending is paused (read again after every action). */
export async function loader({ context }: Route.LoaderArgs) {
  return { owed: await debtOf(getEnv(context), buyerUser(context).id) };
}

export default function BuyerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.owed > 0 ? <DebtBanner coins={loaderData.owed} /> : null}
      <Outlet />
    </>
  );
}
