// Verified e-mail addresses and what hangs on them (docs/product/identity.md): the verification link and its resend,
// the money actions an unverified account cannot take (page actions and REST alike), the one-time ADMIN_EMAILS
// grant, and the development mailbox that production does not have. Google's part is in google.test.ts; recovery
// and settings in account-recovery.test.ts.
import { describe, expect, it } from "vitest";
import {
  admin,
  balance,
  call,
  confirmFromMail,
  cookieFrom,
  env,
  expectError,
  expectRedirect,
  flashOf,
  getPage,
  htmlOf,
  jsPost,
  lastMailTo,
  linkIn,
  mailTo,
  openEmailLink,
  PASSWORD,
  postForm,
  pressLinkButton,
  productionEnv,
  registerUser,
  rest,
  row,
  sessionUser,
  taskFields,
  taskOf,
  textOf,
  type TestUser,
  uniqueEmail,
} from "./fixtures";
import { callWith, requestTo } from "./fixtures/stripe";
import { adjustCoins, changeRole } from "~/server/services/users.server";
import { register, requestEmailChange } from "~/server/services/accounts.server";
import { sendMail } from "~/server/email/mailer.server";
import { TOO_MANY_EMAILS } from "~/server/services/email-links.server";
import { LINK_NOT_VALID, VERIFY_EMAIL_FIRST } from "~/lib/schemas/auth";

const HOUR = 3_600_000;

/** The user's e-mailed links of `purpose`: when each was made and until when it works. */
async function linksOf(userId: string, purpose: "verify" | "reset" | "change") {
  const { results } = await env.DB.prepare(
    "SELECT created_at, expires_at, used_at FROM email_links WHERE user_id = ? AND purpose = ? ORDER BY created_at",
  )
    .bind(userId, purpose)
    .all<{ created_at: number; expires_at: number; used_at: number | null }>();
  return results;
}

/** Moves the user's links `ms` into the past, as if they had been sent that long ago. */
async function ageLinks(userId: string, ms: number) {
  await env.DB.prepare(
    "UPDATE email_links SET created_at = created_at - ?1, expires_at = expires_at - ?1 WHERE user_id = ?2",
  )
    .bind(ms, userId)
    .run();
}

async function isVerified(userId: string): Promise<boolean> {
  return (await sessionUser(userId)).emailVerified;
}

describe("verification e-mail", () => {
  it("registration sends a letter with an HTML and a text part; its link verifies the address once", async () => {
    const email = uniqueEmail("joiner");
    const res = await postForm("/register", { name: "Jo Joiner", email, password: PASSWORD, role: "Buyer" });
    expect(res.status).toBe(302);
    const cookie = cookieFrom(res)!;

    const mail = await lastMailTo(email, "Confirm your email address");
    expect(mail.from_address).toContain(env.EMAIL_FROM!);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain("Jo Joiner");
    const link = linkIn(mail, "/verify-email");
    expect(link.startsWith("https://coinwork.test/verify-email?token=")).toBe(true);
    // the same link in the HTML part (as an href, its & escaped if any)
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain("24 hours");
    const id = (await row<{ id: string }>("SELECT id FROM users WHERE email = ?", email))!.id;
    expect(await isVerified(id)).toBe(false);
    // the secret itself is not stored, only its hash
    const token = new URL(link).searchParams.get("token")!;
    expect(await row("SELECT 1 FROM email_links WHERE token_hash = ?", token)).toBeNull();

    // opening the link (as a mail scanner does) changes nothing: its page asks to confirm, with a button
    for (let i = 0; i < 3; i++) {
      const opened = await call(link, { headers: { Cookie: cookie } });
      expect(opened.status).toBe(200);
      const page = await textOf(opened);
      expect(page).toContain(`Confirm that ${email} is your email address`);
      expect(page).toContain("Confirm my email address");
    }
    expect(await isVerified(id)).toBe(false);
    const first = await pressLinkButton(link, cookie);
    expectRedirect(first, "/dashboard/buyerhome", { type: "success", title: "Email verified!" });
    expect(await isVerified(id)).toBe(true);

    // used: the page says so and offers no button; a post of the same token is refused with the same words
    const used = await call(link, { headers: { Cookie: cookie } });
    expect(used.status).toBe(200);
    const usedText = await textOf(used);
    expect(usedText).toContain(LINK_NOT_VALID);
    expect(usedText).not.toContain("Confirm my email address");
    const again = await postForm(`/verify-email?token=${token}`, { token }, cookie);
    expect(again.status).toBe(400);
    expect(await textOf(again)).toContain(LINK_NOT_VALID);
    // signed out too
    const signedOut = await postForm(`/verify-email?token=${token}`, { token });
    expect(signedOut.status).toBe(400);
  });

  it("REST registration sends the letter too; the link works for 24 hours and not after", async () => {
    const email = uniqueEmail("late");
    const made = await rest<{ user: { id: string } }>("POST", "/auth/register", undefined, {
      name: "Lee Late",
      email,
      password: PASSWORD,
      role: "Worker",
    });
    expect(made.status).toBe(201);
    const id = made.body.user.id;
    const [link] = await linksOf(id, "verify");
    expect(link.expires_at - link.created_at).toBe(24 * HOUR);

    await ageLinks(id, 24 * HOUR + 1_000);
    const late = await openEmailLink(email, "/verify-email");
    expect(await textOf(late)).toContain(LINK_NOT_VALID);
    const token = new URL(linkIn(await lastMailTo(email), "/verify-email")).searchParams.get("token")!;
    expect((await postForm("/verify-email", { token })).status).toBe(400);
    expect(await isVerified(id)).toBe(false);
  });

  it("resend: a new link, at most 3 in 10 minutes (then 429), and 409 once the address is verified", async () => {
    const u = await registerUser("Worker", "Resend Tester", { verified: false });
    expect(await mailTo(u.email)).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await rest("POST", "/auth/verify/resend", u.token)).status).toBe(202);
    expect(await mailTo(u.email)).toHaveLength(4);
    const limited = await rest("POST", "/auth/verify/resend", u.token);
    expectError(limited, 429, "rate_limited");
    expect((limited.body as { error: { message: string } }).error.message).toBe(TOO_MANY_EMAILS);
    // the banner's button says the same as a flash, and sends nothing more
    const page = await postForm("/dashboard/verify-email", { redirectTo: "/dashboard/tasklist" }, u.cookie);
    expect(page.headers.get("Location")).toBe("/dashboard/tasklist");
    expect(flashOf(page)).toMatchObject({ type: "error", title: "Email not sent", message: TOO_MANY_EMAILS });
    expect(await mailTo(u.email)).toHaveLength(4);

    // every link sent works (the newest is opened here), once
    expect((await confirmFromMail(u.email)).status).toBe(302);
    expect(await isVerified(u.id)).toBe(true);
    expectError(await rest("POST", "/auth/verify/resend", u.token), 409, "conflict");
    expectError(await rest("POST", "/auth/verify/resend"), 401);
  });

  it("the banner's Resend button sends a link and comes back to the page, with or without JavaScript", async () => {
    const u = await registerUser("Buyer", "Banner Tester", { verified: false });
    const home = await textOf(await getPage("/dashboard/buyerhome", u.cookie));
    expect(home).toContain(VERIFY_EMAIL_FIRST);
    expect(home).toContain("Resend the link");
    const res = await postForm("/dashboard/verify-email", { redirectTo: "/dashboard/mytasks?page=2" }, u.cookie);
    expect(res.headers.get("Location")).toBe("/dashboard/mytasks?page=2");
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Email sent" });
    expect(await mailTo(u.email)).toHaveLength(2);
    // a redirect elsewhere than the dashboard is not followed
    const away = await postForm("/dashboard/verify-email", { redirectTo: "https://evil.example/" }, u.cookie);
    expect(away.headers.get("Location")).toBe("/dashboard");
    // verified: no banner
    await confirmFromMail(u.email);
    expect(await textOf(await getPage("/dashboard/buyerhome", u.cookie))).not.toContain(VERIFY_EMAIL_FIRST);
  });
});

describe("an unverified account moves no coins", () => {
  /** An unverified account with `coins` coins (an admin's recorded adjustment). */
  async function unverified(role: "Worker" | "Buyer", coins: number): Promise<TestUser> {
    const u = await registerUser(role, `Unverified ${role}`, { verified: false });
    const start = role === "Worker" ? 10 : 50;
    if (coins !== start)
      await adjustCoins(env, await sessionUser((await admin()).id), u.id, coins - start, "test funding");
    return u;
  }

  async function verify(u: TestUser) {
    expect((await confirmFromMail(u.email)).status).toBe(302);
  }

  const count = async (sql: string, id: string) => (await row<{ n: number }>(sql, id))!.n;

  /** A page refusal, plain and enhanced: 403 with the words, shown on the page or in the data. */
  async function expectPageRefusal(path: string, fields: Record<string, string>, cookie: string) {
    const plain = await postForm(path, fields, cookie);
    expect(plain.status, path).toBe(403);
    // the page's answer says why (beside the banner, which says it on every dashboard page)
    const html = (await htmlOf(plain)).replace(/<section[^>]*data-testid="verify-email-banner"[\s\S]*?<\/section>/, "");
    expect(html, path).not.toContain("verify-email-banner");
    expect(html, path).toContain(VERIFY_EMAIL_FIRST);
    const enhanced = await jsPost(path, fields, cookie);
    expect(enhanced.status, path).toBe(403);
    expect(enhanced.text, path).toContain(VERIFY_EMAIL_FIRST);
  }

  function expectRestRefusal(a: Awaited<ReturnType<typeof rest>>) {
    expectError(a, 403, "forbidden");
    expect((a.body as { error: { message: string } }).error.message).toBe(VERIFY_EMAIL_FIRST);
  }

  it("post a task: refused on the page and by POST /tasks; after verifying, it posts", async () => {
    const buyer = await unverified("Buyer", 500);
    const tasks = "SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ?";
    await expectPageRefusal("/dashboard/addtask", taskFields(), buyer.cookie);
    const body = { ...taskFields(), required_workers: 2, payable_amount: 5 };
    expectRestRefusal(await rest("POST", "/tasks", buyer.token, body));
    expect(await balance(buyer.id)).toBe(500);
    expect(await count(tasks, buyer.id)).toBe(0);

    await verify(buyer);
    expect((await rest("POST", "/tasks", buyer.token, body)).status).toBe(201);
    expect(await balance(buyer.id)).toBe(490);
  });

  it("submit work: refused on the task page and by POST /submission; after verifying, it submits", async () => {
    const buyer = await registerUser("Buyer");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    const worker = await unverified("Worker", 10);
    await expectPageRefusal(`/dashboard/tasklist/${task.id}`, { submission_details: "my work" }, worker.cookie);
    expectRestRefusal(await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "x" }));
    const submissions = "SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?";
    expect(await count(submissions, task.id)).toBe(0);
    expect((await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id))!.n).toBe(2);

    await verify(worker);
    expect(
      (await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "x" })).status,
    ).toBe(201);
  });

  it("buy coins: refused on the purchase page and by POST /create-payment-intent; after verifying, it starts", async () => {
    const buyer = await unverified("Buyer", 50);
    const intents = "SELECT COUNT(*) AS n FROM test_payment_intents WHERE metadata LIKE '%' || ? || '%'";
    await expectPageRefusal("/dashboard/purchasecoin", { intent: "create", coins: "150" }, buyer.cookie);
    expectRestRefusal(await rest("POST", "/create-payment-intent", buyer.token, { coins: 150 }));
    expect(await count(intents, buyer.id)).toBe(0);

    await verify(buyer);
    expect((await rest("POST", "/create-payment-intent", buyer.token, { coins: 150 })).status).toBe(200);
    expect(await count(intents, buyer.id)).toBe(1);
  });

  it("withdraw: refused on the page and by POST /withdraw, coins kept; after verifying, it is requested", async () => {
    const worker = await unverified("Worker", 300);
    const fields = { withdrawal_coin: "200", payment_system: "Bkash", account_number: "01700000000" };
    const requests = "SELECT COUNT(*) AS n FROM withdrawals WHERE worker_id = ?";
    await expectPageRefusal("/dashboard/withdraw", fields, worker.cookie);
    expectRestRefusal(await rest("POST", "/withdraw", worker.token, { ...fields, withdrawal_coin: 200 }));
    expect(await balance(worker.id)).toBe(300);
    expect(await count(requests, worker.id)).toBe(0);

    await verify(worker);
    expect((await rest("POST", "/withdraw", worker.token, { ...fields, withdrawal_coin: 200 })).status).toBe(201);
    expect(await balance(worker.id)).toBe(100);
  });
});

describe("ADMIN_EMAILS", () => {
  /** The test Worker's settings with `email` listed (each test lists its own address: storage is shared). */
  const listing = (email: string): Env => ({
    ...env,
    ADMIN_EMAILS: `someone-else@coinwork.test, ${email.toUpperCase()}`,
  });

  /** The verification page's button, pressed on a Worker with these settings. */
  async function pressWith(settings: Env, link: string) {
    const token = new URL(link).searchParams.get("token")!;
    const form = new FormData();
    form.set("token", token);
    return callWith(settings, requestTo(`/verify-email?token=${token}`, { method: "POST", body: form }));
  }

  const roleOf = async (id: string) => (await row<{ role: string }>("SELECT role FROM users WHERE id = ?", id))!.role;

  async function apiLogin(settings: Env, email: string) {
    const res = await callWith(
      settings,
      requestTo("/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { user: { role: string } }).user.role;
  }

  it("promotes a listed address only once it is verified, once: a demotion sticks", async () => {
    const email = uniqueEmail("listed");
    const settings = listing(email);
    const { user } = await register(
      settings,
      { name: "Lis Ted", email, password: PASSWORD, role: "Worker", photo: "" },
      "https://coinwork.test",
    );
    // registering the address proves nothing: still a Worker, at sign-up and at every sign-in
    expect(user.role).toBe("Worker");
    expect(await apiLogin(settings, email)).toBe("Worker");
    expect(await roleOf(user.id)).toBe("Worker");

    // the link confirmed on a Worker with that setting: Admin, recorded in the audit log
    const opened = await pressWith(settings, linkIn(await lastMailTo(email), "/verify-email"));
    expect(opened.status).toBe(302);
    expect(await roleOf(user.id)).toBe("Admin");
    const audit = await row<{ detail: string; reason: string }>(
      "SELECT detail, reason FROM audit_log WHERE target_id = ? AND action = 'user.role'",
      user.id,
    );
    expect(audit).toMatchObject({ reason: "ADMIN_EMAILS", detail: `${email}: Worker -> Admin` });

    // another admin demotes them: the next sign-ins leave it so
    await changeRole(env, await sessionUser((await admin()).id), user.id, "Worker");
    expect(await apiLogin(settings, email)).toBe("Worker");
    expect(await apiLogin(settings, email)).toBe("Worker");
    expect(await roleOf(user.id)).toBe("Worker");
  });

  it("grants an address once, ever: an account that moved away leaves no grant for a new one at the address", async () => {
    const listed = uniqueEmail("listed-once");
    const settings = listing(listed);
    const first = await register(
      settings,
      { name: "First Holder", email: listed, password: PASSWORD, role: "Worker", photo: "" },
      "https://coinwork.test",
    );
    expect((await pressWith(settings, linkIn(await lastMailTo(listed), "/verify-email"))).status).toBe(302);
    expect(await roleOf(first.user.id)).toBe("Admin");
    // demoted by another admin, the account moves to another address (with its password, through the new address)
    await changeRole(env, await sessionUser((await admin()).id), first.user.id, "Worker");
    const moved = uniqueEmail("moved");
    await requestEmailChange(
      settings,
      await sessionUser(first.user.id),
      { email: moved, currentPassword: PASSWORD },
      "https://coinwork.test",
    );
    expect((await pressWith(settings, linkIn(await lastMailTo(moved), "/verify-email"))).status).toBe(302);
    expect((await sessionUser(first.user.id)).email).toBe(moved);

    // the listed address registered anew and verified: no second grant
    const second = await register(
      settings,
      { name: "Second Holder", email: listed, password: PASSWORD, role: "Worker", photo: "" },
      "https://coinwork.test",
    );
    expect((await pressWith(settings, linkIn(await lastMailTo(listed), "/verify-email"))).status).toBe(302);
    expect(await roleOf(second.user.id)).toBe("Worker");
    expect(await apiLogin(settings, listed)).toBe("Worker");
    expect(await roleOf(first.user.id)).toBe("Worker");
    expect(await row("SELECT user_id FROM admin_grants WHERE email = ?", listed.toLowerCase())).toEqual({
      user_id: first.user.id,
    });
  });

  it("an address not listed is never promoted by verifying", async () => {
    const u = await registerUser("Buyer");
    expect(await roleOf(u.id)).toBe("Buyer");
    expect(await apiLogin(listing(uniqueEmail("other")), u.email)).toBe("Buyer");
  });
});

describe("the development mailbox", () => {
  it("lists and shows every message in development and test", async () => {
    const u = await registerUser("Worker", "Mailbox Reader", { verified: false });
    const list = await getPage(`/dev/mail?to=${encodeURIComponent(u.email)}`);
    expect(list.status).toBe(200);
    const text = await textOf(list);
    expect(text).toContain("Confirm your email address");
    const [message] = await mailTo(u.email);
    const one = await getPage(`/dev/mail/${message.id}`);
    expect(one.status).toBe(200);
    const shown = await textOf(one);
    expect(shown).toContain("Plain-text part");
    expect(shown).toContain(u.email);
  });

  it("answers 404 in production (APP_ENV production, or unset), and production keeps no copy", async () => {
    const u = await registerUser("Worker", "Prod Reader", { verified: false });
    const [message] = await mailTo(u.email);
    for (const APP_ENV of ["production", undefined, "staging"]) {
      const settings = productionEnv({ APP_ENV });
      for (const path of ["/dev/mail", `/dev/mail/${message.id}`, `/dev/mail?to=${encodeURIComponent(u.email)}`]) {
        const res = await callWith(settings, requestTo(path));
        expect(res.status, `${APP_ENV} ${path}`).toBe(404);
        expect(await res.text()).not.toContain(message.subject);
      }
      await sendMail(settings, { to: u.email, subject: "Production letter", html: "<p>x</p>", text: "x" });
    }
    expect((await mailTo(u.email)).map((m) => m.subject)).not.toContain("Production letter");
  });
});
