import * as v from "valibot";
import { said } from "../i18n/validation";

/** The most live (unrevoked) requester keys a buyer holds at once. */
export const MAX_LIVE_KEYS = 10;
export const TOO_MANY_KEYS = `You have ${MAX_LIVE_KEYS} active keys, the most a buyer can have: revoke one you no longer use first.`;

/** How long after signing in an account without a password may make a key (its proof instead of a password). */
export const RECENT_SIGN_IN_MINUTES = 10;
export const SIGN_IN_AGAIN = `Sign in again with Google to create a key: without a password, a key can be made only in the ${RECENT_SIGN_IN_MINUTES} minutes after signing in.`;

/** An access key id as Coinwork makes them (AKCW and 16 base-32 characters). */
const accessKeyIdField = v.pipe(
  v.string(said("keys.choose", "Choose a key")),
  v.regex(/^AKCW[A-Z2-7]{16}$/, said("keys.notYours", "That is not one of your access key ids")),
);

/** Settings' requester keys: revoking one. */
export const requesterKeyActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("revoke"), id: accessKeyIdField }),
]);

/**
 * Creating one: the current password (an account without one leaves it out: a recent sign-in is its proof, checked
 * on the server).
 */
export const createRequesterKeySchema = v.object({
  currentPassword: v.optional(
    v.pipe(v.string(), v.maxLength(200, said("text.atMost", "At most 200 characters", { max: 200 }))),
  ),
});
