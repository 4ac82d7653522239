import { cn } from "~/lib/cn";
import { useFormat, useWords, type Words } from "~/lib/i18n/react";
import type { Formats } from "~/lib/i18n/format";
import { durationWords } from "~/components/duration-words";

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

/** The facts in the order every page shows them, in the page's words. */
function reputationFacts(t: Words<"common">, f: Formats, r: ReputationView): [string, string][] {
  const percent = (rate: number | null) =>
    rate === null ? t("reputation.noReviews") : t("reputation.percent", { rate: f.count(rate) });
  return [
    [t("reputation.approvalRecent"), percent(r.approvalRateRecent)],
    [t("reputation.approvalAllTime"), percent(r.approvalRateAllTime)],
    [t("reputation.medianReview"), r.medianReviewMinutes === null ? "—" : durationWords(t, r.medianReviewMinutes)],
    [t("reputation.appealsLost"), f.count(r.appealsLost)],
    [t("reputation.rejectedWithoutReason"), f.count(r.rejectedWithoutReason)],
    [t("reputation.tasksPosted"), f.count(r.tasksPosted)],
    [t("reputation.coinsPaid"), f.count(r.coinsPaid)],
    [t("reputation.memberSince"), f.date(new Date(r.memberSince).toISOString().slice(0, 10))],
  ];
}

/** A buyer's reputation as a list of facts (the task's page, the buyer's public page). */
export function BuyerReputation({ reputation, className }: { reputation: ReputationView; className?: string }) {
  const t = useWords("common");
  const f = useFormat();
  return (
    <div className={cn("reputation", className)} data-testid="buyer-reputation">
      <dl className="facts grid-cols-2 text-sm lg:grid-cols-3">
        {reputationFacts(t, f, reputation).map(([label, value]) => (
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
function reviewTimeWords(t: Words<"common">, f: Formats, minutes: number): string {
  if (minutes < 1) return t("record.underMinute");
  if (minutes < 60) return t("record.minutes", { count: f.count(minutes) });
  if (minutes < 48 * 60) return t("record.hours", { count: f.count(Math.round(minutes / 60)) });
  return t("record.days", { count: Math.round(minutes / (24 * 60)) });
}

/** A buyer's record in one line, "92% approved · reviews in 5 h"; the task's page shows the whole record. */
export function useRecordLine(): (r: RecordLineView) => string {
  const t = useWords("common");
  const f = useFormat();
  return (r) => {
    if (r.approvalRate === null) return t("reputation.noReviews");
    const rate = f.count(r.approvalRate);
    return r.medianReviewMinutes === null
      ? t("record.approved", { rate })
      : t("record.approvedReviews", { rate, time: reviewTimeWords(t, f, r.medianReviewMinutes) });
  };
}
