// How an action's outcome is told, decided once per kind of action (docs/product/messages.md, "How outcomes are
// told"): a toast, which closes itself and sits where it covers no live figure, for everything that can be done
// again or undone; a dialog, which waits for OK, for the actions below that end something for good or pay money
// out, as the product's original specification names them. A confirmed action's spec carries its kind (ActionSpec.feedback).

import type { Key } from "~/lib/i18n/messages";

export interface Feedback {
  ok: "dialog";
  refused: "dialog" | "toast";
  /** a toast with these words (a key of the common words) beside a refusal's dialog */
  refusedToast?: Key<"common">;
}

export const FEEDBACK = {
  /** a task deleted (My Tasks, Manage Tasks): 'Deleted!' in a dialog; a refusal as an error toast (the original specification) */
  deleted: { ok: "dialog", refused: "toast" },
  /** a user removed: 'Removed!', or 'Error' with 'Failed to delete user.', in a dialog */
  removed: { ok: "dialog", refused: "dialog" },
  /** a withdrawal paid out: 'Successfully Approved!' or 'Not Approved!' in a dialog, and 'Payment not approved' */
  paidOut: { ok: "dialog", refused: "dialog", refusedToast: "feedback.paymentNotApproved" },
} as const satisfies Record<string, Feedback>;
