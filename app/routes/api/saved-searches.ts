import { DELETED, examples, list, ok } from "~/server/http/endpoint.server";
import { savedSearchWire } from "~/server/http/wire.server";
import { appOrigin } from "~/server/environment.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { deleteSavedSearch, listSavedSearches, saveSearch } from "~/server/services/alerts.server";
import { savedSearchBody, savedSearchesQuery, savedSearchQuery, savedSearchWireSchema } from "~/lib/schemas/alerts";

export const loader = rest("/saved-searches", "Tasks", {
  GET: {
    summary: "Your saved searches (task alerts), newest first",
    access: ["Worker"],
    query: savedSearchesQuery,
    responses: [
      list(savedSearchWireSchema, examples.savedSearch, "Your saved searches with their private feed addresses"),
    ],
    handler: async ({ user: worker, query: q, request, env }) => {
      const origin = appOrigin(env, request);
      return pagedList(
        q,
        (paging) => listSavedSearches(env, worker.id, paging),
        (s) => savedSearchWire(s, origin),
      );
    },
  },
  POST: {
    summary: "Save a search of the open tasks as a task alert",
    description:
      "`q` (words, every one must appear in any form), `category`, `min_hourly` (least pay per hour, whole dollars) and `min_approval` (least all-time buyer approval rate, percent) as GET /tasks2 takes them; all optional (none: every new task). New matching tasks become notifications, an e-mail digest at most once an hour, and entries of the search's private Atom feed (`feed_url`). At most 20 saved searches (409).",
    access: ["Worker"],
    body: savedSearchBody,
    responses: [ok(savedSearchWireSchema, examples.savedSearch, "The saved search", 201)],
    errors: [409],
    handler: async ({ user: worker, body: input, request, env }) => {
      const search = await saveSearch(env, worker, input);
      return json(savedSearchWire(search, appOrigin(env, request)), 201);
    },
  },
  DELETE: {
    summary: "Delete a saved search (its alerts and its feed end)",
    access: ["Worker"],
    query: savedSearchQuery,
    responses: [DELETED],
    errors: [404],
    handler: async ({ user: worker, query: q, env }) => {
      await deleteSavedSearch(env, worker, q.id);
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
