import type { Route } from "./+types/user-preference";
import { requireApiUser } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { getItemsPerPage, setItemsPerPage } from "~/server/services/users.server";
import { ownEmailQuery, preferenceBody } from "~/lib/schemas/api";

/** GET /user-preference?email= -> { itemsPerPage } | POST /user-preference { email, itemsPerPage: 3|5|10 }: your own. */
const handle = rest({
  GET: async ({ request, context, env }) => {
    const user = requireApiUser(context);
    requireOwnEmail(user, readQuery(request, ownEmailQuery).email);
    return json({ itemsPerPage: await getItemsPerPage(env, user.id) });
  },

  POST: async ({ request, context, env }) => {
    const user = requireApiUser(context);
    const body = await readBody(request, preferenceBody);
    requireOwnEmail(user, body.email);
    return json(await setItemsPerPage(env, user.id, body.itemsPerPage));
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
