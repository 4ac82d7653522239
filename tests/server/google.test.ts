// Google sign-in (OIDC code flow with PKCE, state and nonce) against a real local OIDC provider.
import { describe, expect, inject, it } from "vitest";
import { call, env, postForm } from "./helpers";
import { finishGoogleSignIn, startGoogleSignIn } from "~/server/auth/google.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { identify } from "~/server/auth/session.server";

const googleEnv = () => ({ ...env, GOOGLE_CLIENT_ID: "coinwork-test-client", GOOGLE_CLIENT_SECRET: "s3cret", GOOGLE_ISSUER: inject("oidcIssuer") });

async function authorize() {
  const e = googleEnv();
  const start = await startGoogleSignIn(e, new Request("https://coinwork.test/auth/google", { method: "POST" }));
  expect(start.status).toBe(302);
  const authUrl = new URL(start.headers.get("Location")!);
  expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
  const cookie = start.headers.get("Set-Cookie")!.split(";")[0];
  // the provider signs the person in and redirects back with a code
  const consent = await fetch(authUrl, { redirect: "manual" });
  const callback = consent.headers.get("Location")!;
  expect(callback).toContain("/auth/google/callback?code=");
  return { e, cookie, callback };
}

describe("Google sign-in", () => {
  it("says it is not set up when no client is configured", async () => {
    const res = await postForm("/auth/google", {});
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
    const flash = decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith("cw_flash="))!);
    expect(flash).toContain("Google sign-in is not set up on this server");
  });

  it("a first sign-in creates a Worker with 10 coins and the Google name and photo; the next signs in with the role", async () => {
    const { e, cookie, callback } = await authorize();
    const profile = await finishGoogleSignIn(e, new Request(callback, { headers: { Cookie: cookie } }));
    const first = await signInWithVerifiedEmail(e, profile);
    expect(first.user).toMatchObject({ role: "Worker", coin: 10, name: "Grace Google", email: "google.person@coinwork.test" });
    expect(first.user.photo).toContain("googleusercontent");
    await env.DB.prepare("UPDATE users SET role = 'Buyer' WHERE id = ?").bind(first.user.id).run();
    const again = await authorize();
    const second = await signInWithVerifiedEmail(again.e, await finishGoogleSignIn(again.e, new Request(again.callback, { headers: { Cookie: again.cookie } })));
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.role).toBe("Buyer");
    expect(second.user.coin).toBe(10);
  });

  it("refuses a callback whose state does not match", async () => {
    const { e, callback } = await authorize();
    await expect(finishGoogleSignIn(e, new Request(callback, { headers: { Cookie: "cw_oidc=forged.verifier.nonce" } }))).rejects.toThrow(/expired/);
  });

  it("the REST API accepts the provider's ID token as a Bearer token for an existing account", async () => {
    const issuer = inject("oidcIssuer");
    const { e, cookie, callback } = await authorize();
    const code = new URL(callback).searchParams.get("code")!;
    const verifier = cookie.split("=")[1].split(".")[1];
    const idRes = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, client_id: "coinwork-test-client", code_verifier: verifier, redirect_uri: "https://coinwork.test/auth/google/callback" }),
    });
    const { id_token } = (await idRes.json()) as { id_token: string };
    const who = await identify(new Request("https://coinwork.test/auth/logout", { headers: { Authorization: `Bearer ${id_token}` } }), e);
    expect(who.user?.email).toBe("google.person@coinwork.test");
    const nobody = await identify(new Request("https://coinwork.test/", { headers: { Authorization: `Bearer ${id_token}x` } }), e);
    expect(nobody.user).toBeNull();
    // the worker itself, without Google configured, refuses the foreign token
    expect((await call("/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${id_token}` } })).status).toBe(401);
  });
});
