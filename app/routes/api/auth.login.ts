import { loginSchema } from "~/lib/schemas/auth";
import { examples } from "~/server/http/endpoint.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { login } from "~/server/services/accounts.server";
import { rateLimitLoginAttempts } from "~/server/services/login-throttle.server";
import { clientAddress } from "~/server/services/rate-limit.server";

/** POST /auth/login { email, password } -> { token, user }; the token works as `Authorization: Bearer`. */
export const loader = rest("/auth/login", "Sign-in", {
  POST: {
    summary: "Sign in with e-mail and password",
    description: "Rate limited per e-mail and per address.",
    access: "public",
    body: loginSchema,
    responses: [
      {
        status: 200,
        description: "A session token and the user",
        example: { token: "eyJhbGciOiJFZERTQSJ9…", user: examples.sessionUser },
      },
    ],
    errors: [400, 401, 422, 429],
    handler: async ({ request, env }) => {
      await rateLimitLoginAttempts(env, request);
      const { email, password } = await readBody(request, loginSchema);
      return json(await login(env, email, password, clientAddress(request)));
    },
  },
});
export const action = loader;
