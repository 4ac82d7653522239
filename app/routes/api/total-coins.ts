import { adminFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";

export const loader = rest("/totalcoins", "Figures", {
  GET: adminFigure({
    summary: "Coins in all balances, as a bare number",
    example: 182340,
    answer: (stats) => stats.coins,
  }),
});
export const action = loader;
