// The links Coinwork e-mails (verify an address, reset a password, confirm a new address): a random secret in the
// link, only its SHA-256 in D1 (email_links) with what it is for, whose it is, the address it went to and when it
// expires. A link is used by the batch that makes its change: that batch's last step marks it used, on condition
// that it was still unused and unexpired, and every other step requires the same (docs/decisions/010-…).
import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { emailLinkPurposes, emailLinks, type EmailLinkPurpose } from "../db/schema";
import { sendMail, type Mail } from "../email/mailer.server";
import { AppError } from "../errors";
import { rateLimit } from "./rate-limit.server";

const MINUTE = 60_000;
/** How long each kind of link works. */
export const LINK_LIFETIME_MS: Record<EmailLinkPurpose, number> = {
  verify: 24 * 60 * MINUTE,
  change: 24 * 60 * MINUTE,
  change_approval: 24 * 60 * MINUTE,
  reset: 30 * MINUTE,
};

/**
 * The pages the links open: routes/auth/verify-email.tsx shows what a link confirms and confirms it with a button
 * (a POST, so that a mail scanner that opens links changes nothing); reset-password.tsx takes a password.
 */
const LINK_PATH: Record<EmailLinkPurpose, string> = {
  verify: "/verify-email",
  change: "/verify-email",
  change_approval: "/verify-email",
  reset: "/reset-password",
};

/** Every kind of link: what a password reset or change, a sign-out everywhere and an address change all end. */
export const ALL_LINKS: EmailLinkPurpose[] = [...emailLinkPurposes];

/** The links that change an account (not a verification of its own address): what every logout ends. */
export const ACCOUNT_CHANGING_LINKS: EmailLinkPurpose[] = ALL_LINKS.filter((p) => p !== "verify");

export const TOO_MANY_EMAILS =
  "You can ask for 3 emails every 10 minutes. Please check your inbox, or try again later.";

/** At most 3 messages of a kind (`key`: the kind and the account or address) every 10 minutes; a 429 after. */
export async function limitEmails(env: Env, key: string): Promise<void> {
  try {
    await rateLimit(env, key, 3, 600);
  } catch (e) {
    if (e instanceof AppError && e.code === "rate_limited") throw new AppError("rate_limited", TOO_MANY_EMAILS);
    throw e;
  }
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hashOf(secret: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
}

/**
 * Makes a link of `purpose` for the user, to `email`, and sends the letter `write` makes of its URL (absolute,
 * under `origin`: APP_ORIGIN, environment.server.ts `appOrigin`). The link is stored before the message goes out.
 * A change_approval link carries the address asked for (`newEmail`); a verification link may name the task page the
 * new worker signed up to do (`next`, a task page: roles.ts taskPagePath), where confirming it leads.
 */
export async function sendLink(
  env: Env,
  link: {
    purpose: EmailLinkPurpose;
    userId: string;
    email: string;
    newEmail?: string;
    origin: string;
    next?: string | null;
  },
  write: (url: string) => Mail,
): Promise<void> {
  const secret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const now = Date.now();
  await getDb(env)
    .insert(emailLinks)
    .values({
      tokenHash: await hashOf(secret),
      purpose: link.purpose,
      userId: link.userId,
      email: link.email,
      newEmail: link.newEmail ?? null,
      createdAt: now,
      expiresAt: now + LINK_LIFETIME_MS[link.purpose],
    });
  const url = new URL(LINK_PATH[link.purpose], link.origin);
  url.searchParams.set("token", secret);
  if (link.next) url.searchParams.set("next", link.next);
  await sendMail(env, write(url.toString()));
}

export interface UsableLink {
  tokenHash: string;
  purpose: EmailLinkPurpose;
  userId: string;
  email: string;
  newEmail: string | null;
}

/** The link behind `secret` if it is one of `purposes`, unused and unexpired; otherwise null. */
export async function usableLink(env: Env, secret: string, purposes: EmailLinkPurpose[]): Promise<UsableLink | null> {
  if (!secret) return null;
  const row = (
    await getDb(env)
      .select({
        tokenHash: emailLinks.tokenHash,
        purpose: emailLinks.purpose,
        userId: emailLinks.userId,
        email: emailLinks.email,
        newEmail: emailLinks.newEmail,
      })
      .from(emailLinks)
      .where(
        and(
          eq(emailLinks.tokenHash, await hashOf(secret)),
          isNull(emailLinks.usedAt),
          gt(emailLinks.expiresAt, Date.now()),
        ),
      )
      .limit(1)
  )[0];
  return row && purposes.includes(row.purpose) ? row : null;
}

/**
 * The user's address change still waiting (the newest working change or change_approval link): the address asked
 * for, and whether it waits for the current address's approval or the new address's confirmation. Else null.
 */
export async function pendingEmailChange(
  env: Env,
  userId: string,
): Promise<{ email: string; waitsFor: "approval" | "confirmation" } | null> {
  const row = (
    await getDb(env)
      .select({ purpose: emailLinks.purpose, email: emailLinks.email, newEmail: emailLinks.newEmail })
      .from(emailLinks)
      .where(
        and(
          eq(emailLinks.userId, userId),
          inArray(emailLinks.purpose, ["change", "change_approval"]),
          isNull(emailLinks.usedAt),
          gt(emailLinks.expiresAt, Date.now()),
        ),
      )
      .orderBy(desc(emailLinks.createdAt))
      .limit(1)
  )[0];
  if (!row) return null;
  return row.purpose === "change_approval"
    ? { email: row.newEmail!, waitsFor: "approval" }
    : { email: row.email, waitsFor: "confirmation" };
}

/** True while the link is unused and unexpired: the condition of every step of the batch that uses it. */
export const stillUsable = (link: UsableLink, now: number): SQL =>
  sql`EXISTS (SELECT 1 FROM email_links WHERE token_hash = ${link.tokenHash} AND used_at IS NULL AND expires_at > ${now})`;

/** The last step of the batch that uses the link (its pivot): marked used, once. */
export const markUsed = (link: UsableLink, now: number): SQL =>
  sql`UPDATE email_links SET used_at = ${now}
    WHERE token_hash = ${link.tokenHash} AND used_at IS NULL AND expires_at > ${now}`;

/**
 * Ends the user's other unused links of these purposes (an address or a password that changes makes them stale),
 * when `when` holds.
 */
export const retireLinks = (
  userId: string,
  purposes: EmailLinkPurpose[],
  now: number,
  opts: { except?: UsableLink; when?: SQL } = {},
): SQL =>
  sql`UPDATE email_links SET used_at = ${now}
    WHERE user_id = ${userId} AND used_at IS NULL AND purpose IN (${sql.join(
      purposes.map((p) => sql`${p}`),
      sql`, `,
    )})
      AND token_hash <> ${opts.except?.tokenHash ?? ""} AND (${opts.when ?? sql`1`})`;
