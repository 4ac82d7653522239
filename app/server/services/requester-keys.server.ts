// A buyer's MTurk Requester API keys (docs/mturk.md): created and revoked by their buyer, the secret shown once and
// stored sealed under MTURK_KEY_SECRET; the requester API finds the buyer and secret behind a signed request's key.
// A key follows its owner's trust: making one asks the owner to prove who they are and e-mails them, a buyer holds
// at most MAX_LIVE_KEYS, the events that end sessions revoke them all (key-revocation.server.ts), and a key signs
// only while its owner is a live, verified Buyer.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { requesterKeys, sessionUserColumns, users } from "../db/schema";
import { AppError, conflict, forbidden, notFound } from "../errors";
import { toSessionUser, type SessionUser } from "../auth/session.server";
import { requireVerifiedEmail } from "../auth/guards.server";
import { requesterKeyCreatedLetter } from "../email/letters.server";
import { sendMail } from "../email/mailer.server";
import { newKeyPair, openSecret, sealSecret } from "../mturk/key-sealing.server";
import { checkCurrentPassword } from "./passwords.server";
import { CHANGED_MEANWHILE } from "./ledger.server";
import { MAX_LIVE_KEYS, RECENT_SIGN_IN_MINUTES, SIGN_IN_AGAIN, TOO_MANY_KEYS } from "~/lib/schemas/requester-keys";
import { ENTER_CURRENT_PASSWORD } from "~/lib/schemas/auth";

/** Whether a session signed in at `signedInAt` (null: unknown) is recent enough to stand for a password. */
export const signedInRecently = (signedInAt: number | null) =>
  signedInAt !== null && Date.now() - signedInAt <= RECENT_SIGN_IN_MINUTES * 60_000;

export const KEYS_NOT_CONFIGURED =
  "Requester keys are not set up on this server (the MTURK_KEY_SECRET secret is missing).";

/** The Worker secret that seals requester secrets; without it no key is made or checked (fails closed). */
function masterSecret(env: Pick<Env, "MTURK_KEY_SECRET">): string {
  if (!env.MTURK_KEY_SECRET) throw new AppError("keys_unavailable", KEYS_NOT_CONFIGURED);
  return env.MTURK_KEY_SECRET;
}

/** How the buyer proves it is them: the current password, or (an account without one) a session just signed in. */
export interface KeyProof {
  currentPassword?: string;
  /** when the request's session was signed in (session.server.ts sessionSignedInAt), null if unknown */
  signedInAt: number | null;
  /** this site's origin, for the e-mail's link (environment.server.ts appOrigin) */
  origin: string;
}

/** The SQL of "this user still holds `MAX_LIVE_KEYS` live keys" (over the partial index of live keys, migrations/0060). */
const liveKeysFull = (userId: string) =>
  sql`(SELECT COUNT(*) FROM requester_keys WHERE user_id = ${userId} AND revoked_at IS NULL) >= ${MAX_LIVE_KEYS}`;

/**
 * A new key for a verified buyer who has just proven it is them (`KeyProof`): the only answer that ever holds its
 * secret. It is stored only while the account is as it was read (a Buyer, verified, live, no session ended since:
 * a password change or "Sign out everywhere" racing with it wins) and holds fewer than MAX_LIVE_KEYS live keys; then
 * the owner is e-mailed, so that a key they did not make does not go unnoticed.
 */
export async function createRequesterKey(env: Env, buyer: SessionUser, proof: KeyProof) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can create requester keys");
  requireVerifiedEmail(buyer);
  const master = masterSecret(env);
  const db = getDb(env);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, buyer.id), isNull(users.disabledAt)))
    .limit(1);
  if (!row) throw notFound("User not found");
  if (row.passwordHash !== null) {
    if (!proof.currentPassword)
      throw new AppError("validation_failed", ENTER_CURRENT_PASSWORD, { currentPassword: [ENTER_CURRENT_PASSWORD] });
    await checkCurrentPassword(env, row, proof.currentPassword);
  } else if (!signedInRecently(proof.signedInAt)) {
    throw forbidden(SIGN_IN_AGAIN).saying("keys.signInAgain", { minutes: RECENT_SIGN_IN_MINUTES });
  }
  const pair = newKeyPair();
  const sealed = await sealSecret(master, pair.accessKeyId, pair.secretAccessKey);
  const done = await db.run(sql`INSERT INTO requester_keys (access_key_id, user_id, sealed_secret, created_at)
    SELECT ${pair.accessKeyId}, ${row.id}, ${sealed}, ${Date.now()}
    WHERE EXISTS (SELECT 1 FROM users WHERE id = ${row.id} AND role = 'Buyer' AND disabled_at IS NULL
        AND email_verified_at IS NOT NULL AND session_version = ${row.sessionVersion})
      AND NOT ${liveKeysFull(row.id)}`);
  if (done.meta.changes === 0) {
    const full = await db.get<{ full: number }>(sql`SELECT ${liveKeysFull(row.id)} AS full`);
    throw full?.full
      ? conflict(TOO_MANY_KEYS).saying("keys.tooMany", { count: MAX_LIVE_KEYS })
      : conflict(CHANGED_MEANWHILE);
  }
  const keysPage = new URL("/dashboard/apikeys", proof.origin).toString();
  await sendMail(env, requesterKeyCreatedLetter(row, pair.accessKeyId, keysPage)).catch((e: unknown) =>
    console.error("The new-key notice was not sent", e),
  );
  return pair;
}

/**
 * The keys page's reads, in one step: the buyer's keys, newest first, without their secrets, and whether the account
 * has a password (else a recent sign-in is its proof).
 */
export async function requesterKeysPage(env: Env, userId: string) {
  const db = getDb(env);
  const [keys, [account]] = await Promise.all([
    db
      .select({
        accessKeyId: requesterKeys.accessKeyId,
        createdAt: requesterKeys.createdAt,
        revokedAt: requesterKeys.revokedAt,
      })
      .from(requesterKeys)
      .where(eq(requesterKeys.userId, userId))
      .orderBy(desc(requesterKeys.createdAt)),
    db
      .select({ hasPassword: sql<number>`${users.passwordHash} IS NOT NULL` })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
  ]);
  return { keys, hasPassword: account?.hasPassword === 1 };
}

/** Revokes one of the buyer's own keys: it signs nothing from now on. */
export async function revokeRequesterKey(env: Env, buyer: SessionUser, accessKeyId: string) {
  const done = await getDb(env)
    .update(requesterKeys)
    .set({ revokedAt: Date.now() })
    .where(
      and(
        eq(requesterKeys.accessKeyId, accessKeyId),
        eq(requesterKeys.userId, buyer.id),
        isNull(requesterKeys.revokedAt),
      ),
    );
  if (done.meta.changes === 0) throw notFound("Key not found");
  return { revoked: accessKeyId };
}

/**
 * The live buyer and the secret behind a live key; null for an unknown, revoked or unopenable key, and for a key
 * whose owner is no longer a live, verified Buyer (a key works only while its owner is one).
 */
export async function requesterByKey(
  env: Env,
  accessKeyId: string,
): Promise<{ user: SessionUser; secretAccessKey: string } | null> {
  const master = masterSecret(env);
  const [row] = await getDb(env)
    .select({
      sealedSecret: requesterKeys.sealedSecret,
      ...sessionUserColumns,
    })
    .from(requesterKeys)
    .innerJoin(users, eq(users.id, requesterKeys.userId))
    .where(
      and(
        eq(requesterKeys.accessKeyId, accessKeyId),
        isNull(requesterKeys.revokedAt),
        isNull(users.disabledAt),
        eq(users.role, "Buyer"),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const secretAccessKey = await openSecret(master, accessKeyId, row.sealedSecret);
  return secretAccessKey === null ? null : { user: toSessionUser(row), secretAccessKey };
}
