// Settings that must not reach production (issue 23): development and test settings are believed only on this
// machine, production needs APP_ORIGIN and a QUESTION_ORIGIN of its own and refuses RATE_LIMIT_OFF and PASSWORD_ROUNDS, all checked at the door of every request (and of
// the Cron Trigger); and what is kept for every visitor: a cached public page carries no visitor's time zone, and the
// zones a Worker remembers are bounded by their canonical names.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { BASE, env, getPage, htmlOf, productionEnv, registerUser, uniqueToken } from "./fixtures";
import { TIME_ZONE_COOKIE, KNOWN_ZONES_LIMIT, knownZoneCount, validTimeZone } from "~/lib/time-zone";
import { rateLimit } from "~/server/services/rate-limit.server";
import { passwordRounds, questionOrigin } from "~/server/environment.server";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { NOTHING_HERE } from "~/server/mturk/question-frame.server";

async function fetchWith(overrides: Partial<Env>, url: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(new URL(url, BASE), { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** Production's settings over the suite's, on origins of this file's own */
const production = productionEnv({
  APP_ORIGIN: "https://coinwork.example",
  QUESTION_ORIGIN: "https://coinwork-questions.example",
});

afterEach(() => vi.restoreAllMocks());

describe("settings refused where they would be unsafe", () => {
  it("production without APP_ORIGIN (or with one that is not an origin) answers 500 and says why in the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const APP_ORIGIN of [undefined, "", "coinwork.example", "https://coinwork.example/app"]) {
      const res = await fetchWith({ ...production, APP_ORIGIN }, "https://coinwork.example/");
      expect(res.status, String(APP_ORIGIN)).toBe(500);
      expect(await res.text()).toBe("This server is not configured yet.");
    }
    expect(errors.mock.calls.every((c) => /APP_ORIGIN is not set/.test(String(c[0])))).toBe(true);
    const ok = await fetchWith(production, "https://coinwork.example/");
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });

  it("production without QUESTION_ORIGIN, or with one on APP_ORIGIN's domain, answers 500 and says why in the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const QUESTION_ORIGIN of [
      undefined,
      "",
      "coinwork-questions.example",
      "https://coinwork-questions.example/q",
      "https://coinwork.example",
      "https://questions.coinwork.example",
      "https://example",
    ]) {
      const res = await fetchWith({ ...production, QUESTION_ORIGIN }, "https://coinwork.example/");
      expect(res.status, String(QUESTION_ORIGIN)).toBe(500);
      expect(await res.text()).toBe("This server is not configured yet.");
    }
    expect(errors.mock.calls).toHaveLength(7);
    expect(errors.mock.calls.every((c) => /QUESTION_ORIGIN/.test(String(c[0])))).toBe(true);
  });

  it("QUESTION_ORIGIN is where questions are framed from, and it serves nothing of the app", async () => {
    const request = new Request("https://coinwork.example/dashboard/tasklist/x");
    expect(questionOrigin(production, request)).toBe("https://coinwork-questions.example");
    // locally, without it: the same server under another site's name
    expect(questionOrigin({}, new Request("http://127.0.0.1:5173/x"))).toBe("http://questions.localhost:5173");
    for (const path of ["/", "/login", "/mturk", "/dashboard/workerhome"]) {
      const res = await fetchWith(production, `https://coinwork-questions.example${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe(NOTHING_HERE);
    }
    const app = await fetchWith(production, "https://coinwork.example/login");
    expect(app.status).toBe(200);
    await app.arrayBuffer();
  });

  it("RATE_LIMIT_OFF is refused in production, and ignored by the rate limits there", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await fetchWith({ ...production, RATE_LIMIT_OFF: "1" }, "https://coinwork.example/login");
    expect(res.status).toBe(500);
    expect(String(errors.mock.calls[0][0])).toMatch(/RATE_LIMIT_OFF is set/);
    // a service called with such settings still counts (the door is not the only lock)
    const key = `probe:${uniqueToken()}`;
    const settings = { ...env, ...production, RATE_LIMIT_OFF: "1" };
    await rateLimit(settings, key, 1, 60);
    await expect(rateLimit(settings, key, 1, 60)).rejects.toThrow(/Too many attempts/);
  });

  it("PASSWORD_ROUNDS is refused in production, believed only under test and from 1,000 to 100,000", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await fetchWith({ ...production, PASSWORD_ROUNDS: "1000" }, "https://coinwork.example/login");
    expect(res.status).toBe(500);
    expect(String(errors.mock.calls[0][0])).toMatch(/PASSWORD_ROUNDS is set/);
    for (const APP_ENV of ["production", "development", undefined])
      expect(passwordRounds({ APP_ENV, PASSWORD_ROUNDS: "1000" }), String(APP_ENV)).toBe(100_000);
    for (const PASSWORD_ROUNDS of [undefined, "", "999", "100001", "1500.5", "many"])
      expect(passwordRounds({ APP_ENV: "test", PASSWORD_ROUNDS }), String(PASSWORD_ROUNDS)).toBe(100_000);
    expect(passwordRounds({ APP_ENV: "test", PASSWORD_ROUNDS: "1000" })).toBe(1000);
    // a hash names its rounds: one made at 100,000 verifies wherever fewer are asked for new ones
    const full = await hashPassword("correct horse battery");
    expect(full).toMatch(/^pbkdf2\$100000\$/);
    expect(await verifyPassword("correct horse battery", full, 1000)).toBe(true);
    expect(await verifyPassword("correct horse batter", full, 1000)).toBe(false);
    // and the suite's own accounts take the suite's setting (vitest.config.ts)
    const made = await registerUser("Worker");
    const stored = await env.DB.prepare("SELECT password_hash AS hash FROM users WHERE id = ?").bind(made.id).first();
    expect(String(stored?.hash)).toMatch(/^pbkdf2\$1000\$/);
  });

  it("APP_ENV test or development is refused on a public host, believed on this machine", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const APP_ENV of ["test", "development"]) {
      const res = await fetchWith({ APP_ENV }, "https://coinwork.example/dev/mail");
      expect(res.status, APP_ENV).toBe(500);
      expect(await res.text()).not.toContain("mail");
    }
    expect(errors.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/APP_ENV is "test" on coinwork\.example/);
    for (const url of [
      "http://localhost:5173/dev/mail",
      "http://127.0.0.1:4000/dev/mail",
      "https://coinwork.test/dev/mail",
    ]) {
      const res = await fetchWith({ APP_ENV: "test" }, url);
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("the Cron Trigger does no work with development settings meant for a public host", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ctx = createExecutionContext();
    await worker.scheduled!(
      createScheduledController({ scheduledTime: Date.now(), cron: "0 3 * * *" }),
      { ...env, APP_ENV: "test", APP_ORIGIN: "https://coinwork.example" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/APP_ENV is "test" on coinwork\.example/);
  });
});

describe("what is kept for every visitor", () => {
  it("a cached public page is rendered in no visitor's zone; a signed-in page in the visitor's own", async () => {
    const path = `/faq?probe=${uniqueToken()}`;
    const res = await getPage(path, `${TIME_ZONE_COOKIE}=${encodeURIComponent("Asia/Tokyo")}`);
    expect(res.status).toBe(200);
    const html = await htmlOf(res);
    expect(html).not.toContain("Asia/Tokyo");
    // the next visitor gets that copy from the cache, with nobody's zone in it either
    expect(await htmlOf(await getPage(path))).not.toContain("Asia/Tokyo");
    // a page made for one visitor still says their zone (the login page is never cached)
    const own = await getPage("/login", `${TIME_ZONE_COOKIE}=${encodeURIComponent("Asia/Tokyo")}`);
    expect(await htmlOf(own)).toContain("Asia/Tokyo");
  });

  it("the zones a Worker remembers are keyed by their canonical names, so no spelling grows them", () => {
    expect(validTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    const before = knownZoneCount();
    // Intl accepts every mix of cases of a name: each is answered with the canonical name and none is kept
    const spellings = new Set<string>();
    for (let i = 0; spellings.size < 300; i++) {
      const spelled = [..."asia/tokyo"].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join("");
      spellings.add(spelled);
    }
    for (const s of spellings) expect(validTimeZone(s)).toBe("Asia/Tokyo");
    expect(knownZoneCount()).toBe(before);
    // every zone Intl knows fits under the bound
    for (const zone of Intl.supportedValuesOf("timeZone")) validTimeZone(zone);
    expect(knownZoneCount()).toBeLessThanOrEqual(KNOWN_ZONES_LIMIT);
    expect(validTimeZone("Not/AZone")).toBeNull();
  });
});
