// Sign-up, sign-in and sign-out of the embedded identity provider; verified e-mail addresses (the links, the
// "verify first" rule of money actions), Google sign-in and its linking rule, the one-time ADMIN_EMAILS grant, and
// the profile (docs/product/identity.md, docs/decisions/010-identity-verification-and-linking.md).
import { eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { users, type User } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import { hashPassword, verifyPassword } from "../auth/password";
import { createSessionToken, toSessionUser, type ExternalProfile, type SessionUser } from "../auth/session.server";
import { confirmNewEmailLetter, emailChangedLetter, verifyEmailLetter } from "../email/letters.server";
import { sendMail } from "../email/mailer.server";
import { limitEmails, markUsed, retireLinks, sendLink, stillUsable, usableLink } from "./email-links.server";
import { audit, notification, posting } from "./ledger.server";
import { checkCurrentPassword } from "./passwords.server";
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure } from "./login-throttle.server";
import { SIGNUP_COINS } from "~/lib/coins";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { LINK_NOT_VALID, type ChangeEmailInput, type RegisterInput } from "~/lib/schemas/auth";

export const EMAIL_EXISTS = "Email already exists";
export const BAD_CREDENTIALS = "Invalid email or password";
export const ALREADY_VERIFIED = "Your email address is already verified.";
export const SAME_EMAIL = "That is already your email address.";
/** What the real owner reads after a Google sign-in took over an unverified password account. */
export const TAKEN_OVER =
  "You signed in with Google. This account's email address had not been confirmed, so its password was removed and its other sessions ended. To use a password too, choose 'Forgot password?' on the login page.";

function isAdminEmail(env: Env, email: string): boolean {
  return (env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(email.toLowerCase());
}

async function userRow(env: Env, by: { id: string } | { email: string }): Promise<User | undefined> {
  const where = "id" in by ? eq(users.id, by.id) : eq(users.email, by.email.toLowerCase());
  return (await getDb(env).select().from(users).where(where).limit(1))[0];
}

async function liveUserRow(env: Env, id: string): Promise<User> {
  const row = await userRow(env, { id });
  if (!row || row.disabledAt !== null) throw notFound("User not found");
  return row;
}

interface NewAccount {
  name: string;
  email: string;
  role: "Worker" | "Buyer";
  photo: string | null;
  passwordHash: string | null;
  /** an external identity vouched for the address */
  verified: boolean;
}

/** The user row and its sign-up bonus in one batch; the role's coins are the server's, never the client's. */
export async function createAccount(env: Env, a: NewAccount): Promise<string> {
  const db = getDb(env);
  const id = newId();
  const now = Date.now();
  await newBatch(env)
    .step(
      "create user",
      db.insert(users).values({
        id,
        name: a.name,
        email: a.email,
        role: a.role,
        coin: 0,
        photo: a.photo || null,
        passwordHash: a.passwordHash,
        createdAt: now,
        emailVerifiedAt: a.verified ? now : null,
      }),
    )
    .step("bonus", ...posting({ id: newId(), userId: id, delta: SIGNUP_COINS[a.role], kind: "signup_bonus", now }))
    .run({
      refusal: () => new AppError("conflict", EMAIL_EXISTS, { email: [EMAIL_EXISTS] }),
      constraint: "users.email",
    });
  return id;
}

function sendVerification(env: Env, user: { id: string; name: string; email: string }, origin: string) {
  return sendLink(env, { purpose: "verify", userId: user.id, email: user.email, origin }, (url) =>
    verifyEmailLetter(user, url),
  );
}

/**
 * A new password account, unverified: it is signed in at once and the verification link goes to its address
 * (links under `origin`). A message that cannot be sent does not undo the account: "Resend" sends another.
 */
export async function register(env: Env, input: RegisterInput, origin: string) {
  const id = await createAccount(env, {
    name: input.name,
    email: input.email,
    role: input.role,
    photo: input.photo || null,
    passwordHash: await hashPassword(input.password),
    verified: false,
  });
  await sendVerification(env, { id, name: input.name, email: input.email }, origin).catch((e: unknown) =>
    console.error("The verification email was not sent", e),
  );
  return signIn(env, id);
}

/** `address` is the client's (rate-limit.server.ts `clientAddress`): failures are throttled per e-mail and per address. */
export async function login(env: Env, email: string, password: string, address: string) {
  await checkLoginThrottle(env, email, address);
  const row = await userRow(env, { email });
  const ok = await verifyPassword(password, row?.passwordHash);
  if (!row || !ok) {
    await recordLoginFailure(env, email, address);
    throw new AppError("unauthorized", BAD_CREDENTIALS);
  }
  await clearLoginFailures(env, email);
  // Said only to someone who knows the password: it would otherwise tell strangers which e-mails had accounts.
  if (row.disabledAt !== null) throw new AppError("unauthorized", "This account has been removed");
  return signIn(env, row.id);
}

/**
 * Google (or another OIDC issuer) vouched for `profile.email` (callers accept only `email_verified: true`). No
 * account: a verified Worker is made (`created`). A verified account: it signs in with its role. An unverified one
 * (a password account that never proved the address) is taken over: see `takeOver`.
 */
export async function signInWithVerifiedEmail(env: Env, profile: ExternalProfile) {
  const email = profile.email.toLowerCase();
  let row = await userRow(env, { email });
  if (row?.disabledAt) throw forbidden("This account has been removed");
  if (!row) {
    try {
      const id = await createAccount(env, {
        name: profile.name || email,
        email,
        role: "Worker",
        photo: profile.photo,
        passwordHash: null,
        verified: true,
      });
      return { ...(await signIn(env, id)), created: true };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // made at the same moment by another request: sign in to it
      row = (await userRow(env, { email }))!;
    }
  }
  if (row.emailVerifiedAt === null) await takeOver(env, row, profile);
  return { ...(await signIn(env, row.id)), created: false };
}

/**
 * The address's owner (vouched for by Google) takes over an account someone registered with it without proving it:
 * it becomes verified with the Google name and photo, the unproven password is removed, every session and link of
 * it ends, and the owner is told in a notification.
 */
async function takeOver(env: Env, row: User, profile: ExternalProfile) {
  const now = Date.now();
  const unverified = sql`EXISTS (SELECT 1 FROM users WHERE id = ${row.id} AND email_verified_at IS NULL AND disabled_at IS NULL)`;
  await newBatch(env)
    .step("retire links", retireLinks(row.id, ["verify", "reset", "change"], now, { when: unverified }))
    .step(
      "notify",
      notification({
        id: newId(),
        userId: row.id,
        message: TAKEN_OVER,
        actionRoute: NOTIFICATION_LINKS.accountTakenOver,
        now,
        when: unverified,
      }),
    )
    .step(
      "take over",
      sql`UPDATE users SET password_hash = NULL, email_verified_at = ${now}, session_version = session_version + 1,
            name = ${profile.name || row.email}, photo = ${profile.photo}
          WHERE id = ${row.id} AND email_verified_at IS NULL AND disabled_at IS NULL`,
    )
    .run();
}

/**
 * ADMIN_EMAILS makes a listed address Admin once it is verified, and only once: the grant is recorded (also when the
 * account is an admin already), so a later demotion by another admin sticks. The promotion is in the audit log.
 */
async function grantListedAdmin(env: Env, row: User): Promise<User> {
  if (row.adminGrantUsedAt !== null || row.emailVerifiedAt === null || row.disabledAt !== null) return row;
  if (!isAdminEmail(env, row.email)) return row;
  const now = Date.now();
  const grantable = sql`id = ${row.id} AND email = ${row.email} AND admin_grant_used_at IS NULL
    AND email_verified_at IS NOT NULL AND disabled_at IS NULL`;
  await newBatch(env)
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: row.id,
        action: "user.role",
        targetType: "user",
        targetId: row.id,
        detail: `${row.email}: ${row.role} -> Admin`,
        reason: "ADMIN_EMAILS",
        now,
        when: sql`EXISTS (SELECT 1 FROM users WHERE ${grantable} AND role <> 'Admin')`,
      }),
    )
    .step("grant", sql`UPDATE users SET role = 'Admin', admin_grant_used_at = ${now} WHERE ${grantable}`)
    .run();
  return liveUserRow(env, row.id);
}

async function signIn(env: Env, id: string): Promise<{ token: string; user: SessionUser }> {
  const row = await grantListedAdmin(env, await liveUserRow(env, id));
  return { token: await createSessionToken(env, row), user: toSessionUser(row) };
}

/** Logout ends every copy of the session: tokens carry the version they were issued with. */
export async function logout(env: Env, userId: string) {
  await getDb(env)
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
}

/** "Resend": another verification link to the caller's address. */
export async function resendVerification(env: Env, user: SessionUser, origin: string) {
  if (user.emailVerified) throw conflict(ALREADY_VERIFIED);
  await limitEmails(env, `verify-email:${user.id}`);
  await sendVerification(env, user, origin);
}

/**
 * Opens a verification link (the address becomes verified) or an address-change link (the account's address
 * becomes the new one, verified; the old address is told). Either way the link is used in the same batch, once.
 * Returns what the link was for and the user afterwards.
 */
export async function confirmEmailLink(env: Env, secret: string, origin: string) {
  const link = await usableLink(env, secret, ["verify", "change"]);
  if (!link) throw new AppError("bad_request", LINK_NOT_VALID);
  const before = await liveUserRow(env, link.userId);
  const now = Date.now();
  const usable = stillUsable(link, now);
  const batch = newBatch(env);
  if (link.purpose === "verify") {
    batch.step(
      "apply",
      sql`UPDATE users SET email_verified_at = COALESCE(email_verified_at, ${now})
        WHERE id = ${link.userId} AND email = ${link.email} AND disabled_at IS NULL AND ${usable}`,
    );
  } else {
    // links sent to the old address (a reset, a verification) and other pending changes go stale
    batch
      .step(
        "retire links",
        retireLinks(link.userId, ["verify", "reset", "change"], now, { except: link, when: usable }),
      )
      .step(
        "apply",
        sql`UPDATE users SET email = ${link.email}, email_verified_at = ${now}
          WHERE id = ${link.userId} AND disabled_at IS NULL AND ${usable}`,
      );
  }
  const done = await batch.step("use", markUsed(link, now)).run({
    refusal: () => new AppError("conflict", EMAIL_EXISTS),
    constraint: "users.email",
  });
  if (!done.changes("use") || !done.changes("apply")) throw new AppError("bad_request", LINK_NOT_VALID);
  if (link.purpose === "change") {
    await sendMail(env, emailChangedLetter(before, link.email, new URL("/contact", origin).toString())).catch(
      (e: unknown) => console.error("The email-changed notice was not sent", e),
    );
  }
  const after = await grantListedAdmin(env, await liveUserRow(env, link.userId));
  return { purpose: link.purpose, user: toSessionUser(after) };
}

/**
 * An e-mail change asks for the current password (when the account has one) and sends a link to the new address;
 * nothing changes until that link is opened. A newer request replaces an older one.
 */
export async function requestEmailChange(env: Env, user: SessionUser, input: ChangeEmailInput, origin: string) {
  const row = await liveUserRow(env, user.id);
  if (input.email === row.email) {
    throw new AppError("validation_failed", SAME_EMAIL, { email: [SAME_EMAIL] });
  }
  if (row.passwordHash !== null) await checkCurrentPassword(env, row, input.currentPassword ?? "");
  if (await userRow(env, { email: input.email })) {
    throw new AppError("conflict", EMAIL_EXISTS, { email: [EMAIL_EXISTS] });
  }
  await limitEmails(env, `change-email:${user.id}`);
  await getDb(env).run(retireLinks(row.id, ["change"], Date.now()));
  await sendLink(env, { purpose: "change", userId: row.id, email: input.email, origin }, (url) =>
    confirmNewEmailLetter(row, input.email, url),
  );
}

/** Name and photo (a new photo only when one was uploaded: `photo` null keeps the current one). */
export async function updateProfile(env: Env, user: SessionUser, input: { name: string; photo: string | null }) {
  const done = await getDb(env)
    .update(users)
    .set({ name: input.name, photo: input.photo ?? sql`${users.photo}` })
    .where(sql`${users.id} = ${user.id} AND ${users.disabledAt} IS NULL`);
  if (!done.meta.changes) throw notFound("User not found");
}

/** Whether the account has a password (Google-made accounts have none until a reset link sets one). */
export async function hasPassword(env: Env, userId: string): Promise<boolean> {
  return (await liveUserRow(env, userId)).passwordHash !== null;
}
