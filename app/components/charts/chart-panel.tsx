import { lazy, Suspense, useId } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { chartValue, periodLabel, valueOf, type ChartRow, type ChartSpec } from "~/lib/charts";
import { useFormat, useLanguage, useWords } from "~/lib/i18n/react";

// Recharts (and the parts built on it) in a chunk of its own, fetched only when a panel draws its chart. The server
// never draws one (the chart waits for hydration), so its build leaves the chunk out.
const ChartView = import.meta.env.SSR ? () => null : lazy(() => import("./chart-view"));

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
  const t = useWords("common");
  const f = useFormat();
  const language = useLanguage();
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
        <summary className="cursor-pointer font-medium text-brand-700 hover:underline">{t("charts.showTable")}</summary>
        <div className="mt-2">
          <div
            className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-brand-600"
            tabIndex={0}
            role="region"
            aria-labelledby={`${id}-title`}
          >
            {/* named by the panel's heading, not by its words again (decision 113) */}
            <table className="figures-table" aria-labelledby={`${id}-title`}>
              <thead>
                <tr>
                  <th scope="col">{periodHeading}</th>
                  {spec.series.map((s) => (
                    <th key={s.key} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.period}>
                    <td>{periodLabel(row.period, language)}</td>
                    {spec.series.map((s) => (
                      <td key={s.key}>{chartValue(valueOf(row, s.key), spec.percent, f.count)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </details>
    </section>
  );
}
