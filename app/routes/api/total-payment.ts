import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";
import { totalPaymentWire } from "~/lib/schemas/api";

export const loader = rest("/total-payment", "Figures", {
  GET: buyerFigure({
    summary: "Dollars you have spent on coins",
    wire: totalPaymentWire,
    example: { totalPayment: 45 },
    answer: (stats) => ({ totalPayment: centsToDollars(stats.spentCents) }),
  }),
});
export const action = loader;
