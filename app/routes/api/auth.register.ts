import { registerSchema } from "~/lib/schemas/auth";
import { json, readBody, rest } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

/** POST /auth/register { name, email, password, role, photo? } -> 201 { token, user } */
export const loader = rest({
  POST: async ({ request, env }) => {
    await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
    const input = await readBody(request, registerSchema);
    return json(await register(env, input), 201);
  },
});
export const action = loader;
