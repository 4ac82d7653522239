import { requireApiRole } from "~/server/auth/guards.server";
import { DELETED, list, ok } from "~/server/http/endpoint.server";
import { appOrigin } from "~/server/environment.server";
import { json, pagedList, readBody, readQuery, rest } from "~/server/http/rest.server";
import {
  deleteSavedSearch,
  feedPath,
  listSavedSearches,
  saveSearch,
  type SavedSearchView,
} from "~/server/services/alerts.server";
import { savedSearchBody, savedSearchesQuery, savedSearchQuery, savedSearchWireSchema } from "~/lib/schemas/alerts";

export const savedSearchExample = {
  id: "3b1f6a0e-8c3d-4f7a-9e2b-5d4c3b2a1f0e",
  q: "logo design",
  category: "Creative Design",
  feed_url: "https://coinwork.example/alerts/feed/Yq3kR0mJ8w2xLtV9pHc7sN4bF1dZ6eGa5uKiOoPyTr0",
  created_at: "2026-11-26T09:30:00.000Z",
};

/** A saved search as the API answers it, its feed address absolute (APP_ORIGIN, or the request's here). */
export const savedSearchWire = (s: SavedSearchView, origin: string) => ({
  id: s.id,
  q: s.words,
  category: s.category,
  feed_url: new URL(feedPath(s.feedToken), origin).toString(),
  created_at: new Date(s.createdAt).toISOString(),
});

export const loader = rest("/saved-searches", "Tasks", {
  GET: {
    summary: "Your saved searches (task alerts), newest first",
    access: ["Worker"],
    query: savedSearchesQuery,
    responses: [
      list(savedSearchWireSchema, savedSearchExample, "Your saved searches with their private feed addresses"),
    ],
    handler: async ({ request, context, env }) => {
      const worker = requireApiRole(context, "Worker");
      const q = readQuery(request, savedSearchesQuery);
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
      "`q` (words, every one must appear in any form) and `category` as GET /tasks2 takes them; both optional (none: every new task). New matching tasks become notifications, an e-mail digest at most once an hour, and entries of the search's private Atom feed (`feed_url`). At most 20 saved searches (409).",
    access: ["Worker"],
    body: savedSearchBody,
    responses: [ok(savedSearchWireSchema, savedSearchExample, "The saved search", 201)],
    errors: [409],
    handler: async ({ request, context, env }) => {
      const worker = requireApiRole(context, "Worker");
      const input = await readBody(request, savedSearchBody);
      const search = await saveSearch(env, worker, { q: input.q, category: input.category });
      return json(savedSearchWire(search, appOrigin(env, request)), 201);
    },
  },
  DELETE: {
    summary: "Delete a saved search (its alerts and its feed end)",
    access: ["Worker"],
    query: savedSearchQuery,
    responses: [DELETED],
    errors: [404],
    handler: async ({ request, context, env }) => {
      const worker = requireApiRole(context, "Worker");
      const q = readQuery(request, savedSearchQuery);
      await deleteSavedSearch(env, worker, q.id);
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
