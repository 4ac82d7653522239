import { ok, OWN_EMAIL } from "~/server/http/endpoint.server";
import { json, requireOwnEmail, rest } from "~/server/http/rest.server";
import { getItemsPerPage, setItemsPerPage } from "~/server/services/preferences.server";
import { itemsPerPageWire, ownEmailQuery, preferenceBody } from "~/lib/schemas/api";

export const loader = rest("/user-preference", "Figures", {
  GET: {
    summary: "Your items per page (default 3)",
    access: "signed-in",
    accessNote: OWN_EMAIL,
    query: ownEmailQuery,
    responses: [ok(itemsPerPageWire, { itemsPerPage: 3 })],
    errors: [403],
    handler: async ({ user, query, env }) => {
      requireOwnEmail(user, query.email);
      return json({ itemsPerPage: await getItemsPerPage(env, user.id) });
    },
  },

  POST: {
    summary: "Set your items per page (3, 5 or 10)",
    access: "signed-in",
    accessNote: OWN_EMAIL,
    body: preferenceBody,
    responses: [ok(itemsPerPageWire, { itemsPerPage: 5 })],
    errors: [403],
    handler: async ({ user, body, env }) => {
      requireOwnEmail(user, body.email);
      return json(await setItemsPerPage(env, user.id, body.itemsPerPage));
    },
  },
});
export const action = loader;
