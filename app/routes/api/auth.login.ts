import { loginSchema } from "~/lib/schemas/auth";
import { json, readBody, rest } from "~/server/http/rest.server";
import { login } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";
import { clientAddress } from "~/server/services/rate-limit.server";

/** POST /auth/login { email, password } -> { token, user }; the token works as `Authorization: Bearer`. */
export const loader = rest({
  POST: async ({ request, env }) => {
    await rateLimitLoginAttempts(env, request);
    const { email, password } = await readBody(request, loginSchema);
    return json(await login(env, email, password, clientAddress(request)));
  },
});
export const action = loader;
