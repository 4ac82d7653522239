// A buyer's MTurk Requester API keys (docs/mturk.md): created and revoked by their buyer, the secret shown once and
// stored sealed under MTURK_KEY_SECRET; the requester API finds the buyer and secret behind a signed request's key.
import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { requesterKeys, userSummaryColumns, users } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import { toSessionUser, type SessionUser } from "../auth/session.server";
import { requireVerifiedEmail } from "../auth/guards.server";
import { newKeyPair, openSecret, sealSecret } from "../mturk/key-sealing.server";

export const KEYS_NOT_CONFIGURED =
  "Requester keys are not set up on this server (the MTURK_KEY_SECRET secret is missing).";

/** The Worker secret that seals requester secrets; without it no key is made or checked (fails closed). */
function masterSecret(env: Pick<Env, "MTURK_KEY_SECRET">): string {
  if (!env.MTURK_KEY_SECRET) throw new AppError("keys_unavailable", KEYS_NOT_CONFIGURED);
  return env.MTURK_KEY_SECRET;
}

/** A new key for a verified buyer: the only answer that ever holds its secret. */
export async function createRequesterKey(env: Env, buyer: SessionUser) {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can create requester keys");
  requireVerifiedEmail(buyer);
  const master = masterSecret(env);
  const pair = newKeyPair();
  await getDb(env)
    .insert(requesterKeys)
    .values({
      accessKeyId: pair.accessKeyId,
      userId: buyer.id,
      sealedSecret: await sealSecret(master, pair.accessKeyId, pair.secretAccessKey),
      createdAt: Date.now(),
    });
  return pair;
}

/** The buyer's keys, newest first, without their secrets. */
export function listRequesterKeys(env: Env, userId: string) {
  return getDb(env)
    .select({
      accessKeyId: requesterKeys.accessKeyId,
      createdAt: requesterKeys.createdAt,
      revokedAt: requesterKeys.revokedAt,
    })
    .from(requesterKeys)
    .where(eq(requesterKeys.userId, userId))
    .orderBy(desc(requesterKeys.createdAt));
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

/** The live buyer and the secret behind a live key; null for an unknown, revoked or unopenable key. */
export async function requesterByKey(
  env: Env,
  accessKeyId: string,
): Promise<{ user: SessionUser; secretAccessKey: string } | null> {
  const master = masterSecret(env);
  const [row] = await getDb(env)
    .select({
      sealedSecret: requesterKeys.sealedSecret,
      ...userSummaryColumns,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordMeetsRule: users.passwordMeetsRule,
    })
    .from(requesterKeys)
    .innerJoin(users, eq(users.id, requesterKeys.userId))
    .where(and(eq(requesterKeys.accessKeyId, accessKeyId), isNull(requesterKeys.revokedAt), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  const secretAccessKey = await openSecret(master, accessKeyId, row.sealedSecret);
  return secretAccessKey === null ? null : { user: toSessionUser(row), secretAccessKey };
}
