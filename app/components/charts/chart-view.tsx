// The drawn chart of a ChartPanel. Loaded lazily, after hydration, so Recharts is fetched only by the pages that
// show a chart.
import { Bar, BarChart, CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import {
  ChartContainer,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  type ChartConfig,
} from "~/components/ui/chart";
import { chartValue, periodLabel, type ChartRow, type ChartSpec } from "~/lib/charts";
import { useFormat, useLanguage } from "~/lib/i18n/react";

export default function ChartView({ spec, rows }: { spec: ChartSpec; rows: ChartRow[] }) {
  const config: ChartConfig = Object.fromEntries(spec.series.map((s) => [s.key, { label: s.label, color: s.color }]));
  const f = useFormat();
  const format = (value: number) => chartValue(value, spec.percent, f.count);
  const language = useLanguage();
  const period = (p: string) => periodLabel(p, language);
  const Chart = spec.kind === "line" ? LineChart : BarChart;
  return (
    <ChartContainer config={config} className="size-full" data-testid="chart-drawn">
      {/* the keyboard layer is off: the panel's table is the way to read the figures without a pointer */}
      <Chart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid vertical={false} />
        <XAxis
          dataKey="period"
          tickFormatter={period}
          tickLine={false}
          axisLine={false}
          tickMargin={6}
          minTickGap={16}
        />
        <YAxis
          width={40}
          allowDecimals={false}
          tickLine={false}
          axisLine={false}
          tickFormatter={format}
          domain={spec.percent ? [0, 100] : [0, "auto"]}
        />
        <ChartTooltip content={<ChartTooltipContent labelFormatter={period} valueFormatter={format} />} />
        {spec.series.length > 1 ? <ChartLegend content={<ChartLegendContent />} /> : null}
        {spec.series.map((s) =>
          spec.kind === "line" ? (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              type="monotone"
              stroke={`var(--color-${s.key})`}
              strokeWidth={2}
              dot={{ r: 2.5, fill: `var(--color-${s.key})` }}
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={`var(--color-${s.key})`}
              stackId={spec.kind === "stacked" ? "all" : undefined}
              radius={spec.kind === "stacked" ? 0 : [3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ),
        )}
      </Chart>
    </ChartContainer>
  );
}
