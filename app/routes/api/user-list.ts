import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list } from "~/server/http/endpoint.server";
import { listJson, readQuery, rest } from "~/server/http/rest.server";
import { userWire } from "~/server/http/wire.server";
import { listUsers } from "~/server/services/users.server";
import { MAX_PAGE_SIZE, userWireSchema, users3Query } from "~/lib/schemas/api";

/** GET /users3?role= (admin): live users, newest first. */
export const loader = rest("/users3", "Users", {
  GET: {
    summary: "All live users, optionally of one role",
    access: ["Admin"],
    query: users3Query,
    responses: [list(userWireSchema, examples.user, "Users, newest first")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env, origin }) => {
      requireApiRole(context, "Admin");
      const q = readQuery(request, users3Query);
      const page = await listUsers(env, { role: q.role, page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
      return listJson(
        page.items.map((u) => userWire(origin, u)),
        page,
      );
    },
  },
});
export const action = loader;
