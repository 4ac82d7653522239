// Buyer Home's "Qualify": grant one of the buyer's qualifications, by hand, to the worker of a submission they liked
// (docs/product/quality.md). Revoked on the qualification's page.
import type { ActionSpec } from "~/components/actions/flow";
import type { QualificationChoice } from "./qualification-requirement";
import type { ReviewItem } from "./review-specs";

export function grantSpecFor(choices: readonly QualificationChoice[]) {
  return (s: ReviewItem): ActionSpec => ({
    intent: "grant",
    id: s.id,
    title: `Grant ${s.workerName} a qualification?`,
    description: `${s.workerName} will hold it with a score of 100 and may work on your tasks that require it.`,
    confirmLabel: "Grant",
    hidden: { worker: s.workerId },
    choice: {
      name: "qualification",
      label: "Qualification",
      options: choices.map((c) => ({ value: c.id, label: c.name })),
    },
    note: "You can revoke it on the qualification's page.",
    inlineErrors: true,
  });
}
