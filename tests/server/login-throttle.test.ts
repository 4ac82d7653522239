// Sign-in throttling counts failures only, per e-mail and per address, with growing waits (1, 2, 4 … seconds after
// the free failures, at most five minutes); a success clears the e-mail's count; "removed" is said only to someone
// who gave the right password.
import { describe, expect, it } from "vitest";
import { call, env, jsonCall, PASSWORD, registerUser, row, uniqueEmail } from "./fixtures";
import { removeUser } from "~/server/services/users.server";
import { makeAdmin, sessionUser } from "./fixtures";
import worker from "../../workers/app";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";

let n = 0;
const newAddress = () =>
  `10.30.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}-${Math.random().toString(36).slice(2, 6)}`;

async function login(email: string, password: string, address = newAddress()) {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const res = await call("/login", { method: "POST", body: form, headers: { "CF-Connecting-IP": address } });
  return { status: res.status, text: await res.text(), location: res.headers.get("Location") };
}

/** Moves the last failure of the e-mail (and every address key) back in time, as if the wait had passed. */
async function age(key: string, ms: number) {
  await env.DB.prepare("UPDATE login_failures SET last_failed_at = last_failed_at - ? WHERE key = ?")
    .bind(ms, key)
    .run();
}

const failuresOf = async (key: string) =>
  (await row<{ failures: number }>("SELECT failures FROM login_failures WHERE key = ?", key))?.failures ?? 0;

describe("sign-in throttling", () => {
  it("five wrong passwords for an e-mail, from anywhere, make the next attempt wait, even with the right one", async () => {
    const u = await registerUser("Worker");
    for (let i = 0; i < 5; i++) {
      const r = await login(u.email, "Wrong!pass1");
      expect(r.status, `failure ${i + 1}`).toBe(401);
      expect(r.text).toContain("Invalid email or password");
    }
    const waiting = await login(u.email, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.text).toMatch(/Too many failed sign-ins\. Please wait 1 second/);
    // the REST login shares the count
    const api = await call("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newAddress() },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(api.status).toBe(429);
    const body = (await api.json()) as { error: { code: string; retryAfter: number } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.retryAfter).toBe(1);

    await age(`email:${u.email}`, 1_000);
    const ok = await login(u.email, PASSWORD);
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/dashboard/workerhome");
    // the success cleared the e-mail's count: a wrong password is an ordinary failure again
    expect(await failuresOf(`email:${u.email}`)).toBe(0);
    expect((await login(u.email, "Wrong!pass1")).status).toBe(401);
    expect((await login(u.email, PASSWORD)).status).toBe(302);
  });

  it("each further failure doubles the wait: 2, 4, 8 … seconds, never more than five minutes", async () => {
    const u = await registerUser("Buyer");
    const key = `email:${u.email}`;
    for (let i = 0; i < 5; i++) expect((await login(u.email, "Wrong!pass1")).status).toBe(401);
    for (const [failures, wait] of [
      [6, 2],
      [7, 4],
      [8, 8],
    ]) {
      await age(key, 600_000);
      expect((await login(u.email, "Wrong!pass1")).status).toBe(401);
      expect(await failuresOf(key)).toBe(failures);
      const r = await login(u.email, PASSWORD);
      expect(r.status).toBe(429);
      expect(r.text).toMatch(new RegExp(`wait (${wait}|${wait - 1}) seconds?`));
    }
    await env.DB.prepare("UPDATE login_failures SET failures = 60 WHERE key = ?").bind(key).run();
    const capped = await login(u.email, PASSWORD);
    const seconds = Number(/wait (\d+) second/.exec(capped.text)?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(300);
    await age(key, 300_000);
    expect((await login(u.email, PASSWORD)).status).toBe(302);
  });

  it("a stranger's failures do not lock the owner out for long, and a day later they are forgotten", async () => {
    const u = await registerUser("Worker");
    const key = `email:${u.email}`;
    for (let i = 0; i < 30; i++) {
      await login(u.email, "Wrong!pass1");
      await age(key, 600_000);
    }
    // thirty failures: the wait is still at most five minutes
    await env.DB.prepare("UPDATE login_failures SET last_failed_at = ? WHERE key = ?").bind(Date.now(), key).run();
    const waiting = await login(u.email, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(Number(/wait (\d+) second/.exec(waiting.text)?.[1])).toBeLessThanOrEqual(300);
    await age(key, 24 * 3_600_000 + 1_000);
    expect((await login(u.email, "Wrong!pass1")).status).toBe(401);
    expect(await failuresOf(key)).toBe(1);
  });

  it("an address that fails for many e-mails waits too; other addresses do not", async () => {
    const address = newAddress();
    const u = await registerUser("Worker");
    for (let i = 0; i < 20; i++) expect((await login(uniqueEmail("nobody"), "Wrong!pass1", address)).status).toBe(401);
    // the twentieth failure makes the address wait a second (the free failures are used up)
    const waiting = await login(u.email, PASSWORD, address);
    expect(waiting.status).toBe(429);
    expect(waiting.text).toMatch(/wait 1 second/);
    expect((await login(u.email, PASSWORD, newAddress())).status).toBe(302);
    // the success elsewhere does not clear the address: one more failure there, and it waits two seconds
    await env.DB.prepare("UPDATE login_failures SET last_failed_at = ? WHERE key = ?")
      .bind(Date.now() - 60_000, `address:${address}`)
      .run();
    expect((await login(uniqueEmail("nobody"), "Wrong!pass1", address)).status).toBe(401);
    expect(await failuresOf(`address:${address}`)).toBe(21);
    expect((await login(u.email, PASSWORD, address)).status).toBe(429);
  });

  it("successes are not counted", async () => {
    const u = await registerUser("Worker");
    const address = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(u.email, PASSWORD, address)).status).toBe(302);
    expect(await failuresOf(`email:${u.email}`)).toBe(0);
    expect(await failuresOf(`address:${address}`)).toBe(0);
  });

  it("'This account has been removed' only after the right password", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const u = await registerUser("Buyer");
    await removeUser(env, admin, u.id, "test: removed");
    const wrong = await login(u.email, "Wrong!pass1");
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Invalid email or password");
    expect(wrong.text).not.toContain("removed");
    const right = await login(u.email, PASSWORD);
    expect(right.status).toBe(401);
    expect(right.text).toContain("This account has been removed");
    const api = await jsonCall("/auth/login", "POST", { email: u.email, password: "Wrong!pass1" });
    expect(await api.text()).not.toContain("removed");
  });

  it("the daily cron drops failures older than a day", async () => {
    const u = await registerUser("Worker");
    const address = newAddress();
    await login(u.email, "Wrong!pass1", address);
    await age(`email:${u.email}`, 24 * 3_600_000 + 60_000);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "0 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await failuresOf(`email:${u.email}`)).toBe(0);
    expect(await failuresOf(`address:${address}`)).toBe(1);
  });
});
