import { examples, list, OWN_EMAIL } from "~/server/http/endpoint.server";
import { pagedList, requireOwnEmail, rest } from "~/server/http/rest.server";
import { orderWire } from "~/server/http/wire.server";
import { listOrders } from "~/server/services/purchases.server";
import { orderWireSchema, ownEmailPagedQuery } from "~/lib/schemas/api";

export const loader = rest("/orders1", "Purchases", {
  GET: {
    summary: "Your coin purchases",
    access: ["Buyer"],
    accessNote: OWN_EMAIL,
    query: ownEmailPagedQuery,
    responses: [list(orderWireSchema, examples.order, "Newest first")],
    handler: async ({ user: buyer, query: q, env }) => {
      requireOwnEmail(buyer, q.email);
      return pagedList(
        q,
        (paging) => listOrders(env, buyer.id, paging),
        (o) => orderWire(o, buyer),
      );
    },
  },
});
export const action = loader;
