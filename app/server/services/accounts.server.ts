// Sign-up, sign-in and sign-out of the embedded identity provider; verified e-mail addresses (the links, the
// "verify first" rule of money actions), Google sign-in and its linking rule, the one-time ADMIN_EMAILS grant, and
// the profile (docs/product/identity.md, docs/decisions/010-identity-verification-and-linking.md).
import type { Language } from "~/lib/i18n/languages";
import { and, eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { adminGrants, users, type User } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import { hashPassword, verifyPassword } from "../auth/password";
import { passwordRounds } from "../environment.server";
import { isGuessable, requireUnguessable } from "../auth/password-rule.server";
import {
  createDeviceToken,
  createSessionToken,
  knownDevice,
  toSessionUser,
  type ExternalProfile,
  type KnownDevice,
  type SessionUser,
} from "../auth/session.server";
import {
  approveEmailChangeLetter,
  confirmNewEmailLetter,
  emailChangedLetter,
  verifyEmailLetter,
} from "../email/letters.server";
import { sendMail } from "../email/mailer.server";
import {
  ACCOUNT_CHANGING_LINKS,
  ALL_LINKS,
  limitEmails,
  markUsed,
  retireLinks,
  sendLink,
  stillUsable,
  usableLink,
} from "./email-links.server";
import { audit, notice, notification, posting } from "./ledger.server";
import { checkCurrentPassword } from "./passwords.server";
import { revokeRequesterKeys } from "./key-revocation.server";
import { forgetPushSubscriptions } from "./push.server";
import {
  checkLoginThrottle,
  isKnownAddress,
  recordLoginFailure,
  recordLoginSuccess,
  type SignInAttempt,
} from "./login-throttle.server";
import { clientAddress } from "./rate-limit.server";
import { SIGNUP_COINS } from "~/lib/coins";
import { NOTIFICATION_LINKS } from "~/lib/notifications";
import { taskPagePath } from "~/lib/roles";
import { LINK_NOT_VALID, PASSWORD_MIN_LENGTH, type ChangeEmailInput, type RegisterInput } from "~/lib/schemas/auth";

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
  /** a local demo account (scripts/seed-data.ts), whose documented short password is never flagged */
  demo?: boolean;
  /** the country they gave (ISO 3166-1 alpha-2), if any */
  country?: string | null;
  /** the language they signed up in (the one the page was shown in): their e-mails and notifications come in it */
  language?: Language;
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
        // chosen under the password rule (register checks it first)
        passwordMeetsRule: a.passwordHash === null ? null : 1,
        demo: a.demo ? 1 : 0,
        country: a.country ?? null,
        language: a.language ?? "en",
      }),
    )
    .step("bonus", ...posting({ id: newId(), userId: id, delta: SIGNUP_COINS[a.role], kind: "signup_bonus", now }))
    .run({
      refusal: () => new AppError("conflict", EMAIL_EXISTS, { email: [EMAIL_EXISTS] }),
      constraint: "users.email",
    });
  return id;
}

/** The verification link; `next`: the task page it leads to once confirmed (taskPagePath checks it). */
function sendVerification(
  env: Env,
  user: { id: string; name: string; email: string; language: Language },
  origin: string,
  next: string | null,
) {
  return sendLink(
    env,
    { purpose: "verify", userId: user.id, email: user.email, origin, next: taskPagePath(next) },
    (url) => verifyEmailLetter(user, url),
  );
}

/**
 * A new password account, unverified: it is signed in at once and the verification link goes to its address
 * (links under `origin`), leading to `next` once confirmed when that is a task page (a worker who signed up to do
 * it). A message that cannot be sent does not undo the account: "Resend" sends another.
 */
export async function register(
  env: Env,
  input: RegisterInput & { language?: Language },
  origin: string,
  next: string | null = null,
) {
  await requireUnguessable(input.password, [input.name, input.email]);
  const id = await createAccount(env, {
    name: input.name,
    email: input.email,
    role: input.role,
    photo: input.photo || null,
    passwordHash: await hashPassword(input.password, passwordRounds(env)),
    verified: false,
    country: input.country ?? null,
    language: input.language,
  });
  const person = { id, name: input.name, email: input.email, language: input.language ?? "en" };
  await sendVerification(env, person, origin, next).catch((e: unknown) =>
    console.error("The verification email was not sent", e),
  );
  return signIn(env, id);
}

/** Who is signing in, as the sign-in throttle tells clients apart: their address and their device token, if any. */
export interface SignInClient {
  address: string;
  device: KnownDevice | null;
}

export async function signInClient(env: Env, request: Request): Promise<SignInClient> {
  return { address: clientAddress(request), device: await knownDevice(env, request) };
}

/**
 * Throttled (login-throttle.server.ts): a client the account knows (its device token, an address it signed in
 * from) is never held up by failures from elsewhere.
 */
export async function login(env: Env, email: string, password: string, client: SignInClient) {
  const row = await userRow(env, { email });
  const attempt: SignInAttempt = {
    email,
    address: client.address,
    userId: row?.id ?? null,
    device: row && client.device?.userId === row.id ? client.device : null,
    // asked for every e-mail alike, so that the time taken tells nothing
    knownAddress: await isKnownAddress(env, row?.id ?? "", client.address),
  };
  await checkLoginThrottle(env, attempt);
  const ok = await verifyPassword(password, row?.passwordHash, passwordRounds(env));
  if (!row || !ok) {
    await recordLoginFailure(env, attempt);
    throw new AppError("unauthorized", BAD_CREDENTIALS);
  }
  await recordLoginSuccess(env, { ...attempt, userId: row.id });
  // Said only to someone who knows the password: it would otherwise tell strangers which e-mails had accounts.
  if (row.disabledAt !== null) throw new AppError("unauthorized", "This account has been removed");
  await notePasswordRule(env, row, password);
  return signIn(env, row.id);
}

/**
 * A password set before the password rule is checked at its next sign-in, once: below the rule, the dashboard asks
 * for a new one (SessionUser.weakPassword) until it changes. The demo accounts keep their documented password.
 */
async function notePasswordRule(env: Env, row: User, password: string): Promise<void> {
  if (row.demo === 1 || row.passwordMeetsRule !== null) return;
  const meets = password.length >= PASSWORD_MIN_LENGTH && !(await isGuessable(password, [row.name, row.email]));
  await getDb(env)
    .update(users)
    .set({ passwordMeetsRule: meets ? 1 : 0 })
    .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash!)));
}

/**
 * Google (or another OIDC issuer) vouched for `profile.email` (callers accept only `email_verified: true`). No
 * account: a verified Worker is made (`created`), reading Coinwork in `language` (the sign-in page's; the REST API's
 * English by default). A verified account: it signs in with its role. An unverified one (a password account that
 * never proved the address) is taken over: see `takeOver`.
 */
export async function signInWithVerifiedEmail(env: Env, profile: ExternalProfile, language: Language = "en") {
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
        language,
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
    .step("retire links", retireLinks(row.id, ALL_LINKS, now, { when: unverified }))
    .step(
      "notify",
      notification({
        id: newId(),
        userId: row.id,
        message: notice("account.takenOver"),
        actionRoute: NOTIFICATION_LINKS.accountTakenOver,
        now,
        when: unverified,
      }),
    )
    .step(
      "take over",
      sql`UPDATE users SET password_hash = NULL, password_meets_rule = NULL, email_verified_at = ${now},
            session_version = session_version + 1, name = ${profile.name || row.email}, photo = ${profile.photo}
          WHERE id = ${row.id} AND email_verified_at IS NULL AND disabled_at IS NULL`,
    )
    .run();
}

/**
 * ADMIN_EMAILS makes a listed address Admin once it is verified, and only once, ever: the grant is remembered by
 * address (admin_grants, also when the account is an admin already), so neither a later demotion by another admin
 * nor an account that moved away and a new one registered at the address gets it again. The promotion is in the
 * audit log.
 */
async function grantListedAdmin(env: Env, row: User): Promise<User> {
  if (row.emailVerifiedAt === null || row.disabledAt !== null || !isAdminEmail(env, row.email)) return row;
  const db = getDb(env);
  if ((await db.select().from(adminGrants).where(eq(adminGrants.email, row.email)).limit(1)).length) return row;
  const now = Date.now();
  const grantable = sql`id = ${row.id} AND email = ${row.email} AND email_verified_at IS NOT NULL
    AND disabled_at IS NULL AND NOT EXISTS (SELECT 1 FROM admin_grants WHERE email = ${row.email})`;
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
    .step("promote", sql`UPDATE users SET role = 'Admin' WHERE ${grantable}`)
    // last: the steps above hold only while the address has no grant
    .step(
      "grant",
      sql`INSERT INTO admin_grants (email, user_id, granted_at)
        SELECT ${row.email}, ${row.id}, ${now} WHERE EXISTS (SELECT 1 FROM users WHERE ${grantable})`,
    )
    .run();
  return liveUserRow(env, row.id);
}

/**
 * A signed-in account: its session token, the user, and a device token for the client (session.server.ts
 * `deviceCookie`), which lets it past the account's own sign-in wait next time.
 */
export interface SignedIn {
  token: string;
  user: SessionUser;
  device: string;
}

async function signIn(env: Env, id: string): Promise<SignedIn> {
  const row = await grantListedAdmin(env, await liveUserRow(env, id));
  const [token, device] = await Promise.all([createSessionToken(env, row), createDeviceToken(env, row.id)]);
  return { token, user: toSessionUser(row), device };
}

/**
 * Every logout ends every copy of the session (tokens carry the version they were issued with) and every e-mailed
 * link that changes the account (a reset, an address change and its approval), so that whoever held a session
 * cannot finish what they started. Settings' "Sign out everywhere" (`everywhere`) ends the verification links too,
 * and revokes every requester key; an everyday logout keeps them, so that a new account can still confirm its address from the letter afterwards.
 */
export async function logout(env: Env, userId: string, everywhere = false) {
  const now = Date.now();
  const batch = newBatch(env).step(
    "retire links",
    retireLinks(userId, everywhere ? ALL_LINKS : ACCOUNT_CHANGING_LINKS, now),
  );
  if (everywhere) batch.step("revoke keys", revokeRequesterKeys(userId, now));
  await batch
    .step("end sessions", sql`UPDATE users SET session_version = session_version + 1 WHERE id = ${userId}`)
    .step("forget push", forgetPushSubscriptions(userId))
    .run();
}

/** "Resend": another verification link to the caller's address (leading to `next` when it is a task page). */
export async function resendVerification(env: Env, user: SessionUser, origin: string, next: string | null = null) {
  if (user.emailVerified) throw conflict(ALREADY_VERIFIED);
  await limitEmails(env, `verify-email:${user.id}`);
  await sendVerification(env, user, origin, next);
}

/** What an e-mailed link confirms, for the page it opens (which changes nothing until its button is pressed). */
export interface LinkPreview {
  purpose: "verify" | "change" | "change_approval";
  /** the address the link confirms: the account's (verify), the new one (change, change_approval) */
  email: string;
}

const CONFIRMABLE = ["verify", "change", "change_approval"] as const;

/** The link behind `secret`, if it still works and is one the verification page confirms; else null. */
export async function previewEmailLink(env: Env, secret: string): Promise<LinkPreview | null> {
  const link = await usableLink(env, secret, [...CONFIRMABLE]);
  if (!link) return null;
  const row = await userRow(env, { id: link.userId });
  if (!row || row.disabledAt !== null) return null;
  return {
    purpose: link.purpose as LinkPreview["purpose"],
    email: link.purpose === "change_approval" ? link.newEmail! : link.email,
  };
}

/**
 * The verification page's button (a POST: mail scanners that open links change nothing). A verification link: the
 * address becomes verified. An approval (an account without a password asked for another address): the new address
 * gets its confirmation link. A change link: the account's address becomes the new one, verified; every other
 * link and every session of the account end (a new session token is given when the confirming browser is signed in
 * to the account, `signedInId`), and the old address is told. The link is used in the same batch as its change, once.
 */
export async function confirmEmailLink(env: Env, secret: string, origin: string, signedInId?: string) {
  const link = await usableLink(env, secret, [...CONFIRMABLE]);
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
  } else if (link.purpose === "change_approval") {
    // the approval itself changes nothing but the link (an address change since would have retired it)
    if (await userRow(env, { email: link.newEmail! })) throw new AppError("conflict", EMAIL_EXISTS);
  } else {
    batch.step("retire links", retireLinks(link.userId, ALL_LINKS, now, { except: link, when: usable })).step(
      "apply",
      sql`UPDATE users SET email = ${link.email}, email_verified_at = ${now}, session_version = session_version + 1
          WHERE id = ${link.userId} AND disabled_at IS NULL AND ${usable}`,
    );
  }
  const done = await batch.step("use", markUsed(link, now)).run({
    refusal: () => new AppError("conflict", EMAIL_EXISTS),
    constraint: "users.email",
  });
  const applied = link.purpose === "change_approval" || done.changes("apply") > 0;
  if (!done.changes("use") || !applied) throw new AppError("bad_request", LINK_NOT_VALID);
  if (link.purpose === "change_approval") {
    await sendLink(env, { purpose: "change", userId: link.userId, email: link.newEmail!, origin }, (url) =>
      confirmNewEmailLetter(before, link.newEmail!, url),
    );
    return { purpose: link.purpose, email: link.newEmail!, user: toSessionUser(before), token: null };
  }
  if (link.purpose === "change") {
    await sendMail(env, emailChangedLetter(before, link.email, new URL("/contact", origin).toString())).catch(
      (e: unknown) => console.error("The email-changed notice was not sent", e),
    );
  }
  const after = await grantListedAdmin(env, await liveUserRow(env, link.userId));
  const token = link.purpose === "change" && signedInId === link.userId ? await createSessionToken(env, after) : null;
  return { purpose: link.purpose, email: after.email, user: toSessionUser(after), token };
}

/**
 * An e-mail change proves the account holder first: the current password when the account has one, else the
 * current address (an approval link goes there, and only its approval sends the new address its link). Nothing
 * changes until the new address's link is opened. A newer request replaces an older one. Returns where the link
 * went and what it asks.
 */
export async function requestEmailChange(env: Env, user: SessionUser, input: ChangeEmailInput, origin: string) {
  const row = await liveUserRow(env, user.id);
  if (input.email === row.email) {
    throw new AppError("validation_failed", SAME_EMAIL, { email: [SAME_EMAIL] });
  }
  const withPassword = row.passwordHash !== null;
  if (withPassword) await checkCurrentPassword(env, row, input.currentPassword ?? "");
  if (await userRow(env, { email: input.email })) {
    throw new AppError("conflict", EMAIL_EXISTS, { email: [EMAIL_EXISTS] });
  }
  await limitEmails(env, `change-email:${user.id}`);
  await getDb(env).run(retireLinks(row.id, ["change", "change_approval"], Date.now()));
  if (withPassword) {
    await sendLink(env, { purpose: "change", userId: row.id, email: input.email, origin }, (url) =>
      confirmNewEmailLetter(row, input.email, url),
    );
    return { sentTo: input.email, approval: false };
  }
  await sendLink(
    env,
    { purpose: "change_approval", userId: row.id, email: row.email, newEmail: input.email, origin },
    (url) => approveEmailChangeLetter(row, input.email, url),
  );
  return { sentTo: row.email, approval: true };
}

/**
 * Name, country and photo (a new photo only when one was uploaded: `photo` null keeps the current one; no country
 * clears it).
 */
export async function updateProfile(
  env: Env,
  user: SessionUser,
  input: { name: string; photo: string | null; country?: string | null },
) {
  const done = await getDb(env)
    .update(users)
    .set({ name: input.name, photo: input.photo ?? sql`${users.photo}`, country: input.country ?? null })
    .where(sql`${users.id} = ${user.id} AND ${users.disabledAt} IS NULL`);
  if (!done.meta.changes) throw notFound("User not found");
}

/** Whether the account has a password (Google-made accounts have none until a reset link sets one). */
export async function hasPassword(env: Env, userId: string): Promise<boolean> {
  return (await liveUserRow(env, userId)).passwordHash !== null;
}

/** The country the user gave (ISO 3166-1 alpha-2), or null. */
export async function countryOf(env: Env, userId: string): Promise<string | null> {
  const [row] = await getDb(env).select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.country ?? null;
}
