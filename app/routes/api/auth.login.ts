import { loginSchema } from "~/lib/schemas/auth";
import { deviceCookie } from "~/server/auth/session.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { login, signInClient } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";

/**
 * POST /auth/login { email, password } -> { token, user }; the token works as `Authorization: Bearer`. A client
 * that keeps cookies also gets the device cookie that makes it one the account knows.
 */
export const loader = rest({
  POST: async ({ request, env }) => {
    await rateLimitLoginAttempts(env, request);
    const { email, password } = await readBody(request, loginSchema);
    const { device, ...signedIn } = await login(env, email, password, await signInClient(env, request));
    return json(signedIn, 200, { "Set-Cookie": deviceCookie(device) });
  },
});
export const action = loader;
