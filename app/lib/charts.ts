// What a home page's chart shows (app/components/charts): shared by the server-rendered table and summary and the
// chart drawn in the browser.
import { formatCount } from "./format";
import { LOCALES, type Language } from "./i18n/languages";

/** One series: its key in the rows, its words, and its colour (a CSS colour, one of `--color-chart-*`). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

/** Bars side by side, bars stacked, or lines; `percent` values are shares from 0 to 100. */
export interface ChartSpec {
  kind: "bar" | "stacked" | "line";
  series: ChartSeries[];
  percent?: boolean;
}

/** One period (its first day, `YYYY-MM-DD`) with a value per series under the series' key. */
export interface ChartRow {
  period: string;
}

/** A series' value in a row; null where there is nothing to show (e.g. a rate without decisions). */
export function valueOf(row: ChartRow, key: string): number | null {
  const value = (row as unknown as Record<string, unknown>)[key];
  return typeof value === "number" ? value : null;
}

const periodFormats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** "Nov 16" for 2026-11-16 ("১৬ নভে" in Bengali). */
export function periodLabel(period: string, language: Language = "en"): string {
  const format = (periodFormats[language] ??= new Intl.DateTimeFormat(LOCALES[language], {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }));
  return format.format(new Date(`${period}T00:00:00Z`));
}

export function chartValue(value: number | null, percent = false, count: (n: number) => string = formatCount): string {
  if (value === null) return "–";
  return `${count(value)}${percent ? "%" : ""}`;
}

/** The sum of one series over the rows. */
export function seriesTotal(rows: readonly ChartRow[], key: string): number {
  return rows.reduce((sum, row) => sum + (valueOf(row, key) ?? 0), 0);
}
