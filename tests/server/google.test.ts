// Google sign-in (OIDC code flow with PKCE, state and nonce) against a real local OIDC provider.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import {
  BASE,
  call,
  cookieFrom,
  env,
  expectRedirect,
  getPage,
  PASSWORD,
  postForm,
  registerUser,
  row,
  uniqueEmail,
} from "./fixtures";
import worker from "../../workers/app";
import { finishGoogleSignIn, startGoogleSignIn } from "~/server/auth/google.server";
import { signInWithVerifiedEmail, TAKEN_OVER } from "~/server/services/accounts.server";
import { identify } from "~/server/auth/session.server";

const googleEnv = () => ({
  ...env,
  GOOGLE_CLIENT_ID: "coinwork-test-client",
  GOOGLE_CLIENT_SECRET: "s3cret",
  GOOGLE_ISSUER: inject("oidcIssuer"),
});

/**
 * An ID token from the provider, for its default person or for `email`; `emailVerified` "false" or "absent" makes
 * Google say the address is not verified, or say nothing about it.
 */
async function idToken(email?: string, emailVerified?: "false" | "absent") {
  const { e, cookie, callback } = await authorize();
  const code = new URL(callback).searchParams.get("code")!;
  const verifier = cookie.split("=")[1].split(".")[1];
  const res = await fetch(`${inject("oidcIssuer")}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      client_id: "coinwork-test-client",
      code_verifier: verifier,
      redirect_uri: "https://coinwork.test/auth/google/callback",
      ...(email ? { email } : {}),
      ...(emailVerified ? { email_verified: emailVerified } : {}),
    }),
  });
  const { id_token } = (await res.json()) as { id_token: string };
  return { e, id_token };
}

/** The worker's fetch with Google configured (the test worker itself has no Google client). */
async function callWithGoogle(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, BASE), init) as Request<unknown, IncomingRequestCfProperties>,
    googleEnv(),
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

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
    expectRedirect(res, "/login");
    const flash = decodeURIComponent(res.headers.getSetCookie().find((c) => c.startsWith("cw_flash="))!);
    expect(flash).toContain("Google sign-in is not set up on this server");
  });

  it("a first sign-in creates a Worker with 10 coins and the Google name and photo; the next signs in with the role", async () => {
    const { e, cookie, callback } = await authorize();
    const profile = await finishGoogleSignIn(e, new Request(callback, { headers: { Cookie: cookie } }));
    const first = await signInWithVerifiedEmail(e, profile);
    expect(first.user).toMatchObject({
      role: "Worker",
      coin: 10,
      name: "Grace Google",
      email: "google.person@coinwork.test",
    });
    expect(first.user.photo).toContain("googleusercontent");
    await env.DB.prepare("UPDATE users SET role = 'Buyer' WHERE id = ?").bind(first.user.id).run();
    const again = await authorize();
    const second = await signInWithVerifiedEmail(
      again.e,
      await finishGoogleSignIn(again.e, new Request(again.callback, { headers: { Cookie: again.cookie } })),
    );
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.role).toBe("Buyer");
    expect(second.user.coin).toBe(10);
  });

  it("comes back to the page that asked (the API keys page's 'Sign in again'), never to another site", async () => {
    // the provider's person is a Worker or (after another test) a Buyer: another site sends them to their home
    for (const [asked, landed] of [
      ["/dashboard/settings", /^\/dashboard\/settings$/],
      ["https://evil.example/x", /^\/dashboard\/(worker|buyer)home$/],
    ] as const) {
      const form = new FormData();
      form.append("redirectTo", asked);
      const start = await callWithGoogle("/auth/google", { method: "POST", body: form });
      expect(start.status).toBe(302);
      const cookie = start.headers.get("Set-Cookie")!.split(";")[0];
      const consent = await fetch(start.headers.get("Location")!, { redirect: "manual" });
      const back = new URL(consent.headers.get("Location")!);
      const done = await callWithGoogle(`${back.pathname}${back.search}`, { headers: { Cookie: cookie } });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toMatch(landed);
    }
  });

  it("refuses a callback whose state does not match", async () => {
    const { e, callback } = await authorize();
    await expect(
      finishGoogleSignIn(e, new Request(callback, { headers: { Cookie: "cw_oidc=forged.verifier.nonce" } })),
    ).rejects.toThrow(/expired/);
  });

  it("the REST API accepts the provider's ID token as a Bearer token for an existing account", async () => {
    const { e, id_token } = await idToken();
    const who = await identify(
      new Request("https://coinwork.test/auth/logout", { headers: { Authorization: `Bearer ${id_token}` } }),
      e,
    );
    expect(who.user?.email).toBe("google.person@coinwork.test");
    const nobody = await identify(
      new Request("https://coinwork.test/", { headers: { Authorization: `Bearer ${id_token}x` } }),
      e,
    );
    expect(nobody.user).toBeNull();
    // the worker itself, without Google configured, refuses the foreign token
    expect(
      (await call("/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${id_token}` } })).status,
    ).toBe(401);
  });

  it("POST /users makes the record of a first sign-in from its verified ID token: a Worker with 10 coins, once", async () => {
    const email = uniqueEmail("nadia");
    const { id_token } = await idToken(email);
    const post = (body: unknown) =>
      callWithGoogle("/users", {
        method: "POST",
        headers: { Authorization: `Bearer ${id_token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    // not your e-mail: refused, nothing made
    const other = await post({ email: uniqueEmail("someone-else"), role: "Worker" });
    expect(other.status).toBe(403);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(0);

    // the client's role, coin and photo are ignored: a Worker with the sign-up coins and the token's name
    const first = await post({
      email,
      name: "Someone",
      role: "Admin",
      coin: 1_000_000,
      photo: "https://evil.example/x.png",
    });
    expect(first.status).toBe(201);
    const made = (await first.json()) as { email: string; role: string; coin: number; name: string; photo: string };
    expect(made).toMatchObject({ email, role: "Worker", coin: 10, name: "Nadia New" });
    expect(made.photo).toContain("googleusercontent");
    const ledger = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(l.delta) AS coins FROM coin_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ?",
    )
      .bind(email)
      .first<{ n: number; coins: number }>();
    expect(ledger).toEqual({ n: 1, coins: 10 });

    // the same token again is the existing record, and works for the other endpoints
    const again = await post({ email });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { email: string }).email).toBe(email);
    const mine = await callWithGoogle(`/users?email=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${id_token}` },
    });
    expect(mine.status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);

    // a tampered token makes nothing
    const forged = await callWithGoogle("/users", {
      method: "POST",
      headers: { Authorization: `Bearer ${id_token}x`, "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(forged.status).toBe(401);
  });

  it("a removed account is not made again by POST /users", async () => {
    const email = uniqueEmail("removed-nadia");
    const { id_token } = await idToken(email);
    const post = () =>
      callWithGoogle("/users", {
        method: "POST",
        headers: { Authorization: `Bearer ${id_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
    expect((await post()).status).toBe(201);
    await env.DB.prepare("UPDATE users SET disabled_at = datetime('now') WHERE email = ?").bind(email).run();
    expect((await post()).status).toBe(401);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(1);
  });

  it("a token without email_verified: true is no identity: it signs in to nothing and makes no account", async () => {
    const email = uniqueEmail("unproven");
    for (const claim of ["false", "absent"] as const) {
      const { id_token } = await idToken(email, claim);
      const made = await callWithGoogle("/users", {
        method: "POST",
        headers: { Authorization: `Bearer ${id_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(made.status, claim).toBe(401);
      const who = await identify(
        new Request("https://coinwork.test/users", { headers: { Authorization: `Bearer ${id_token}` } }),
        googleEnv(),
      );
      expect(who, claim).toEqual({ user: null, presented: true });
    }
    expect(await row("SELECT id FROM users WHERE email = ?", email)).toBeNull();

    // an existing verified account is not reachable with such a token either
    const owner = await registerUser("Buyer");
    const { id_token } = await idToken(owner.email, "false");
    const mine = await callWithGoogle(`/users?email=${encodeURIComponent(owner.email)}`, {
      headers: { Authorization: `Bearer ${id_token}` },
    });
    expect(mine.status).toBe(401);
  });

  it("a first Google sign-in takes over an unverified password account: the squatter's password and sessions end", async () => {
    const squatter = await registerUser("Buyer", "Sam Squatter", { verified: false });
    const { id_token } = await idToken(squatter.email);
    const bearer = { Authorization: `Bearer ${id_token}` };

    // before the owner signs in, their token does not open the squatter's account
    const early = await callWithGoogle(`/users?email=${encodeURIComponent(squatter.email)}`, { headers: bearer });
    expect(early.status).toBe(401);

    const taken = await callWithGoogle("/users", {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ email: squatter.email }),
    });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ email: squatter.email, name: "Nadia New", role: "Buyer" });
    const account = await row<{ id: string; password_hash: string | null; email_verified_at: number | null }>(
      "SELECT id, password_hash, email_verified_at FROM users WHERE email = ?",
      squatter.email,
    );
    expect(account).toMatchObject({ id: squatter.id, password_hash: null });
    expect(account!.email_verified_at).not.toBeNull();

    // the squatter's password no longer signs in, and their session is over
    const login = await postForm("/login", { email: squatter.email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(cookieFrom(login)).toBeNull();
    expect((await getPage("/dashboard/buyerhome", squatter.cookie)).headers.get("Location")).toContain("/login");
    // the owner is told why, and their token now works on the other endpoints
    expect(
      await row("SELECT 1 FROM notifications WHERE user_id = ? AND message = ?", squatter.id, TAKEN_OVER),
    ).not.toBeNull();
    const mine = await callWithGoogle(`/users?email=${encodeURIComponent(squatter.email)}`, { headers: bearer });
    expect(mine.status).toBe(200);
  });

  it("a verified password account is signed in to by Google as it is: its password keeps working", async () => {
    const owner = await registerUser("Worker", "Vera Verified");
    const { id_token } = await idToken(owner.email);
    const res = await callWithGoogle("/users", {
      method: "POST",
      headers: { Authorization: `Bearer ${id_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: owner.email, name: "Vera Verified" });
    expect((await postForm("/login", { email: owner.email, password: PASSWORD })).status).toBe(302);
    expect((await getPage("/dashboard/workerhome", owner.cookie)).status).toBe(200);
  });
});
