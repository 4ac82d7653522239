import { lazy, Suspense, useId } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { Table, TBody, TD, TH, THead, TR } from "~/components/ui/table";
import { chartValue, periodLabel, valueOf, type ChartRow, type ChartSpec } from "~/lib/charts";

// Recharts (and the parts built on it) in a chunk of its own, fetched only when a panel draws its chart.
const ChartView = lazy(() => import("./chart-view"));

/** The box the chart takes, reserved before it is drawn so nothing below it moves. */
const CHART_BOX = "mt-3 h-56";

/**
 * A chart with its heading, a one-sentence summary and the same figures as a table. The server renders the
 * heading, summary and table; the chart is drawn in the browser after hydration (Recharts measures the DOM), in a
 * box of fixed height.
 */
export function ChartPanel({
  title,
  summary,
  periodHeading,
  spec,
  rows,
  testId,
}: {
  title: string;
  summary: string;
  /** the table's first column, e.g. "Week of" */
  periodHeading: string;
  spec: ChartSpec;
  rows: ChartRow[];
  testId: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const placeholder = <div className="size-full animate-pulse rounded-lg bg-muted" aria-hidden />;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-5"
      data-testid={testId}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <p id={`${id}-summary`} className="mt-0.5 text-sm text-muted-foreground">
        {summary}
      </p>
      <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className={CHART_BOX}>
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <ChartView spec={spec} rows={rows} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">Show as table</summary>
        <div className="mt-2">
          <Table caption={title} className="min-w-0">
            <THead>
              <tr>
                <TH className="px-2 sm:px-4">{periodHeading}</TH>
                {spec.series.map((s) => (
                  <TH key={s.key} className="px-2 text-right sm:px-4">
                    {s.label}
                  </TH>
                ))}
              </tr>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={row.period}>
                  <TD className="px-2 py-2 whitespace-nowrap sm:px-4">{periodLabel(row.period)}</TD>
                  {spec.series.map((s) => (
                    <TD key={s.key} className="px-2 py-2 text-right tabular-nums sm:px-4">
                      {chartValue(valueOf(row, s.key), spec.percent)}
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </section>
  );
}
