import { examples, list } from "~/server/http/endpoint.server";
import { pagedList, rest } from "~/server/http/rest.server";
import { userWire } from "~/server/http/wire.server";
import { listUsers } from "~/server/services/users.server";
import { userWireSchema, users3Query } from "~/lib/schemas/api";

export const loader = rest("/users3", "Users", {
  GET: {
    summary: "All live users, optionally of one role",
    access: ["Admin"],
    query: users3Query,
    responses: [list(userWireSchema, examples.user, "Users, newest first")],
    handler: async ({ query: q, env, origin }) =>
      pagedList(
        q,
        (paging) => listUsers(env, { role: q.role, ...paging }),
        (u) => userWire(origin, u),
      ),
  },
});
export const action = loader;
