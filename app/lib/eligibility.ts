// Who may work on a task: the approval rate a requirement is judged on, and the words of a refusal (shared by the
// server's check and the worker's task page). docs/product/quality.md explains the smoothing.

/**
 * Below this many reviewed submissions a worker's rate is smoothed: a rate of 0 or 100 from one review says little.
 * The smoothed rate adds PRIOR_WEIGHT imaginary reviews at PRIOR_RATE (the rate a new worker is presumed to have):
 * (approved + PRIOR_WEIGHT x PRIOR_RATE) / (reviewed + PRIOR_WEIGHT).
 */
export const SMOOTHED_BELOW = 20;
export const PRIOR_WEIGHT = 5;
export const PRIOR_RATE = 0.8;

/** The approval rate in percent (0-100, one decimal) a requirement is compared with. */
export function approvalRate(approved: number, rejected: number): number {
  const reviewed = approved + rejected;
  const rate =
    reviewed >= SMOOTHED_BELOW
      ? approved / reviewed
      : (approved + PRIOR_WEIGHT * PRIOR_RATE) / (reviewed + PRIOR_WEIGHT);
  return Math.round(rate * 1000) / 10;
}

/**
 * The approval rate's rule in one line, said wherever a worker sees their rate (Worker Home, a task's requirement), so
 * the figure is read the same way on both.
 */
export const APPROVAL_RATE_RULE = `Your approval rate is your approved submissions out of those decided; until ${SMOOTHED_BELOW} are decided, ${PRIOR_WEIGHT} more are counted at ${PRIOR_RATE * 100}% approved.`;

export interface Requirements {
  minApprovalRate: number | null;
  minApproved: number | null;
}

/** Why a worker with this track record may not work on a task with these requirements; null when they may. */
export function unmetRequirement(r: Requirements, record: { approved: number; rejected: number }): string | null {
  if (r.minApproved !== null && record.approved < r.minApproved)
    return `This task is for workers with at least ${r.minApproved} approved ${r.minApproved === 1 ? "submission" : "submissions"}; you have ${record.approved}.`;
  if (r.minApprovalRate !== null) {
    const rate = approvalRate(record.approved, record.rejected);
    if (rate < r.minApprovalRate)
      return `This task is for workers with an approval rate of at least ${r.minApprovalRate}%; yours is ${rate}%. ${APPROVAL_RATE_RULE}`;
  }
  return null;
}
