import type { Route } from "./+types/auth.register";
import { registerSchema } from "~/lib/schemas/auth";
import { getEnv } from "~/server/context";
import { api, json, methodNotAllowed } from "~/server/http/api.server";
import { readBody } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** POST /auth/register { name, email, password, role, photo? } -> 201 { token, user } */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const env = getEnv(context);
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const input = await readBody(request, registerSchema);
    return json(await register(env, input), 201);
  });
}
