import type { Route } from "./+types/auth.register";
import { registerSchema } from "~/lib/schemas/auth";
import { apiMiddleware } from "~/server/http/cors.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/** POST /auth/register { name, email, password, role, photo? } -> 201 { token, user } */
const handle = rest({
  POST: async ({ request, env }) => {
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const input = await readBody(request, registerSchema);
    return json(await register(env, input), 201);
  },
});

export const middleware = apiMiddleware;
export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
