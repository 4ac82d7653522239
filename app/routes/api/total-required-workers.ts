import { buyerFigure } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { totalRequiredWorkersWire } from "~/lib/schemas/api";

export const loader = rest("/total-required-workers", "Figures", {
  GET: buyerFigure({
    summary: "The open slots of your live tasks",
    wire: totalRequiredWorkersWire,
    example: { totalRequiredWorkers: 17 },
    answer: (stats) => ({ totalRequiredWorkers: stats.pendingSlots }),
  }),
});
export const action = loader;
