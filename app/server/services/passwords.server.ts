// Passwords after sign-up: "Forgot password?" (a single-use link valid 30 minutes), the reset it opens, and the change
// on the settings page; each ends the account's other sessions (docs/product/identity.md).
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { users, type User } from "../db/schema";
import { AppError, conflict, notFound } from "../errors";
import { hashPassword, verifyPassword } from "../auth/password";
import { passwordRounds } from "../environment.server";
import { requireUnguessable } from "../auth/password-rule.server";
import { createSessionToken } from "../auth/session.server";
import { resetPasswordLetter } from "../email/letters.server";
import { ALL_LINKS, limitEmails, markUsed, retireLinks, sendLink, stillUsable, usableLink } from "./email-links.server";
import { clearAccountFailures } from "./login-throttle.server";
import { revokeRequesterKeys } from "./key-revocation.server";
import { CHANGED_MEANWHILE } from "./ledger.server";
import { rateLimit } from "./rate-limit.server";
import { findUserByEmail } from "./users.server";
import { LINK_NOT_VALID } from "~/lib/schemas/auth";

export const WRONG_PASSWORD = "That is not your current password.";
export const NO_PASSWORD_YET =
  "Your account has no password yet. To choose one, use 'Forgot password?' on the login page: we'll email you a link.";

/** The answer to "Forgot password?", the same for every address. */
export const resetLinkSent = (email: string) =>
  `If an account uses ${email}, we've sent it a link to choose a new password. The link works for 30 minutes.`;

/**
 * "Forgot password?" (the page and POST /auth/forgot): at most 3 per address every 10 minutes, whoever asks. The
 * lookup and the e-mail run after the answer (`later`, the request's waitUntil), so that neither the answer
 * (`resetLinkSent`) nor its timing tells whether the address has an account.
 */
export async function forgotPassword(env: Env, email: string, origin: string, later: (work: Promise<void>) => void) {
  await limitEmails(env, `forgot-password:${email}`);
  later(
    requestPasswordReset(env, email, origin).catch((e: unknown) =>
      console.error("The password reset email was not sent", e),
    ),
  );
}

/** A reset link to a live account with this address; nothing for any other address. */
async function requestPasswordReset(env: Env, email: string, origin: string): Promise<void> {
  const row = await findUserByEmail(env, email);
  if (!row) return;
  await sendLink(env, { purpose: "reset", userId: row.id, email: row.email, origin }, (url) =>
    resetPasswordLetter(row, url),
  );
}

/** Whether a reset link still works (the reset page asks before showing its form). */
export async function resetLinkUsable(env: Env, secret: string): Promise<boolean> {
  return (await usableLink(env, secret, ["reset"])) !== null;
}

/**
 * Sets a new password from a reset link, once: every session of the account ends (the version goes up), every other
 * link of it dies (a pending address change above all), every requester key is revoked, its sign-in failures are
 * forgotten, and the address counts as verified (the link reached it).
 */
export async function resetPassword(env: Env, secret: string, password: string): Promise<void> {
  const link = await usableLink(env, secret, ["reset"]);
  if (!link) throw new AppError("bad_request", LINK_NOT_VALID);
  await requireUnguessable(password, [link.email]);
  const hash = await hashPassword(password, passwordRounds(env));
  const now = Date.now();
  const usable = stillUsable(link, now);
  const done = await newBatch(env)
    .step("retire links", retireLinks(link.userId, ALL_LINKS, now, { except: link, when: usable }))
    .step("forget failures", clearAccountFailures(link.email, usable))
    .step("revoke keys", revokeRequesterKeys(link.userId, now, usable))
    .step(
      "password",
      sql`UPDATE users SET password_hash = ${hash}, password_meets_rule = 1, session_version = session_version + 1,
            email_verified_at = COALESCE(email_verified_at, ${now})
          WHERE id = ${link.userId} AND email = ${link.email} AND disabled_at IS NULL AND ${usable}`,
    )
    .step("use", markUsed(link, now))
    .run();
  if (!done.changes("use") || !done.changes("password")) throw new AppError("bad_request", LINK_NOT_VALID);
}

/** The current password, checked before a change of password or address (10 tries per 10 minutes). */
export async function checkCurrentPassword(env: Env, row: User, password: string): Promise<void> {
  await rateLimit(env, `current-password:${row.id}`, 10, 600);
  if (!(await verifyPassword(password, row.passwordHash, passwordRounds(env)))) {
    throw new AppError("validation_failed", WRONG_PASSWORD, { currentPassword: [WRONG_PASSWORD] });
  }
}

/**
 * A new password for a signed-in user who knows the current one. Every other session ends, every e-mailed link of
 * the account and every requester key; the answer is a new session token for this one.
 */
export async function changePassword(env: Env, userId: string, current: string, next: string): Promise<string> {
  const db = getDb(env);
  const row = (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.disabledAt)))
      .limit(1)
  )[0];
  if (!row) throw notFound("User not found");
  if (row.passwordHash === null) throw conflict(NO_PASSWORD_YET);
  await checkCurrentPassword(env, row, current);
  await requireUnguessable(next, [row.name, row.email]);
  const hash = await hashPassword(next, passwordRounds(env));
  const now = Date.now();
  const unchanged = sql`id = ${row.id} AND password_hash = ${row.passwordHash} AND disabled_at IS NULL`;
  const stillUnchanged = sql`EXISTS (SELECT 1 FROM users WHERE ${unchanged})`;
  const done = await newBatch(env)
    .step("retire links", retireLinks(row.id, ALL_LINKS, now, { when: stillUnchanged }))
    .step("revoke keys", revokeRequesterKeys(row.id, now, stillUnchanged))
    .step(
      "password",
      sql`UPDATE users SET password_hash = ${hash}, password_meets_rule = 1, session_version = session_version + 1
        WHERE ${unchanged}`,
    )
    .run();
  if (!done.changes("password")) throw conflict(CHANGED_MEANWHILE);
  const fresh = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0]!;
  return createSessionToken(env, fresh);
}
