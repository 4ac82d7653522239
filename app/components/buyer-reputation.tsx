import { cn } from "~/lib/cn";
import { formatCount, formatDate } from "~/lib/format";
import { allowanceWords } from "~/lib/time-allowance";

/** What the pages show of a buyer's reputation (buyer-reputation.server.ts's figures, as loaders pass them on). */
export interface ReputationView {
  buyerId: string;
  memberSince: number;
  approvalRateRecent: number | null;
  approvalRateAllTime: number | null;
  medianReviewMinutes: number | null;
  appealsLost: number;
  rejectedWithoutReason: number;
  tasksPosted: number;
  coinsPaid: number;
}

const percent = (rate: number | null) => (rate === null ? "No reviews yet" : `${rate}%`);

/** The facts in the order every page shows them. */
export function reputationFacts(r: ReputationView): [string, string][] {
  return [
    ["Approval (90 days)", percent(r.approvalRateRecent)],
    ["Approval (all time)", percent(r.approvalRateAllTime)],
    ["Median time to review", r.medianReviewMinutes === null ? "—" : allowanceWords(r.medianReviewMinutes)],
    ["Appeals lost", formatCount(r.appealsLost)],
    ["Rejections without a reason", formatCount(r.rejectedWithoutReason)],
    ["Tasks posted", formatCount(r.tasksPosted)],
    ["Coins paid out", formatCount(r.coinsPaid)],
    ["Member since", formatDate(new Date(r.memberSince).toISOString().slice(0, 10))],
  ];
}

/** A buyer's reputation as a list of facts (the task's page, the buyer's public page). */
export function BuyerReputation({ reputation, className }: { reputation: ReputationView; className?: string }) {
  return (
    <div className={cn("reputation", className)} data-testid="buyer-reputation">
      <dl className="facts grid-cols-2 text-sm lg:grid-cols-3">
        {reputationFacts(reputation).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** What a task card shows of its buyer's record (buyer-reputation.server.ts's RecordLine, as loaders pass it on). */
export interface RecordLineView {
  approvalRate: number | null;
  medianReviewMinutes: number | null;
}

/** "3 h", "25 min", "2 days": a median time to review in the few characters a card's line has. */
export function reviewTimeWords(minutes: number): string {
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / (24 * 60))} days`;
}

/** A buyer's record in one line, "92% approved · reviews in 5 h"; the task's page shows the whole record. */
export function recordLineWords(r: RecordLineView): string {
  if (r.approvalRate === null) return "No reviews yet";
  const review = r.medianReviewMinutes === null ? "" : ` · reviews in ${reviewTimeWords(r.medianReviewMinutes)}`;
  return `${r.approvalRate}% approved${review}`;
}
