import { loginSchema } from "~/lib/schemas/auth";
import { json, readBody, rest } from "~/server/http/rest.server";
import { login } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/** POST /auth/login { email, password } -> { token, user }; the token works as `Authorization: Bearer`. */
export const loader = rest({
  POST: async ({ request, env }) => {
    await rateLimit(env, `login:ip:${clientAddress(request)}`, 30, 60);
    const { email, password } = await readBody(request, loginSchema);
    await rateLimit(env, `login:email:${email}`, 10, 60);
    return json(await login(env, email, password));
  },
});
export const action = loader;
