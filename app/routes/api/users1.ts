import type { Route } from "./+types/users1";
import { requireApiRole } from "~/server/auth/guards.server";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { adjustCoinsByEmail } from "~/server/services/users.server";
import { addCoinBody } from "~/lib/schemas/api";

/** PATCH /users1 { email, addcoin, reason }: an admin's recorded coin adjustment (never on their own account). */
const handle = rest({
  PATCH: async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const body = await readBody(request, addCoinBody);
    return json(await adjustCoinsByEmail(env, admin, body.email, body.addcoin, body.reason));
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
