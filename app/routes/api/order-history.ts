import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, OWN_EMAIL } from "~/server/http/endpoint.server";
import { listJson, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { orderWire } from "~/server/http/wire.server";
import { listOrders } from "~/server/services/purchases.server";
import { MAX_PAGE_SIZE, orderWireSchema, ownEmailPagedQuery } from "~/lib/schemas/api";

/** GET /orders1?email= (buyer): your coin purchases, newest first. */
export const loader = rest("/orders1", "Purchases", {
  GET: {
    summary: "Your coin purchases",
    access: ["Buyer"],
    accessNote: OWN_EMAIL,
    query: ownEmailPagedQuery,
    responses: [list(orderWireSchema, examples.order, "Newest first")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env }) => {
      const buyer = requireApiRole(context, "Buyer");
      const q = readQuery(request, ownEmailPagedQuery);
      requireOwnEmail(buyer, q.email);
      const page = await listOrders(env, buyer.id, { page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
      return listJson(
        page.items.map((o) => orderWire(o, buyer)),
        page,
      );
    },
  },
});
export const action = loader;
