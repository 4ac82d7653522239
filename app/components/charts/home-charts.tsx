// The charts of the three home pages (figures from app/server/services/charts.server.ts).
import type * as React from "react";
import { ChartPanel } from "./chart-panel";
import { HeadedSection } from "~/components/headed-section";
import { seriesTotal, type ChartSpec } from "~/lib/charts";
import { formatCount } from "~/lib/format";
import { useFormat, useWords } from "~/lib/i18n/react";

const C1 = "var(--color-chart-1)";
const C2 = "var(--color-chart-2)";
const C3 = "var(--color-chart-3)";
const C4 = "var(--color-chart-4)";

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

function ChartsSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <HeadedSection id="charts-heading" title={title} className="mt-10" headingClassName="mb-4 text-xl tracking-tight">
      <div className="grid gap-4 lg:grid-cols-2">{children}</div>
    </HeadedSection>
  );
}

export function BuyerCharts({ weeks }: { weeks: { period: string; spent: number; posted: number }[] }) {
  const t = useWords("buyer");
  const spent: ChartSpec = { kind: "bar", series: [{ key: "spent", label: t("charts.coinsSpent"), color: C1 }] };
  const posted: ChartSpec = { kind: "bar", series: [{ key: "posted", label: t("charts.tasksPosted"), color: C2 }] };
  return (
    <ChartsSection title={t("charts.lastWeeks")}>
      <ChartPanel
        title={t("charts.spentPerWeek")}
        summary={t("charts.spentSummary", { count: seriesTotal(weeks, "spent"), weeks: weeks.length })}
        periodHeading={t("charts.weekOf")}
        spec={spent}
        rows={weeks}
        testId="chart-spent"
      />
      <ChartPanel
        title={t("charts.postedPerWeek")}
        summary={t("charts.postedSummary", { count: seriesTotal(weeks, "posted"), weeks: weeks.length })}
        periodHeading={t("charts.weekOf")}
        spec={posted}
        rows={weeks}
        testId="chart-posted"
      />
    </ChartsSection>
  );
}

/** The worker's charts: on the worker's home, so their words are in `common`. */
export function WorkerCharts({
  weeks,
}: {
  weeks: { period: string; earned: number; approved: number; rejected: number; rate: number | null }[];
}) {
  const t = useWords("common");
  const f = useFormat();
  const earned: ChartSpec = {
    kind: "bar",
    series: [{ key: "earned", label: t("charts.worker.coinsEarned"), color: C1 }],
  };
  const rate: ChartSpec = {
    kind: "line",
    percent: true,
    series: [{ key: "rate", label: t("charts.worker.approvalRate"), color: C2 }],
  };
  const approved = seriesTotal(weeks, "approved");
  const decided = approved + seriesTotal(weeks, "rejected");
  return (
    <ChartsSection title={t("charts.worker.lastWeeks")}>
      <ChartPanel
        title={t("charts.worker.earnedPerWeek")}
        summary={t("charts.worker.earnedSummary", { count: seriesTotal(weeks, "earned"), weeks: weeks.length })}
        periodHeading={t("charts.worker.weekOf")}
        spec={earned}
        rows={weeks}
        testId="chart-earned"
      />
      <ChartPanel
        title={t("charts.worker.ratePerWeek")}
        summary={
          decided
            ? t("charts.worker.rateSummary", {
                approved,
                count: decided,
                weeks: weeks.length,
                percent: f.count(Math.round((100 * approved) / decided)),
              })
            : t("charts.worker.rateNone", { weeks: weeks.length })
        }
        periodHeading={t("charts.worker.weekOf")}
        spec={rate}
        rows={weeks}
        testId="chart-rate"
      />
    </ChartsSection>
  );
}

const COINS: ChartSpec = {
  kind: "line",
  series: [
    { key: "bought", label: "Bought", color: C2 },
    { key: "paidOut", label: "Paid out", color: C1 },
    { key: "withdrawn", label: "Withdrawn", color: C3 },
  ],
};
const SUBMISSIONS: ChartSpec = {
  kind: "stacked",
  series: [
    { key: "approved", label: "Approved", color: C1 },
    { key: "pending", label: "Pending", color: C3 },
    { key: "rejected", label: "Rejected", color: C4 },
  ],
};

export function AdminCharts({
  coins,
  submissions,
}: {
  coins: { period: string; bought: number; paidOut: number; withdrawn: number }[];
  submissions: { period: string; pending: number; approved: number; rejected: number }[];
}) {
  const span = `the last ${coins.length} days`;
  const sum = (key: string) => formatCount(seriesTotal(submissions, key));
  return (
    <ChartsSection title={`The last ${coins.length} days`}>
      <ChartPanel
        title="Coins per day"
        summary={`In ${span}: ${plural(seriesTotal(coins, "bought"), "coin")} bought, ${formatCount(seriesTotal(coins, "paidOut"))} paid out to workers, ${formatCount(seriesTotal(coins, "withdrawn"))} withdrawn.`}
        periodHeading="Day"
        spec={COINS}
        rows={coins}
        testId="chart-coins"
      />
      <ChartPanel
        title="Submissions per day by status"
        summary={`${plural(seriesTotal(submissions, "pending") + seriesTotal(submissions, "approved") + seriesTotal(submissions, "rejected"), "submission")} made in ${span}: ${sum("approved")} approved, ${sum("pending")} pending, ${sum("rejected")} rejected.`}
        periodHeading="Day"
        spec={SUBMISSIONS}
        rows={submissions}
        testId="chart-submissions"
      />
    </ChartsSection>
  );
}
