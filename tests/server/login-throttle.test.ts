// Sign-in throttling (docs/decisions/023-sign-in-throttling.md): failures only, counted per (account, address), per
// account for clients it does not know, per address, and per known device; growing waits (1, 2, 4 … seconds after
// the free failures, at most five minutes). A device token from an earlier sign-in, or an address the account signed
// in from before, is never held by failures from elsewhere; a password reset clears the account's failures.
import { describe, expect, it } from "vitest";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import {
  call,
  cookieFrom,
  env,
  jsonCall,
  lastMailTo,
  linkIn,
  makeAdmin,
  PASSWORD,
  postFormFrom,
  registerUser,
  row,
  sessionUser,
  uniqueEmail,
} from "./fixtures";
import { removeUser } from "~/server/services/users.server";
import { DEVICE_COOKIE } from "~/server/auth/session.server";

let n = 0;
const newAddress = () =>
  `10.30.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}-${Math.random().toString(36).slice(2, 6)}`;

const WRONG = "Wrong-Password-Guess-1";

/** A sign-in from `address` (a fresh one by default), with the client's device cookie when it has one. */
async function login(email: string, password: string, address = newAddress(), device?: string | null) {
  const form = new FormData();
  form.set("email", email);
  form.set("password", password);
  const headers: Record<string, string> = { "CF-Connecting-IP": address };
  if (device) headers.Cookie = device;
  const res = await call("/login", { method: "POST", body: form, headers });
  return { status: res.status, text: await res.text(), location: res.headers.get("Location"), res };
}

/** Moves a row's last failure back in time, as if the wait had passed. */
async function age(key: string, ms: number) {
  await env.DB.prepare("UPDATE login_failures SET last_failed_at = last_failed_at - ? WHERE key = ?")
    .bind(ms, key)
    .run();
}

const failuresOf = async (key: string) =>
  (await row<{ failures: number }>("SELECT failures FROM login_failures WHERE key = ?", key))?.failures ?? 0;

const pair = (email: string, address: string) => `pair:${email} ${address}`;

/** The device cookie a successful sign-in set (name=value), or null. */
const deviceOf = (res: Response) => cookieFrom(res, DEVICE_COOKIE);

/**
 * A stranger's failures for the account, each from an address of its own (no address ever waits): the account's
 * ten free failures, after which every unknown client waits. `campaign` more, as if kept up for hours (one every
 * few minutes), are added to the count directly.
 */
async function strangerFails(email: string, campaign = 0) {
  for (let i = 0; i < 10; i++) expect((await login(email, WRONG)).status).toBe(401);
  expect((await login(email, WRONG)).status).toBe(429);
  await env.DB.prepare("UPDATE login_failures SET failures = failures + ? WHERE key = ?")
    .bind(campaign, `account:${email}`)
    .run();
}

/** The words of a wait that a password reset would end. */
const RESET_HINT = "or choose a new password with";

describe("sign-in throttling", () => {
  it("a stranger's failures from other addresses never stop the owner on a known device or at their own address", async () => {
    const u = await registerUser("Worker");
    const home = newAddress();
    const first = await login(u.email, PASSWORD, home);
    expect(first.status).toBe(302);
    const device = deviceOf(first.res)!;
    expect(device).toBeTruthy();

    // a stranger fails for the account from thirty addresses (the account's own wait: five minutes for strangers)
    await strangerFails(u.email, 20);
    expect(await failuresOf(`account:${u.email}`)).toBe(30);
    const stranger = await login(u.email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.text).toMatch(/Too many failed sign-ins\. Please wait (299|300) seconds/);
    expect(stranger.text).toContain(RESET_HINT);

    // the owner's browser, from anywhere: its device cookie lets it past the account's wait
    const fromDevice = await login(u.email, PASSWORD, newAddress(), device);
    expect(fromDevice.status).toBe(302);
    expect(fromDevice.location).toBe("/dashboard/workerhome");
    // the owner's own address, in a browser without the cookie: the account knows the address
    expect((await login(u.email, PASSWORD, home)).status).toBe(302);
  });

  it("failures count per account and address: one address waits, the account's other addresses do not", async () => {
    const u = await registerUser("Buyer");
    const guesser = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(u.email, WRONG, guesser)).status).toBe(401);
    expect(await failuresOf(pair(u.email, guesser))).toBe(5);
    const waiting = await login(u.email, PASSWORD, guesser);
    expect(waiting.status).toBe(429);
    expect(waiting.text).toMatch(/Please wait 1 second/);
    // the REST login shares the count
    const api = await call("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": guesser },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(api.status).toBe(429);
    const body = (await api.json()) as { error: { code: string; retryAfter: number } };
    expect(body.error).toMatchObject({ code: "rate_limited", retryAfter: 1 });
    // five failures are below the account's own free failures: another address signs in
    expect((await login(u.email, PASSWORD)).status).toBe(302);

    await age(pair(u.email, guesser), 1_000);
    expect((await login(u.email, PASSWORD, guesser)).status).toBe(302);
    // the success cleared that address's count for the account
    expect(await failuresOf(pair(u.email, guesser))).toBe(0);
  });

  it("each further failure doubles the wait: 2, 4, 8 … seconds, never more than five minutes", async () => {
    const u = await registerUser("Buyer");
    const address = newAddress();
    const key = pair(u.email, address);
    for (let i = 0; i < 5; i++) expect((await login(u.email, WRONG, address)).status).toBe(401);
    for (const [failures, wait] of [
      [6, 2],
      [7, 4],
      [8, 8],
    ]) {
      await age(key, 600_000);
      expect((await login(u.email, WRONG, address)).status).toBe(401);
      expect(await failuresOf(key)).toBe(failures);
      const r = await login(u.email, PASSWORD, address);
      expect(r.status).toBe(429);
      expect(r.text).toMatch(new RegExp(`wait (${wait}|${wait - 1}) seconds?`));
    }
    await env.DB.prepare("UPDATE login_failures SET failures = 60 WHERE key = ?").bind(key).run();
    const capped = await login(u.email, PASSWORD, address);
    const seconds = Number(/wait (\d+) second/.exec(capped.text)?.[1]);
    expect(seconds).toBeGreaterThan(60);
    expect(seconds).toBeLessThanOrEqual(300);
    await age(key, 300_000);
    expect((await login(u.email, PASSWORD, address)).status).toBe(302);
  });

  it("a known device has a wait of its own: its token does not buy unlimited guesses", async () => {
    const u = await registerUser("Worker");
    const device = deviceOf((await login(u.email, PASSWORD)).res)!;
    for (let i = 0; i < 5; i++) expect((await login(u.email, WRONG, newAddress(), device)).status).toBe(401);
    // the device's failures count as its own, not as a stranger's against the account
    expect(await failuresOf(`account:${u.email}`)).toBe(0);
    expect((await login(u.email, PASSWORD, newAddress(), device)).status).toBe(429);
    // the owner elsewhere is not held by it
    expect((await login(u.email, PASSWORD)).status).toBe(302);
  });

  it("a device cookie counts only for its own account, and only with a good signature", async () => {
    const owner = await registerUser("Worker");
    const other = await registerUser("Worker");
    const ownerDevice = deviceOf((await login(owner.email, PASSWORD)).res)!;
    // a wait of half a minute or more, so that it still holds for the sign-ins below on a busy machine
    await strangerFails(other.email, 4);
    // another account's device cookie, or a forged one, is a stranger's browser
    expect((await login(other.email, PASSWORD, newAddress(), ownerDevice)).status).toBe(429);
    const [name, value] = ownerDevice.split("=");
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    expect((await login(other.email, PASSWORD, newAddress(), forged)).status).toBe(429);
  });

  it("the device cookie is __Host-, HttpOnly, Secure and SameSite=Strict; register and the REST login set it too", async () => {
    const u = await registerUser("Buyer");
    const res = (await login(u.email, PASSWORD)).res;
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(DEVICE_COOKIE.startsWith("__Host-")).toBe(true);
    expect(set).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=\d+$/);
    expect(set).not.toMatch(/Domain=/i);
    const registered = await postFormFrom("/register", {
      name: "New Device",
      email: uniqueEmail("device"),
      password: PASSWORD,
      role: "Worker",
    });
    expect(deviceOf(registered)).toBeTruthy();
    const api = await jsonCall("/auth/login", "POST", { email: u.email, password: PASSWORD });
    expect(api.status).toBe(200);
    expect(deviceOf(api)).toBeTruthy();
    // the answer's body stays { token, user }
    expect(Object.keys((await api.json()) as object).sort()).toEqual(["token", "user"]);
  });

  it("a password reset clears the account's failures: the owner signs in from anywhere at once", async () => {
    const u = await registerUser("Worker");
    await strangerFails(u.email, 5);
    const somewhere = newAddress();
    for (let i = 0; i < 6; i++) await login(u.email, WRONG, somewhere);
    expect((await login(u.email, PASSWORD)).status).toBe(429);
    await postFormFrom("/forgot-password", { email: u.email });
    const link = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    const fresh = "Tidal-Orchard-Lamp-4";
    const done = await postFormFrom("/reset-password", { token: link.searchParams.get("token")!, password: fresh });
    expect(done.status).toBe(302);
    expect(await row("SELECT key FROM login_failures WHERE account = ?", u.email)).toBeNull();
    expect((await login(u.email, fresh)).status).toBe(302);
    expect((await login(u.email, fresh, somewhere)).status).toBe(302);
  });

  it("an address that fails for many e-mails waits too; other addresses do not", async () => {
    const address = newAddress();
    const u = await registerUser("Worker");
    for (let i = 0; i < 20; i++) expect((await login(uniqueEmail("nobody"), WRONG, address)).status).toBe(401);
    // the twentieth failure makes the address wait a second (the free failures are used up)
    const waiting = await login(u.email, PASSWORD, address);
    expect(waiting.status).toBe(429);
    expect(waiting.text).toMatch(/wait 1 second/);
    // an address's wait is not the account's: a reset would not clear it, so the words do not offer one
    expect(waiting.text).not.toContain(RESET_HINT);
    expect((await login(u.email, PASSWORD, newAddress())).status).toBe(302);
    // the success elsewhere does not clear the address: one more failure there, and it waits two seconds
    await env.DB.prepare("UPDATE login_failures SET last_failed_at = ? WHERE key = ?")
      .bind(Date.now() - 60_000, `address:${address}`)
      .run();
    expect((await login(uniqueEmail("nobody"), WRONG, address)).status).toBe(401);
    expect(await failuresOf(`address:${address}`)).toBe(21);
    expect((await login(u.email, PASSWORD, address)).status).toBe(429);
  });

  it("successes are not counted", async () => {
    const u = await registerUser("Worker");
    const address = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(u.email, PASSWORD, address)).status).toBe(302);
    expect(await failuresOf(pair(u.email, address))).toBe(0);
    expect(await failuresOf(`account:${u.email}`)).toBe(0);
    expect(await failuresOf(`address:${address}`)).toBe(0);
  });

  it("'This account has been removed' only after the right password", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const u = await registerUser("Buyer");
    await removeUser(env, admin, u.id, "test: removed");
    const wrong = await login(u.email, WRONG);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Invalid email or password");
    expect(wrong.text).not.toContain("removed");
    const right = await login(u.email, PASSWORD);
    expect(right.status).toBe(401);
    expect(right.text).toContain("This account has been removed");
    const api = await jsonCall("/auth/login", "POST", { email: u.email, password: WRONG });
    expect(await api.text()).not.toContain("removed");
  });

  it("the daily cron drops failures older than a day and addresses unused for 90 days", async () => {
    const u = await registerUser("Worker");
    const address = newAddress();
    await login(u.email, WRONG, address);
    await age(pair(u.email, address), 24 * 3_600_000 + 60_000);
    const known = newAddress();
    expect((await login(u.email, PASSWORD, known)).status).toBe(302);
    const addresses = async () =>
      (await row<{ n: number }>("SELECT COUNT(*) AS n FROM login_addresses WHERE user_id = ?", u.id))!.n;
    expect(await addresses()).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE login_addresses SET last_signed_in_at = last_signed_in_at - ? WHERE user_id = ?")
      .bind(90 * 24 * 3_600_000 + 60_000, u.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "0 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await failuresOf(pair(u.email, address))).toBe(0);
    expect(await failuresOf(`address:${address}`)).toBe(1);
    expect(await addresses()).toBe(0);
  });
});
