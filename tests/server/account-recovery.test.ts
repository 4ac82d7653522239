// Account recovery and settings (docs/product/identity.md): "Forgot password?" and its reset link, and the settings
// page's forms (profile, password, e-mail change) and "Sign out everywhere", through the pages and the REST routes.
import { describe, expect, it } from "vitest";
import {
  call,
  cookieFrom,
  env,
  expectError,
  expectRedirect,
  flashOf,
  getPage,
  imagesHolding,
  jsPost,
  lastMailTo,
  linkIn,
  mailTo,
  openEmailLink,
  pressLinkButton,
  PASSWORD,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  storedImageKeys,
  textOf,
  type Answer,
  type TestUser,
  uniqueEmail,
  uniquePngFile,
} from "./fixtures";
import { LINK_NOT_VALID } from "~/lib/schemas/auth";
import { resetLinkSent, WRONG_PASSWORD } from "~/server/services/passwords.server";
import { TOO_MANY_EMAILS } from "~/server/services/email-links.server";

const NEW_PASSWORD = "Fresh-Harbour-Quill-2";
const SETTINGS = "/dashboard/settings";

/**
 * A request from a device of its own (an address no other test uses: the per-address limits of login and "Forgot
 * password?" count every request of the run).
 */
function fromDevice(path: string, body: FormData | string): Promise<Response> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  const headers: Record<string, string> = { "CF-Connecting-IP": `10.${octet()}.${octet()}.${octet()}` };
  if (typeof body === "string") headers["Content-Type"] = "application/json";
  return call(path, { method: "POST", body, headers });
}

/** A second session of the same account (another device), signed in with the form; null when refused. */
async function signIn(email: string, password = PASSWORD): Promise<string | null> {
  const form = new FormData();
  form.append("email", email);
  form.append("password", password);
  const res = await fromDevice("/login", form);
  return res.status === 302 ? cookieFrom(res) : null;
}

/** Whether the session cookie still opens the dashboard. */
async function signedIn(cookie: string, home = "/dashboard/workerhome"): Promise<boolean> {
  return (await getPage(home, cookie)).status === 200;
}

/** POST /auth/forgot from a device of its own. */
async function forgot(email: string): Promise<Answer<{ ok?: boolean; message?: string }>> {
  const res = await fromDevice("/auth/forgot", JSON.stringify({ email }));
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe("forgot password", () => {
  it("answers the same for an unknown address as for a known one, and e-mails only the account", async () => {
    const u = await registerUser("Worker");
    const unknown = uniqueEmail("nobody");
    const known = await postForm("/forgot-password", { email: u.email });
    const stranger = await postForm("/forgot-password", { email: unknown });
    for (const [res, email] of [
      [known, u.email],
      [stranger, unknown],
    ] as const) {
      expectRedirect(res, "/forgot-password", {
        type: "success",
        title: "Check your inbox",
        message: resetLinkSent(email),
      });
    }
    const api = await forgot(unknown);
    expect(api.status).toBe(202);
    expect(api.body).toEqual({ ok: true, message: resetLinkSent(unknown) });

    const letter = await lastMailTo(u.email, "Reset your password");
    expect(letter.text).toContain("30 minutes");
    expect(letter.html).toContain(`href="${linkIn(letter, "/reset-password")}"`);
    expect(await mailTo(unknown)).toEqual([]);
  });

  it("asks at most 3 times an address every 10 minutes, known or not: the same 429", async () => {
    for (const email of [(await registerUser("Buyer")).email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email)).status).toBe(202);
      const limited = await forgot(email);
      expectError(limited, 429, "rate_limited");
      expect((limited.body as { error: { message: string } }).error.message).toBe(TOO_MANY_EMAILS);
    }
  });

  it("the reset link works for 30 minutes, once; it ends every session; the new password signs in", async () => {
    const u = await registerUser("Worker");
    const otherDevice = (await signIn(u.email))!;
    await postForm("/forgot-password", { email: u.email });
    const link = linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password");
    const stored = await row<{ created_at: number; expires_at: number }>(
      "SELECT created_at, expires_at FROM email_links WHERE user_id = ? AND purpose = 'reset'",
      u.id,
    );
    expect(stored!.expires_at - stored!.created_at).toBe(30 * 60_000);
    const token = new URL(link).searchParams.get("token")!;

    // the page shows the form for a working link
    const page = await textOf(await call(link));
    expect(page).toContain("Choose a new password");
    expect(page).toContain("Save my new password");

    const done = await postForm("/reset-password", { token, password: NEW_PASSWORD });
    expectRedirect(done, "/login", { type: "success", title: "Password changed!" });

    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
    expect(await signIn(u.email, PASSWORD)).toBeNull();
    expect(await signedIn((await signIn(u.email, NEW_PASSWORD))!)).toBe(true);

    // used: the page says so instead of the form, and a post changes nothing
    const used = await textOf(await call(link));
    expect(used).toContain(LINK_NOT_VALID);
    expect(used).not.toContain("Save my new password");
    const again = await postForm("/reset-password", { token, password: "Other-Meadow-Gate-3" });
    expect(again.status).toBe(400);
    expect(await textOf(again)).toContain(LINK_NOT_VALID);
    expectError(await rest("POST", "/auth/reset", undefined, { token, password: "Other-Meadow-Gate-3" }), 400);
    expect(await signIn(u.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("a reset link 30 minutes old does nothing; POST /auth/reset takes a working one", async () => {
    const u = await registerUser("Buyer");
    await forgot(u.email);
    const stale = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    await env.DB.prepare(
      "UPDATE email_links SET created_at = created_at - ?1, expires_at = expires_at - ?1 WHERE user_id = ?2 AND purpose = 'reset'",
    )
      .bind(30 * 60_000 + 1_000, u.id)
      .run();
    expect(await textOf(await call(stale.href))).toContain(LINK_NOT_VALID);
    const late = await rest("POST", "/auth/reset", undefined, {
      token: stale.searchParams.get("token"),
      password: NEW_PASSWORD,
    });
    expectError(late, 400);
    expect(await signIn(u.email, PASSWORD)).not.toBeNull();

    await forgot(u.email);
    await expect.poll(async () => (await mailTo(u.email)).length).toBe(3);
    const fresh = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    expect(fresh.href).not.toBe(stale.href);
    const ok = await rest("POST", "/auth/reset", undefined, {
      token: fresh.searchParams.get("token"),
      password: NEW_PASSWORD,
    });
    expect(ok).toMatchObject({ status: 200, body: { ok: true } });
    expect(await signIn(u.email, NEW_PASSWORD)).not.toBeNull();
    expect(await signedIn(u.cookie, "/dashboard/buyerhome")).toBe(false);
  });

  it("a reset proves the address: an unverified account becomes verified", async () => {
    const u = await registerUser("Worker", "Forgetful", { verified: false });
    await postForm("/forgot-password", { email: u.email });
    const link = new URL(linkIn(await lastMailTo(u.email, "Reset your password"), "/reset-password"));
    await postForm("/reset-password", { token: link.searchParams.get("token")!, password: NEW_PASSWORD });
    expect((await sessionUser(u.id)).emailVerified).toBe(true);
  });
});

describe("settings", () => {
  async function name(u: TestUser) {
    return (await sessionUser(u.id)).name;
  }

  it("shows every section to every role", async () => {
    for (const role of ["Worker", "Buyer"] as const) {
      const u = await registerUser(role);
      const text = await textOf(await getPage(SETTINGS, u.cookie));
      for (const words of ["Profile", "Email address", "Password", "Sign out everywhere", u.email, "Verified"])
        expect(text, `${role}: ${words}`).toContain(words);
    }
    expect((await getPage(SETTINGS)).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(SETTINGS)}`);
  });

  it("profile: the name and the photo change, with and without JavaScript; an empty name is refused", async () => {
    const u = await registerUser("Worker", "Old Name");
    const plain = await postForm(`${SETTINGS}?form=profile`, { name: "New Name" }, u.cookie);
    expect(plain.status).toBe(302);
    expect(flashOf(plain)).toMatchObject({ type: "success", title: "Profile saved" });
    expect(await name(u)).toBe("New Name");

    const enhanced = await jsPost(`${SETTINGS}?form=profile`, { name: "Newer Name" }, u.cookie);
    expect(enhanced.status).toBe(200);
    expect(enhanced.text).toContain("Profile saved");
    expect(await name(u)).toBe("Newer Name");

    const empty = await postForm(`${SETTINGS}?form=profile`, { name: " " }, u.cookie);
    expect(empty.status).toBe(422);
    expect(await textOf(empty)).toContain("Name is required");
    expect(await name(u)).toBe("Newer Name");

    const before = await storedImageKeys();
    const photo = await uniquePngFile();
    const withPhoto = await postForm(`${SETTINGS}?form=profile`, { name: "Newer Name", image: photo }, u.cookie);
    expect(withPhoto.status).toBe(302);
    const [key] = await imagesHolding(photo, before);
    expect((await sessionUser(u.id)).photo).toBe(`/images/${key}`);
    // a save without a new photo keeps it
    await postForm(`${SETTINGS}?form=profile`, { name: "Final Name" }, u.cookie);
    expect(await sessionUser(u.id)).toMatchObject({ name: "Final Name", photo: `/images/${key}` });
  });

  it("password: asks for the current one; a change keeps this session and ends the others", async () => {
    const u = await registerUser("Worker");
    const otherDevice = (await signIn(u.email))!;
    const wrong = await postForm(
      `${SETTINGS}?form=password`,
      { currentPassword: "Wrong!pass1", password: NEW_PASSWORD },
      u.cookie,
    );
    expect(wrong.status).toBe(422);
    const wrongText = await textOf(wrong);
    expect(wrongText).toContain(WRONG_PASSWORD);
    // no password is ever sent back to the page
    expect(wrongText).not.toContain("Wrong!pass1");
    const missing = await postForm(
      `${SETTINGS}?form=password`,
      { currentPassword: "", password: NEW_PASSWORD },
      u.cookie,
    );
    expect(missing.status).toBe(422);
    expect(await textOf(missing)).toContain("Enter your current password");
    const weak = await postForm(`${SETTINGS}?form=password`, { currentPassword: PASSWORD, password: "weak" }, u.cookie);
    expect(weak.status).toBe(422);
    expect(await signIn(u.email, PASSWORD)).not.toBeNull();

    const done = await postForm(
      `${SETTINGS}?form=password`,
      { currentPassword: PASSWORD, password: NEW_PASSWORD },
      u.cookie,
    );
    expect(done.status).toBe(302);
    expect(flashOf(done)).toMatchObject({ type: "success", title: "Password changed!" });
    const fresh = cookieFrom(done)!;
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
    expect(await signIn(u.email, PASSWORD)).toBeNull();
    expect(await signIn(u.email, NEW_PASSWORD)).not.toBeNull();

    // with JavaScript: the same, and the answer carries this session's new cookie
    const enhanced = await jsPost(
      `${SETTINGS}?form=password`,
      { currentPassword: NEW_PASSWORD, password: PASSWORD },
      fresh,
    );
    expect(enhanced.status).toBe(200);
    expect(enhanced.text).toContain("Password changed!");
    expect(await signedIn(cookieFrom(enhanced.res)!)).toBe(true);
    expect(await signedIn(fresh)).toBe(false);
  });

  it("e-mail change: takes effect only when the link sent to the new address is opened", async () => {
    const u = await registerUser("Buyer");
    const next = uniqueEmail("moved");
    const wrong = await postForm(`${SETTINGS}?form=email`, { email: next, currentPassword: "Wrong!pass1" }, u.cookie);
    expect(wrong.status).toBe(422);
    expect(await textOf(wrong)).toContain(WRONG_PASSWORD);
    expect(await mailTo(next)).toEqual([]);
    const taken = await registerUser("Worker");
    const clash = await postForm(`${SETTINGS}?form=email`, { email: taken.email, currentPassword: PASSWORD }, u.cookie);
    expect(clash.status).toBe(409);

    const asked = await postForm(`${SETTINGS}?form=email`, { email: next, currentPassword: PASSWORD }, u.cookie);
    expect(asked.status).toBe(302);
    expect(flashOf(asked)).toMatchObject({ title: "Check your inbox" });
    await lastMailTo(next, "Confirm your new email address");
    // nothing changed yet: the old address signs in, the page says the change waits
    expect((await sessionUser(u.id)).email).toBe(u.email);
    expect(await signIn(next)).toBeNull();
    const waiting = await textOf(await getPage(SETTINGS, u.cookie));
    expect(waiting).toContain("Waiting for your confirmation");
    expect(waiting).toContain(next);

    const opened = await pressLinkButton(linkIn(await lastMailTo(next), "/verify-email"), u.cookie);
    expect(opened.status).toBe(302);
    expect(flashOf(opened)).toMatchObject({ type: "success", title: "Email address changed" });
    expect(await sessionUser(u.id)).toMatchObject({ email: next, emailVerified: true });
    expect(await signIn(next)).not.toBeNull();
    expect(await signIn(u.email)).toBeNull();
    // the old address is told
    expect((await mailTo(u.email)).map((m) => m.subject)).toContain("Your email address was changed");
    // once only
    expect(await textOf(await openEmailLink(next, "/verify-email", u.cookie))).toContain(LINK_NOT_VALID);
  });

  it("sign out everywhere ends every session of the account", async () => {
    const u = await registerUser("Worker");
    const otherDevice = (await signIn(u.email))!;
    expect(await signedIn(otherDevice)).toBe(true);
    expect(await textOf(await getPage(SETTINGS, u.cookie))).toContain("Sign out everywhere");
    const out = await call("/logout", { method: "POST", headers: { Cookie: u.cookie } });
    expect(out.status).toBe(302);
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
    expect(await signIn(u.email)).not.toBeNull();
  });

  it("refuses a post to a form the page does not have", async () => {
    const u = await registerUser("Worker");
    const res = await postForm(`${SETTINGS}?form=nothing`, { name: "x" }, u.cookie);
    expect(res.status).toBe(400);
  });
});
