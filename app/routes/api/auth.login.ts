import type { Route } from "./+types/auth.login";
import { loginSchema } from "~/lib/schemas/auth";
import { getEnv } from "~/server/context";
import { api, json, methodNotAllowed } from "~/server/http/api.server";
import { readBody } from "~/server/http/rest.server";
import { login } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** POST /auth/login { email, password } -> { token, user }; the token works as `Authorization: Bearer`. */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const env = getEnv(context);
    await rateLimit(env, `login:ip:${clientAddress(request)}`, 30, 60);
    const { email, password } = await readBody(request, loginSchema);
    await rateLimit(env, `login:email:${email}`, 10, 60);
    return json(await login(env, email, password));
  });
}
