import { loginSchema } from "~/lib/schemas/auth";
import { deviceCookie } from "~/server/auth/session.server";
import { sessionAnswer } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { login, signInClient } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";

export const loader = rest("/auth/login", "Sign-in", {
  POST: {
    summary: "Sign in with e-mail and password",
    description:
      "Failures are throttled per account and address, per account for unknown clients, per address and per known device (429 with retryAfter). The answer also sets the device cookie __Host-cw_device: a client that keeps cookies and sends it back is one the account knows, never held by others' failures.",
    access: "public",
    body: loginSchema,
    responses: [sessionAnswer("A session token and the user")],
    errors: [401, 429],
    before: ({ request, env }) => rateLimitLoginAttempts(env, request),
    handler: async ({ body: { email, password }, request, env }) => {
      const { device, ...signedIn } = await login(env, email, password, await signInClient(env, request));
      return json(signedIn, 200, { "Set-Cookie": deviceCookie(device) });
    },
  },
});
export const action = loader;
