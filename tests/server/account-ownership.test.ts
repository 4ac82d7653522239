// Accounts that stay their owner's (issue 23): whoever briefly held a session (and the password) cannot finish an
// address change once the owner resets or changes the password, or signs out everywhere; a confirmed address change
// ends every other session and link; e-mailed links take their origin from APP_ORIGIN, never the Host header; an
// account without a password approves an address change from its current address.
import { describe, expect, it } from "vitest";
import {
  call,
  cookieFrom,
  env,
  flashOf,
  getPage,
  htmlOf,
  lastMailTo,
  linkIn,
  mailTo,
  PASSWORD,
  postForm,
  postFormFrom,
  pressLinkButton,
  registerUser,
  row,
  sessionUser,
  textOf,
  uniqueEmail,
  type TestUser,
} from "./fixtures";
import { callWith, requestTo } from "./fixtures/stripe";
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { signInWithVerifiedEmail } from "~/server/services/accounts.server";
import { LINK_NOT_VALID } from "~/lib/schemas/auth";

const SETTINGS = "/dashboard/settings";
const NEW_PASSWORD = "Quiet-Compass-Ladder-8";

/** Whether the session cookie still opens the dashboard. */
const signedIn = async (cookie: string) => (await getPage(SETTINGS, cookie)).status === 200;

/**
 * Someone holding a session of `u` (and its password) asks to move the account to their own address: the link that
 * would do it, sent to them.
 */
async function attackerAsksForTheAddress(u: TestUser) {
  const theirs = uniqueEmail("attacker");
  const asked = await postForm(`${SETTINGS}?form=email`, { email: theirs, currentPassword: PASSWORD }, u.cookie);
  expect(asked.status).toBe(302);
  return { theirs, link: linkIn(await lastMailTo(theirs, "Confirm your new email address"), "/verify-email") };
}

/** The attacker opens their link later, without any session: the account must stay where it is. */
async function expectLinkDead(u: TestUser, link: string) {
  expect(await textOf(await call(link))).toContain(LINK_NOT_VALID);
  const token = new URL(link).searchParams.get("token")!;
  const pressed = await postForm(`/verify-email?token=${token}`, { token });
  expect(pressed.status).toBe(400);
  expect((await sessionUser(u.id)).email).toBe(u.email);
  expect(
    await row("SELECT 1 AS live FROM email_links WHERE user_id = ? AND used_at IS NULL", u.id),
    "every link of the account is cancelled",
  ).toBeNull();
}

describe("a pending address change does not survive the owner taking the account back", () => {
  it("a password reset cancels every e-mailed link and ends every session", async () => {
    const u = await registerUser("Worker");
    const { link } = await attackerAsksForTheAddress(u);
    // the owner notices, and resets the password from the login page
    await postFormFrom("/forgot-password", { email: u.email });
    const reset = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    const done = await postFormFrom("/reset-password", {
      token: reset.searchParams.get("token")!,
      password: NEW_PASSWORD,
    });
    expect(flashOf(done)).toMatchObject({ type: "success", title: "Password changed!" });
    expect(await signedIn(u.cookie)).toBe(false);
    await expectLinkDead(u, link);
  });

  it("a password change cancels every e-mailed link and ends the other sessions", async () => {
    const u = await registerUser("Buyer");
    const { link } = await attackerAsksForTheAddress(u);
    const other = await registerUser("Worker");
    // an unused reset link of the account dies too
    await postFormFrom("/forgot-password", { email: u.email });
    const reset = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    const changed = await postForm(
      `${SETTINGS}?form=password`,
      { currentPassword: PASSWORD, password: NEW_PASSWORD },
      u.cookie,
    );
    expect(changed.status).toBe(302);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(cookieFrom(changed)!)).toBe(true);
    await expectLinkDead(u, link);
    const late = await postFormFrom("/reset-password", { token: reset.searchParams.get("token")!, password: PASSWORD });
    expect(late.status).toBe(400);
    // nobody else's links are touched
    expect(await row("SELECT 1 AS any FROM email_links WHERE user_id = ?", other.id)).not.toBeNull();
  });

  it("signing out everywhere (Settings' button) cancels every e-mailed link and ends every session", async () => {
    const u = await registerUser("Worker");
    const { link } = await attackerAsksForTheAddress(u);
    expect(await textOf(await getPage(SETTINGS, u.cookie))).toContain("Sign out everywhere");
    expect(await htmlOf(await getPage(SETTINGS, u.cookie))).toContain('action="/logout?everywhere=1"');
    const out = await call("/logout?everywhere=1", { method: "POST", headers: { Cookie: u.cookie } });
    expect(out.status).toBe(302);
    expect(await signedIn(u.cookie)).toBe(false);
    await expectLinkDead(u, link);
  });

  it("any logout (the pages' and POST /auth/logout) cancels the links that change the account", async () => {
    for (const how of ["page", "api"] as const) {
      const u = await registerUser("Buyer", "Logging Out", { verified: false });
      const verify = linkIn(await lastMailTo(u.email, "Confirm your email address"), "/verify-email");
      const { link } = await attackerAsksForTheAddress(u);
      const res =
        how === "page"
          ? await call("/logout", { method: "POST", headers: { Cookie: u.cookie } })
          : await call("/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${u.token}` } });
      expect(res.status, how).toBe(how === "page" ? 302 : 200);
      expect(await signedIn(u.cookie), how).toBe(false);
      expect(await textOf(await call(link)), how).toContain(LINK_NOT_VALID);
      // a verification of the account's own address changes nothing of it: it still works after an everyday logout
      expect(flashOf(await pressLinkButton(verify)), how).toMatchObject({ title: "Email verified!" });
      expect((await sessionUser(u.id)).email, how).toBe(u.email);
    }
  });

  it("a confirmed address change ends every other session and link; the confirming browser stays signed in", async () => {
    const u = await registerUser("Buyer");
    const someoneElse = (await registerUser("Buyer")).cookie;
    const login = await postFormFrom("/login", { email: u.email, password: PASSWORD });
    const secondSession = cookieFrom(login)!;
    await postFormFrom("/forgot-password", { email: u.email });
    const reset = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));

    const next = uniqueEmail("moved");
    await postForm(`${SETTINGS}?form=email`, { email: next, currentPassword: PASSWORD }, u.cookie);
    const confirmed = await pressLinkButton(linkIn(await lastMailTo(next), "/verify-email"), u.cookie);
    expect(flashOf(confirmed)).toMatchObject({ title: "Email address changed" });
    expect((await sessionUser(u.id)).email).toBe(next);
    // this browser got a new session; the old cookie and the other device's are dead
    const fresh = cookieFrom(confirmed)!;
    expect(fresh).toBeTruthy();
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(secondSession)).toBe(false);
    // someone else is untouched
    expect(await signedIn(someoneElse)).toBe(true);
    const late = await postFormFrom("/reset-password", {
      token: reset.searchParams.get("token")!,
      password: NEW_PASSWORD,
    });
    expect(late.status).toBe(400);
  });
});

describe("links in e-mails", () => {
  it("take their origin from APP_ORIGIN, never from the request's Host", async () => {
    const u = await registerUser("Worker");
    const settings = { ...env, APP_ORIGIN: "https://app.coinwork.test" };
    const form = new FormData();
    form.set("email", u.email);
    const res = await callWith(
      settings,
      requestTo("https://attacker.test/forgot-password", { method: "POST", body: form }),
    );
    expect(res.status).toBe(302);
    const letter = await lastMailTo(u.email, "Reset your password");
    expect(letter.text).toContain("https://app.coinwork.test/reset-password?token=");
    expect(letter.text + letter.html).not.toContain("attacker.test");
  });
});

describe("an account without a password", () => {
  async function googleAccount() {
    const email = uniqueEmail("google-only");
    const { token, user } = await signInWithVerifiedEmail(env, { email, name: "Gail Google", photo: null });
    return { id: user.id, email, token, cookie: `${SESSION_COOKIE}=${token}`, role: "Worker" as const };
  }

  it("approves an address change from its current address first: a session alone moves nothing", async () => {
    const u = await googleAccount();
    const next = uniqueEmail("wanted");
    const asked = await postForm(`${SETTINGS}?form=email`, { email: next }, u.cookie);
    expect(asked.status).toBe(302);
    expect(flashOf(asked)?.message).toContain(`we sent a link to ${u.email}`);
    // the new address gets nothing yet; the current one is asked
    expect(await mailTo(next)).toEqual([]);
    const approval = linkIn(await lastMailTo(u.email, "Approve the change of your email address"), "/verify-email");
    const waiting = await textOf(await getPage(SETTINGS, u.cookie));
    expect(waiting).toContain("Waiting for your approval");
    // opening the approval link changes nothing
    const page = await textOf(await call(approval));
    expect(page).toContain("Approve the change");
    expect(await mailTo(next)).toEqual([]);

    // approved from the old address's mailbox: now the new address gets its own link, which opening changes nothing
    const approved = await pressLinkButton(approval);
    expect(flashOf(approved)).toMatchObject({ title: "Change approved" });
    const confirm = linkIn(await lastMailTo(next, "Confirm your new email address"), "/verify-email");
    expect((await sessionUser(u.id)).email).toBe(u.email);
    await call(confirm);
    expect((await sessionUser(u.id)).email).toBe(u.email);
    expect(flashOf(await pressLinkButton(confirm))).toMatchObject({ title: "Email address changed" });
    expect((await sessionUser(u.id)).email).toBe(next);
    // the approval worked once
    expect(await textOf(await call(approval))).toContain(LINK_NOT_VALID);
  });
});
