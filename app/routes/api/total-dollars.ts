import { adminFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { centsToDollars } from "~/server/http/wire.server";

export const loader = rest("/totaldollars", "Figures", {
  GET: adminFigure({
    summary: "Dollars received from coin purchases, as a bare number",
    example: 1287.5,
    answer: (stats) => centsToDollars(stats.cents),
  }),
});
export const action = loader;
