import { examples, ok } from "~/server/http/endpoint.server";
import { savedSearchWire } from "~/server/http/wire.server";
import { appOrigin } from "~/server/environment.server";
import { json, rest } from "~/server/http/rest.server";
import { regenerateFeedToken } from "~/server/services/alerts.server";
import { savedSearchIdBody, savedSearchWireSchema } from "~/lib/schemas/alerts";

export const loader = rest("/saved-searches/feed-token", "Tasks", {
  POST: {
    summary: "Give a saved search a new private feed address",
    description: "The old `feed_url` answers 404 from now on (revoked); the answer carries the new one.",
    access: ["Worker"],
    body: savedSearchIdBody,
    responses: [ok(savedSearchWireSchema, examples.savedSearch, "The saved search with its new feed address")],
    errors: [404],
    handler: async ({ user: worker, body: input, request, env }) => {
      const search = await regenerateFeedToken(env, worker, input.id);
      return json(savedSearchWire(search, appOrigin(env, request)));
    },
  },
});
export const action = loader;
