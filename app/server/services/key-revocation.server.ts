// The one statement that revokes every live MTurk Requester API key of an account (docs/mturk.md, "Keys"): added to
// the batch of each event that ends the trust a key stands on (a password reset or change, "Sign out everywhere",
// the end of the account, a role change away from Buyer). Its own module, so that those services and the keys'
// own (requester-keys.server.ts) share it without importing one another.
import { sql, type SQL } from "drizzle-orm";

/** Revokes the user's live keys at `now`, in the caller's batch, when `when` holds then. */
export function revokeRequesterKeys(userId: string, now: number, when: SQL = sql`1`): SQL {
  return sql`UPDATE requester_keys SET revoked_at = ${now}
    WHERE user_id = ${userId} AND revoked_at IS NULL AND (${when})`;
}
