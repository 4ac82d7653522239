import type { Route } from "./+types/auth.logout";
import { getEnv } from "~/server/context";
import { api, json, methodNotAllowed } from "~/server/http/api.server";
import { requireApiUser } from "~/server/auth/guards.server";
import { clearSessionCookie } from "~/server/auth/session.server";
import { logout } from "~/server/services/accounts.server";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** POST /auth/logout: ends every session of the caller (the token's version is bumped). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  return api(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = requireApiUser(context);
    await logout(getEnv(context), user.id);
    return json({ ok: true }, 200, { "Set-Cookie": clearSessionCookie() });
  });
}
