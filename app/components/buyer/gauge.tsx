import { cn } from "~/lib/cn";
import { gaugePercent } from "~/lib/format";

/**
 * A circular progress gauge in plain SVG: `value` out of `max` (clamped for the ring, shown as is in the
 * middle). Exposed to assistive technology as a meter.
 */
export function Gauge({
  value,
  max,
  label,
  display,
  maxLabel,
  size = 88,
  stroke = 9,
  className,
  tone = "brand",
}: {
  value: number;
  max: number;
  label: string;
  /** The value as words for assistive technology; defaults to the value. */
  display?: string;
  /** The maximum as shown under the percentage, e.g. "$200"; defaults to the number. */
  maxLabel?: string;
  size?: number;
  stroke?: number;
  className?: string;
  tone?: "brand" | "amber" | "sky";
}) {
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const ratio = max > 0 ? Math.min(Math.max(value / max, 0), 1) : 0;
  const color = tone === "amber" ? "stroke-amber-500" : tone === "sky" ? "stroke-sky-600" : "stroke-brand-600";
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${display ?? value} of ${max}`}
      className={cn("relative inline-grid shrink-0 place-items-center", className)}
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} className="stroke-slate-100" />
        {ratio > 0 ? (
          <circle
            cx={size / 2}
            cy={size / 2}
            r={radius}
            fill="none"
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - ratio)}
            className={cn(color, "transition-[stroke-dashoffset] duration-700 ease-out")}
            data-testid="gauge-arc"
          />
        ) : null}
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center leading-tight" aria-hidden="true">
        <span className="text-sm font-bold text-foreground">{gaugePercent(value, max)}</span>
        <span className="text-[10px] text-muted-foreground">of {maxLabel ?? max}</span>
      </span>
    </div>
  );
}
