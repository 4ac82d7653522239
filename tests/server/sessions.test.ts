// The session signing key: production refuses to run without SESSION_JWK (a key made up per instance would end
// sessions at random and differ between instances); development and test make a throwaway key and warn.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { createSessionToken } from "~/server/auth/session.server";
import { BASE, call, env, getPage, PASSWORD, postForm, productionEnv, registerUser } from "./fixtures";

async function fetchWith(overrides: Partial<Env>, path = "/") {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(new URL(path, BASE), { redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

afterEach(() => vi.restoreAllMocks());

describe("the session key", () => {
  it.each([
    ["production", "production"],
    ["APP_ENV missing", undefined],
    ["an unknown APP_ENV", "staging"],
  ])("without SESSION_JWK, %s answers 500 and says why in one log line", async (_label, appEnv) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const path of ["/", "/login", "/categories"]) {
      const res = await fetchWith({ APP_ENV: appEnv, SESSION_JWK: undefined }, path);
      expect(res.status, path).toBe(500);
      expect(await res.text(), path).not.toMatch(/SESSION_JWK|stack|at /);
    }
    const lines = errors.mock.calls.map((c) => c.map(String).join(" "));
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^SESSION_JWK is not set: refusing to start sessions/);
    // nor does any code path sign with a key of its own
    await expect(
      createSessionToken({ ...env, APP_ENV: appEnv, SESSION_JWK: undefined }, { id: "x", sessionVersion: 0 }),
    ).rejects.toThrow(/SESSION_JWK is not set/);
  });

  it("with SESSION_JWK, production serves pages and sessions", async () => {
    const u = await registerUser("Worker");
    const home = await fetchWith(productionEnv(), "/");
    expect(home.status).toBe(200);
    await home.arrayBuffer();
    const ctx = createExecutionContext();
    const page = await worker.fetch!(
      new Request(new URL("/dashboard/workerhome", BASE), { headers: { Cookie: u.cookie } }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      productionEnv(),
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
  });

  it.each(["development", "test"])(
    "in %s without a key, an ephemeral key signs sessions, with a warning",
    async (appEnv) => {
      const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const local = { ...env, APP_ENV: appEnv, SESSION_JWK: undefined };
      const token = await createSessionToken(local, { id: "someone", sessionVersion: 0 });
      expect(token.split(".")).toHaveLength(3);
      const res = await fetchWith({ APP_ENV: appEnv, SESSION_JWK: undefined }, "/");
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(warnings.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/SESSION_JWK is not set/);
    },
  );
});

describe("the session cookie", () => {
  it("is __Host-cw_session: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax", async () => {
    const u = await registerUser("Buyer");
    const res = await postForm("/login", { email: u.email, password: PASSWORD });
    expect(res.status).toBe(302);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("__Host-cw_session="));
    expect(set, res.headers.getSetCookie().join("\n")).toBeDefined();
    const attributes = set!.split(/;\s*/).slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", "Secure", "HttpOnly", "SameSite=Lax"]));
    expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    // and it signs in
    const cookie = set!.split(";")[0];
    expect((await getPage("/dashboard/buyerhome", cookie)).status).toBe(200);
  });

  it("a cookie under the old name no longer signs anyone in (they sign in again)", async () => {
    const u = await registerUser("Worker");
    const old = await getPage("/dashboard/workerhome", `cw_session=${u.token}`);
    expect(old.status).toBe(302);
    expect(old.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("logout clears the cookie under its own name", async () => {
    const u = await registerUser("Worker");
    const out = await call("/logout", { method: "POST", headers: { Cookie: `__Host-cw_session=${u.token}` } });
    expect(out.status).toBe(302);
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith("__Host-cw_session="));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/Path=\//);
    expect(cleared).toMatch(/Secure/);
  });
});
