import { examples } from "~/server/http/endpoint.server";
import { publicList } from "~/server/http/rest-handlers.server";
import { rest } from "~/server/http/rest.server";
import { categoryWire } from "~/server/http/wire.server";
import { categoryCounts } from "~/server/services/landing.server";
import { categoryWireSchema } from "~/lib/schemas/api";

export const loader = rest("/categories", "Public", {
  GET: publicList({
    summary: "The nine categories with their open positions",
    wire: categoryWireSchema,
    example: examples.category,
    description: "Every category, 0 when none are open",
    read: async (env) => (await categoryCounts(env)).map(categoryWire),
  }),
});
export const action = loader;
