import { clearSessionCookie } from "~/server/auth/session.server";
import { json, rest } from "~/server/http/rest.server";
import { logout } from "~/server/services/accounts.server";

export const loader = rest("/auth/logout", "Sign-in", {
  POST: {
    summary: "End every session of the caller",
    access: "signed-in",
    responses: [{ status: 200, description: "Signed out everywhere", example: { ok: true } }],
    handler: async ({ user, env }) => {
      await logout(env, user.id);
      return json({ ok: true }, 200, { "Set-Cookie": clearSessionCookie() });
    },
  },
});
export const action = loader;
