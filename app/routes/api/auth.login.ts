import { loginSchema } from "~/lib/schemas/auth";
import { sessionAnswer } from "~/server/http/endpoint.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { login } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";
import { clientAddress } from "~/server/services/rate-limit.server";

export const loader = rest("/auth/login", "Sign-in", {
  POST: {
    summary: "Sign in with e-mail and password",
    description: "Rate limited per e-mail and per address.",
    access: "public",
    body: loginSchema,
    responses: [sessionAnswer("A session token and the user")],
    errors: [401, 429],
    handler: async ({ request, env }) => {
      await rateLimitLoginAttempts(env, request);
      const { email, password } = await readBody(request, loginSchema);
      return json(await login(env, email, password, clientAddress(request)));
    },
  },
});
export const action = loader;
