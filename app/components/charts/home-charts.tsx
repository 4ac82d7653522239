// The charts of the three home pages (figures from app/server/services/charts.server.ts).
import type * as React from "react";
import { ChartPanel } from "./chart-panel";
import { HeadedSection } from "~/components/headed-section";
import { seriesTotal, type ChartSpec } from "~/lib/charts";
import { useFormat, useWords } from "~/lib/i18n/react";

const C1 = "var(--color-chart-1)";
const C2 = "var(--color-chart-2)";
const C3 = "var(--color-chart-3)";
const C4 = "var(--color-chart-4)";

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

/** The admin's charts, with their words in the `admin` namespace (the series' names too). */
export function AdminCharts({
  coins,
  submissions,
}: {
  coins: { period: string; bought: number; paidOut: number; withdrawn: number }[];
  submissions: { period: string; pending: number; approved: number; rejected: number }[];
}) {
  const t = useWords("admin");
  const f = useFormat();
  const coinsSpec: ChartSpec = {
    kind: "line",
    series: [
      { key: "bought", label: t("charts.bought"), color: C2 },
      { key: "paidOut", label: t("charts.paidOut"), color: C1 },
      { key: "withdrawn", label: t("charts.withdrawn"), color: C3 },
    ],
  };
  const submissionsSpec: ChartSpec = {
    kind: "stacked",
    series: [
      { key: "approved", label: t("charts.approved"), color: C1 },
      { key: "pending", label: t("charts.pending"), color: C3 },
      { key: "rejected", label: t("charts.rejected"), color: C4 },
    ],
  };
  return (
    <ChartsSection title={t("charts.title", { days: coins.length })}>
      <ChartPanel
        title={t("charts.coins")}
        summary={t("charts.coinsSummary", {
          days: coins.length,
          bought: seriesTotal(coins, "bought"),
          paidOut: f.count(seriesTotal(coins, "paidOut")),
          withdrawn: f.count(seriesTotal(coins, "withdrawn")),
        })}
        periodHeading={t("charts.day")}
        spec={coinsSpec}
        rows={coins}
        testId="chart-coins"
      />
      <ChartPanel
        title={t("charts.submissions")}
        summary={t("charts.submissionsSummary", {
          days: coins.length,
          made:
            seriesTotal(submissions, "pending") +
            seriesTotal(submissions, "approved") +
            seriesTotal(submissions, "rejected"),
          approved: f.count(seriesTotal(submissions, "approved")),
          pending: f.count(seriesTotal(submissions, "pending")),
          rejected: f.count(seriesTotal(submissions, "rejected")),
        })}
        periodHeading={t("charts.day")}
        spec={submissionsSpec}
        rows={submissions}
        testId="chart-submissions"
      />
    </ChartsSection>
  );
}
