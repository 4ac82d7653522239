import { registerSchema } from "~/lib/schemas/auth";
import { deviceCookie } from "~/server/auth/session.server";
import { sessionAnswer } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { register } from "~/server/services/accounts.server";
import { clientAddress, rateLimit } from "~/server/services/rate-limit.server";

export const loader = rest("/auth/register", "Sign-in", {
  POST: {
    summary: "Create a Worker or Buyer account",
    description:
      "The server sets the starting coins (Worker 10, Buyer 50); a client-sent coin is ignored and role Admin is refused. The password needs 12 characters or more and must not be a common one (422). A verification link is e-mailed to the address: until it is confirmed (user.emailVerified false) the account can sign in and read, but posting tasks, submitting work, buying coins and withdrawing answer 403 'Verify your email address first.'. Rate limited per address. The answer also sets the device cookie __Host-cw_device.",
    access: "public",
    body: registerSchema,
    responses: [sessionAnswer("The account and a session token (also usable as Authorization: Bearer)", 201)],
    errors: [409, 429],
    before: ({ request, env }) => rateLimit(env, `register:ip:${clientAddress(request)}`, 20, 60),
    handler: async ({ body: input, env, origin }) => {
      const { device, ...signedIn } = await register(env, input, origin);
      return json(signedIn, 201, { "Set-Cookie": deviceCookie(device) });
    },
  },
});
export const action = loader;
