import * as v from "valibot";

/** An access key id as Coinwork makes them (AKCW and 16 base-32 characters). */
const accessKeyIdField = v.pipe(
  v.string("Choose a key"),
  v.regex(/^AKCW[A-Z2-7]{16}$/, "That is not one of your access key ids"),
);

/** Settings' requester keys: revoking one (creating one takes no input). */
export const requesterKeyActionSchema = v.variant("intent", [
  v.object({ intent: v.literal("revoke"), id: accessKeyIdField }),
]);
