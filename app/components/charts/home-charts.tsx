// The charts of the three home pages (figures from app/server/services/charts.server.ts).
import type * as React from "react";
import { ChartPanel } from "./chart-panel";
import { HeadedSection } from "~/components/headed-section";
import { seriesTotal, type ChartRow } from "~/lib/charts";
import { useFormat, useWords } from "~/lib/i18n/react";

const C1 = "var(--color-chart-1)";
const C2 = "var(--color-chart-2)";
const C3 = "var(--color-chart-3)";
const C4 = "var(--color-chart-4)";

/** One chart of a home page: what `ChartPanel` draws, but for the period's heading the section shares. */
type Panel = Omit<React.ComponentProps<typeof ChartPanel>, "periodHeading">;

function ChartsSection({ title, periodHeading, panels }: { title: string; periodHeading: string; panels: Panel[] }) {
  return (
    <HeadedSection id="charts-heading" title={title} className="mt-10" headingClassName="mb-4 text-xl tracking-tight">
      <div className="grid gap-4 lg:grid-cols-2">
        {panels.map((panel) => (
          <ChartPanel key={panel.testId} periodHeading={periodHeading} {...panel} />
        ))}
      </div>
    </HeadedSection>
  );
}

/** A bar per week of one count, whose summary tells the count's total over the weeks. */
function weeklyCount<Row extends ChartRow>(
  weeks: Row[],
  key: keyof Row & string,
  color: string,
  testId: string,
  words: { title: string; label: string; summary: (count: number) => string },
): Panel {
  return {
    title: words.title,
    summary: words.summary(seriesTotal(weeks, key)),
    spec: { kind: "bar", series: [{ key, label: words.label, color }] },
    rows: weeks,
    testId,
  };
}

export function BuyerCharts({ weeks }: { weeks: { period: string; spent: number; posted: number }[] }) {
  const t = useWords("buyer");
  return (
    <ChartsSection
      title={t("charts.lastWeeks")}
      periodHeading={t("charts.weekOf")}
      panels={[
        weeklyCount(weeks, "spent", C1, "chart-spent", {
          title: t("charts.spentPerWeek"),
          label: t("charts.coinsSpent"),
          summary: (count) => t("charts.spentSummary", { count, weeks: weeks.length }),
        }),
        weeklyCount(weeks, "posted", C2, "chart-posted", {
          title: t("charts.postedPerWeek"),
          label: t("charts.tasksPosted"),
          summary: (count) => t("charts.postedSummary", { count, weeks: weeks.length }),
        }),
      ]}
    />
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
  const approved = seriesTotal(weeks, "approved");
  const decided = approved + seriesTotal(weeks, "rejected");
  return (
    <ChartsSection
      title={t("charts.worker.lastWeeks")}
      periodHeading={t("charts.worker.weekOf")}
      panels={[
        weeklyCount(weeks, "earned", C1, "chart-earned", {
          title: t("charts.worker.earnedPerWeek"),
          label: t("charts.worker.coinsEarned"),
          summary: (count) => t("charts.worker.earnedSummary", { count, weeks: weeks.length }),
        }),
        {
          title: t("charts.worker.ratePerWeek"),
          summary: decided
            ? t("charts.worker.rateSummary", {
                approved,
                count: decided,
                weeks: weeks.length,
                percent: f.count(Math.round((100 * approved) / decided)),
              })
            : t("charts.worker.rateNone", { weeks: weeks.length }),
          spec: {
            kind: "line",
            percent: true,
            series: [{ key: "rate", label: t("charts.worker.approvalRate"), color: C2 }],
          },
          rows: weeks,
          testId: "chart-rate",
        },
      ]}
    />
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
  const pending = seriesTotal(submissions, "pending");
  const approved = seriesTotal(submissions, "approved");
  const rejected = seriesTotal(submissions, "rejected");
  return (
    <ChartsSection
      title={t("charts.title", { days: coins.length })}
      periodHeading={t("charts.day")}
      panels={[
        {
          title: t("charts.coins"),
          summary: t("charts.coinsSummary", {
            days: coins.length,
            bought: seriesTotal(coins, "bought"),
            paidOut: f.count(seriesTotal(coins, "paidOut")),
            withdrawn: f.count(seriesTotal(coins, "withdrawn")),
          }),
          spec: {
            kind: "line",
            series: [
              { key: "bought", label: t("charts.bought"), color: C2 },
              { key: "paidOut", label: t("charts.paidOut"), color: C1 },
              { key: "withdrawn", label: t("charts.withdrawn"), color: C3 },
            ],
          },
          rows: coins,
          testId: "chart-coins",
        },
        {
          title: t("charts.submissions"),
          summary: t("charts.submissionsSummary", {
            days: coins.length,
            made: pending + approved + rejected,
            approved: f.count(approved),
            pending: f.count(pending),
            rejected: f.count(rejected),
          }),
          spec: {
            kind: "stacked",
            series: [
              { key: "approved", label: t("charts.approved"), color: C1 },
              { key: "pending", label: t("charts.pending"), color: C3 },
              { key: "rejected", label: t("charts.rejected"), color: C4 },
            ],
          },
          rows: submissions,
          testId: "chart-submissions",
        },
      ]}
    />
  );
}
