import { Link } from "react-router";
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

/** A buyer's reputation as a list of facts; `compact` for a task card, with a link to the buyer's page. */
export function BuyerReputation({
  reputation,
  compact = false,
  className,
}: {
  reputation: ReputationView;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("reputation", className)} data-testid="buyer-reputation">
      <dl className={cn("facts", compact ? "compact" : "grid-cols-2 text-sm lg:grid-cols-3")}>
        {reputationFacts(reputation).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {compact ? <Link to={`/buyers/${reputation.buyerId}`}>Buyer's record</Link> : null}
    </div>
  );
}
