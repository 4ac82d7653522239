// The approval rate's rule in one line, in the worker's language (app/lib/eligibility.ts's APPROVAL_RATE_RULE, which
// the server's refusals say in English).
import { PRIOR_RATE, PRIOR_WEIGHT, SMOOTHED_BELOW } from "~/lib/eligibility";
import { useFormat, useWords } from "~/lib/i18n/react";

export function useApprovalRateRule(): string {
  const t = useWords("worker");
  const f = useFormat();
  return t("approvalRateRule", {
    smoothedBelow: f.count(SMOOTHED_BELOW),
    priorWeight: f.count(PRIOR_WEIGHT),
    priorRate: f.count(PRIOR_RATE * 100),
  });
}
