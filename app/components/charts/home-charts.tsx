// The charts of the three home pages (figures from app/server/services/charts.server.ts).
import type * as React from "react";
import { ChartPanel } from "./chart-panel";
import { HeadedSection } from "~/components/headed-section";
import { chartValue, seriesTotal, type ChartSpec } from "~/lib/charts";
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

const SPENT: ChartSpec = { kind: "bar", series: [{ key: "spent", label: "Coins spent", color: C1 }] };
const POSTED: ChartSpec = { kind: "bar", series: [{ key: "posted", label: "Tasks posted", color: C2 }] };

export function BuyerCharts({ weeks }: { weeks: { period: string; spent: number; posted: number }[] }) {
  const span = `the last ${weeks.length} weeks`;
  return (
    <ChartsSection title="Your last weeks">
      <ChartPanel
        title="Coins spent per week"
        summary={`${plural(seriesTotal(weeks, "spent"), "coin")} spent on posting and raising tasks in ${span}.`}
        periodHeading="Week of"
        spec={SPENT}
        rows={weeks}
        testId="chart-spent"
      />
      <ChartPanel
        title="Tasks posted per week"
        summary={`${plural(seriesTotal(weeks, "posted"), "task")} posted in ${span}.`}
        periodHeading="Week of"
        spec={POSTED}
        rows={weeks}
        testId="chart-posted"
      />
    </ChartsSection>
  );
}

const EARNED: ChartSpec = { kind: "bar", series: [{ key: "earned", label: "Coins earned", color: C1 }] };
const RATE: ChartSpec = { kind: "line", percent: true, series: [{ key: "rate", label: "Approval rate", color: C2 }] };

export function WorkerCharts({
  weeks,
}: {
  weeks: { period: string; earned: number; approved: number; rejected: number; rate: number | null }[];
}) {
  const span = `the last ${weeks.length} weeks`;
  const approved = seriesTotal(weeks, "approved");
  const decided = approved + seriesTotal(weeks, "rejected");
  return (
    <ChartsSection title="Your last weeks">
      <ChartPanel
        title="Coins earned per week"
        summary={`${plural(seriesTotal(weeks, "earned"), "coin")} earned from approved work in ${span}.`}
        periodHeading="Week of"
        spec={EARNED}
        rows={weeks}
        testId="chart-earned"
      />
      <ChartPanel
        title="Approval rate per week"
        summary={
          decided
            ? `${approved} of ${plural(decided, "decided submission")} approved in ${span} (${chartValue(Math.round((100 * approved) / decided), true)}).`
            : `No submission of yours was decided in ${span}.`
        }
        periodHeading="Week of"
        spec={RATE}
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
