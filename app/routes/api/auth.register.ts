import { registerSchema } from "~/lib/schemas/auth";
import { deviceCookie } from "~/server/auth/session.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/** POST /auth/register { name, email, password, role, photo? } -> 201 { token, user }; a verification link is e-mailed. */
export const loader = rest({
  POST: async ({ request, env, origin }) => {
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const input = await readBody(request, registerSchema);
    const { device, ...signedIn } = await register(env, input, origin);
    return json(signedIn, 201, { "Set-Cookie": deviceCookie(device) });
  },
});
export const action = loader;
