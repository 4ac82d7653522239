import { registerSchema } from "~/lib/schemas/auth";
import { sessionAnswer } from "~/server/http/endpoint.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const loader = rest("/auth/register", "Sign-in", {
  POST: {
    summary: "Create a Worker or Buyer account",
    description:
      "The server sets the starting coins (Worker 10, Buyer 50); a client-sent coin is ignored and role Admin is refused. A verification link is e-mailed to the address: until it is opened (user.emailVerified false) the account can sign in and read, but posting tasks, submitting work, buying coins and withdrawing answer 403 'Verify your email address first.'. Rate limited per address.",
    access: "public",
    body: registerSchema,
    responses: [sessionAnswer("The account and a session token (also usable as Authorization: Bearer)", 201)],
    errors: [409, 429],
    handler: async ({ request, env, origin }) => {
      await rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60);
      const input = await readBody(request, registerSchema);
      return json(await register(env, input, origin), 201);
    },
  },
});
export const action = loader;
