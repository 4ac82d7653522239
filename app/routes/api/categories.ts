import { json, rest } from "~/server/http/rest.server";
import { categoryWire } from "~/server/http/wire.server";
import { categoryCounts } from "~/server/services/landing.server";

/** GET /categories (public): the nine categories with their open positions ({ _id, total_workers }). */
export const loader = rest({
  GET: async ({ env }) => json((await categoryCounts(env)).map(categoryWire)),
});
export const action = loader;
