import { requireApiUser } from "~/server/auth/guards.server";
import { json, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { getItemsPerPage, setItemsPerPage } from "~/server/services/users.server";
import { ownEmailQuery, preferenceBody } from "~/lib/schemas/api";

/** GET /user-preference?email= -> { itemsPerPage } | POST /user-preference { email, itemsPerPage: 3|5|10 }: your own. */
export const loader = rest({
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
export const action = loader;
