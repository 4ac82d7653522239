import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { totalPayedWire } from "~/lib/schemas/api";

export const loader = rest("/total-payed", "Figures", {
  GET: buyerFigure({
    summary: "Coins you have paid to workers",
    wire: totalPayedWire,
    example: { totalPayed: 300 },
    answer: (stats) => ({ totalPayed: stats.paidCoins }),
  }),
});
export const action = loader;
