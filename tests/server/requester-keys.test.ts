// Requester keys follow their owner's trust (docs/mturk.md, "Keys"): creating one asks for the current password (an
// account without one: a sign-in of the last minutes) and e-mails the owner; a buyer holds at most 10 live keys;
// a password reset or change, "Sign out everywhere", the end of the account and a role change away from Buyer revoke
// every key; and a key signs only while its owner is a live, verified Buyer. Keys are checked by the real AWS SDK.
import { describe, expect, it } from "vitest";
import { GetAccountBalanceCommand } from "@aws-sdk/client-mturk";
import {
  BASE,
  call,
  cookieFrom,
  env,
  expectRedirect,
  funded,
  htmlOf,
  lastMailTo,
  linkIn,
  mailTo,
  makeAdmin,
  PASSWORD,
  postForm,
  postFormFrom,
  row,
  sessionUser,
  uniqueEmail,
  type TestUser,
} from "./fixtures";
import { mturkClient, requester } from "./fixtures/mturk";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { changePassword } from "~/server/services/passwords.server";
import { closeAccount } from "~/server/services/own-account.server";
import { changeRole, removeUser } from "~/server/services/users.server";
import { createRequesterKey, revokeRequesterKey } from "~/server/services/requester-keys.server";
import { WRONG_PASSWORD } from "~/server/services/passwords.server";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { refusal as appRefusal } from "~/server/errors";
import { MAX_LIVE_KEYS, RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN, TOO_MANY_KEYS } from "~/lib/schemas/requester-keys";
import { ENTER_CURRENT_PASSWORD } from "~/lib/schemas/auth";

const NEW_PASSWORD = "Quartz-Harbour-Lilac-9";
const KEY_MAIL = "A requester API key was created";

const revokedAt = async (key: string) =>
  (await row<{ revoked_at: number | null }>("SELECT revoked_at FROM requester_keys WHERE access_key_id = ?", key))!
    .revoked_at;
const liveKeys = async (userId: string) =>
  (await row<{ n: number }>(
    "SELECT COUNT(*) AS n FROM requester_keys WHERE user_id = ? AND revoked_at IS NULL",
    userId,
  ))!.n;

/** Whether the key still signs: GetAccountBalance through the SDK answers, or is refused as an unknown key. */
async function keyWorks(key: string, secret: string): Promise<boolean> {
  try {
    await mturkClient(key, secret).send(new GetAccountBalanceCommand({}));
    return true;
  } catch (e) {
    expect((e as { name: string }).name).toBe("UnrecognizedClientException");
    return false;
  }
}

/** "Create a key" on the page, as a form without JavaScript posts it. */
const createOnPage = (buyer: TestUser, fields: Record<string, string>) =>
  postForm("/dashboard/apikeys?create", fields, buyer.cookie);

/** A buyer whose account has no password: made by a Google sign-in (a Worker), then made a Buyer by an admin. */
async function googleOnlyBuyer() {
  const email = uniqueEmail("google-buyer");
  const signedIn = await signInWithVerifiedEmail(env, { email, name: "Grace Google", photo: null });
  const admin = await makeAdmin();
  await changeRole(env, await sessionUser(admin.id), signedIn.user.id, "Buyer");
  return { id: signedIn.user.id, email, cookie: `${SESSION_COOKIE}=${signedIn.token}` };
}

describe("creating a requester key", () => {
  it("asks for the current password: none or a wrong one makes no key; the right one makes one and e-mails the owner", async () => {
    const buyer = await funded("Buyer", 50);
    const page = await htmlOf(await call("/dashboard/apikeys", { headers: { Cookie: buyer.cookie } }));
    expect(page).toContain('name="currentPassword"');

    const missing = await createOnPage(buyer, {});
    expect(missing.status).toBe(422);
    expect(await htmlOf(missing)).toContain(ENTER_CURRENT_PASSWORD);
    const wrong = await createOnPage(buyer, { currentPassword: "Not-My-Password-1" });
    expect(wrong.status).toBe(422);
    expect(await htmlOf(wrong)).toContain(WRONG_PASSWORD);
    expect(await liveKeys(buyer.id)).toBe(0);
    expect((await mailTo(buyer.email)).some((m) => m.subject === KEY_MAIL)).toBe(false);

    const made = await createOnPage(buyer, { currentPassword: PASSWORD });
    expect(made.status).toBe(200);
    const html = await htmlOf(made);
    const key = /data-testid="new-key-id"[^>]*>(AKCW[A-Z2-7]{16})</.exec(html)?.[1];
    const secret = /data-testid="new-key-secret"[^>]*>([^<]{40})</.exec(html)?.[1];
    expect(key).toBeDefined();
    expect(await keyWorks(key!, secret!)).toBe(true);

    const letter = await lastMailTo(buyer.email, KEY_MAIL);
    expect(letter.text).toContain(key);
    expect(letter.text).not.toContain(secret);
    expect(linkIn(letter, "/dashboard/apikeys")).toBe(`${BASE}/dashboard/apikeys`);
  });

  it("an account without a password makes a key only in the minutes after signing in, else is asked to sign in again", async () => {
    const buyer = await googleOnlyBuyer();
    const user = await sessionUser(buyer.id);
    const stale = Date.now() - (RECENT_SIGN_IN_MINUTES * 60_000 + 1_000);
    for (const signedInAt of [null, stale]) {
      const refused = await createRequesterKey(env, user, { signedInAt, origin: BASE }).catch((e: unknown) => e);
      expect(appRefusal(refused)).toMatchObject({ status: 403, message: SIGN_IN_AGAIN });
    }
    expect(await liveKeys(buyer.id)).toBe(0);

    // the session the Google sign-in just made: the page asks for no password, and its form makes the key
    const page = await htmlOf(await call("/dashboard/apikeys", { headers: { Cookie: buyer.cookie } }));
    expect(page).not.toContain('name="currentPassword"');
    expect(page).toContain("Create a key");
    const made = await postForm("/dashboard/apikeys?create", {}, buyer.cookie);
    expect(made.status).toBe(200);
    expect(await htmlOf(made)).toContain('data-testid="new-key-id"');
    expect(await liveKeys(buyer.id)).toBe(1);
    await lastMailTo(buyer.email, KEY_MAIL);
  });

  it(`holds at most ${MAX_LIVE_KEYS} live keys; revoking one makes room`, async () => {
    const buyer = await googleOnlyBuyer();
    const user = await sessionUser(buyer.id);
    const proof = { signedInAt: Date.now(), origin: BASE };
    const made = [];
    for (let i = 0; i < MAX_LIVE_KEYS; i++) made.push(await createRequesterKey(env, user, proof));
    const over = await createRequesterKey(env, user, proof).catch((e: unknown) => e);
    expect(appRefusal(over)).toMatchObject({ status: 409, message: TOO_MANY_KEYS });
    expect(await liveKeys(buyer.id)).toBe(MAX_LIVE_KEYS);
    await revokeRequesterKey(env, user, made[0]!.accessKeyId);
    await createRequesterKey(env, user, proof);
    expect(await liveKeys(buyer.id)).toBe(MAX_LIVE_KEYS);
  });
});

describe("events that end the owner's trust revoke every key", () => {
  it("a password change and a password reset", async () => {
    const changed = await requester(50);
    await changePassword(env, changed.user.id, PASSWORD, NEW_PASSWORD);
    expect(await revokedAt(changed.key)).toBeGreaterThan(0);
    expect(await keyWorks(changed.key, changed.secret)).toBe(false);

    const reset = await requester(50);
    await postForm("/forgot-password", { email: reset.user.email });
    const link = new URL(linkIn(await lastMailTo(reset.user.email, "Reset your password"), "/reset-password"));
    const done = await postForm("/reset-password", { token: link.searchParams.get("token")!, password: NEW_PASSWORD });
    expectRedirect(done, "/login");
    expect(await keyWorks(reset.key, reset.secret)).toBe(false);
  });

  it("'Sign out everywhere' does, an everyday logout does not", async () => {
    const r = await requester(50);
    await postForm("/logout", {}, r.user.cookie);
    expect(await keyWorks(r.key, r.secret)).toBe(true);
    const again = await postFormFrom("/login", { email: r.user.email, password: PASSWORD });
    expectRedirect(again, "/dashboard/buyerhome");
    await postForm("/logout?everywhere=1", {}, cookieFrom(again)!);
    expect(await keyWorks(r.key, r.secret)).toBe(false);
  });

  it("closing the account, its removal, and a role change away from Buyer", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const closed = await requester(50);
    await closeAccount(env, await sessionUser(closed.user.id), { currentPassword: PASSWORD, confirmEmail: "" });
    expect(await keyWorks(closed.key, closed.secret)).toBe(false);

    const removed = await requester(50);
    await removeUser(env, admin, removed.user.id, "test");
    expect(await keyWorks(removed.key, removed.secret)).toBe(false);

    const demoted = await requester(50);
    await changeRole(env, admin, demoted.user.id, "Worker");
    expect(await revokedAt(demoted.key)).toBeGreaterThan(0);
    // made a Buyer again, the account's old keys stay revoked
    await changeRole(env, admin, demoted.user.id, "Buyer");
    expect(await keyWorks(demoted.key, demoted.secret)).toBe(false);
  });
});

describe("a key works only while its owner is a verified Buyer", () => {
  it("is refused while the owner's row says otherwise, whatever changed it", async () => {
    const r = await requester(50);
    const set = (assignments: string) =>
      env.DB.prepare(`UPDATE users SET ${assignments} WHERE id = ?`).bind(r.user.id).run();
    // rows changed behind the services' backs: the key check itself must refuse
    await set("role = 'Worker'");
    expect(await keyWorks(r.key, r.secret)).toBe(false);
    await set("role = 'Buyer', email_verified_at = NULL");
    expect(await keyWorks(r.key, r.secret)).toBe(false);
    await set("email_verified_at = 1");
    expect(await keyWorks(r.key, r.secret)).toBe(true);
  });
});
