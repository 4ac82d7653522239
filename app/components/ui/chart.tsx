// Chart parts in the shadcn/ui style, on Recharts: a container that names each series' label and colour once (as
// CSS variables `--color-<key>` the chart's fills and strokes read), and a tooltip and a legend that show those
// labels. Recharts measures the DOM, so only code loaded after hydration imports this module
// (app/components/charts/chart-panel.tsx lazy-loads the charts): it never reaches the public pages' bundle.
import * as React from "react";
import * as Recharts from "recharts";
import type { LegendPayload, TooltipPayloadEntry } from "recharts";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";

/** Each series by its data key: the words for it and its colour (a CSS colour, e.g. `var(--color-chart-1)`). */
export type ChartConfig = Record<string, { label: string; color: string }>;

const ChartContext = React.createContext<ChartConfig | null>(null);

function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext);
  if (!config) throw new Error("Chart parts must be inside a <ChartContainer>");
  return config;
}

/** Fills its box (give it a height) with one Recharts chart, its series' colours set as CSS variables. */
export function ChartContainer({
  config,
  className,
  style,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & {
  config: ChartConfig;
  children: React.ComponentProps<typeof Recharts.ResponsiveContainer>["children"];
}) {
  const colours = Object.fromEntries(Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]));
  return (
    <ChartContext.Provider value={config}>
      <div
        data-slot="chart"
        className={cn(
          "flex justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-surface]:outline-hidden",
          className,
        )}
        style={{ ...colours, ...style } as React.CSSProperties}
        {...props}
      >
        {/* the first render, before the box is measured, assumes a phone-sized box */}
        <Recharts.ResponsiveContainer initialDimension={{ width: 320, height: 200 }}>
          {children}
        </Recharts.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
}

export const ChartTooltip = Recharts.Tooltip;
export const ChartLegend = Recharts.Legend;

/** The tooltip's body: the period, then each series' colour swatch, label and value. */
export function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter,
  valueFormatter = formatCount,
}: {
  active?: boolean;
  payload?: readonly TooltipPayloadEntry[];
  label?: string | number;
  labelFormatter?: (label: string) => string;
  valueFormatter?: (value: number) => string;
}) {
  const config = useChartConfig();
  if (!active || !payload?.length) return null;
  const title = label === undefined ? null : labelFormatter ? labelFormatter(String(label)) : String(label);
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border border-border bg-white px-2.5 py-1.5 text-xs shadow-lg">
      {title ? <p className="font-medium">{title}</p> : null}
      {payload.map((item) => {
        const key = String(item.dataKey ?? item.name ?? "");
        return (
          <div key={key} className="flex items-center gap-2">
            <span
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ background: `var(--color-${key})` }}
              aria-hidden
            />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">
              {typeof item.value === "number" ? valueFormatter(item.value) : "–"}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The legend: each series' swatch and label, so no series is told apart by colour alone. */
export function ChartLegendContent({ payload, className }: { payload?: readonly LegendPayload[]; className?: string }) {
  const config = useChartConfig();
  if (!payload?.length) return null;
  return (
    <ul className={cn("flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-2", className)}>
      {payload.map((item) => {
        const key = String(item.dataKey ?? "");
        return (
          <li key={key} className="flex items-center gap-1.5 text-foreground">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: item.color }} aria-hidden />
            {config[key]?.label ?? item.value}
          </li>
        );
      })}
    </ul>
  );
}
