import type { CSSProperties } from "react";
import { gaugePercent } from "~/lib/format";
import { useFormat, useWords } from "~/lib/i18n/react";

const TONES = {
  brand: "var(--color-brand-600)",
  amber: "var(--color-amber-500)",
  sky: "var(--color-sky-600)",
} as const;

/**
 * A circular progress gauge drawn by CSS (`.gauge` in app.css: a conic gradient under a round hole): `value` out of
 * `max` (clamped for the ring, shown as is in the middle). Exposed to assistive technology as a meter.
 */
export function Gauge({
  value,
  max,
  labelledBy,
  display,
  maxLabel,
  tone = "brand",
}: {
  value: number;
  max: number;
  /** the id of the words that name it (its card's label, shown once) */
  labelledBy: string;
  /** The value as words for assistive technology; defaults to the value. */
  display?: string;
  /** The maximum as shown under the percentage, e.g. "$200"; defaults to the number. */
  maxLabel?: string;
  tone?: keyof typeof TONES;
}) {
  const t = useWords("buyer");
  const f = useFormat();
  // the percentage's digits in the page's language ("<1%", "37%")
  const percent = gaugePercent(value, max).replace(/\d+/, (d) => f.count(Number(d)));
  const ratio = max > 0 ? Math.min(Math.max(value / max, 0), 1) : 0;
  return (
    <div
      role="meter"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={t("gauge.valueText", { value: display ?? f.count(value), max: f.count(max) })}
      className="gauge"
      style={{ "--filled": `${Math.round(ratio * 1000) / 10}%`, "--tone": TONES[tone] } as CSSProperties}
    >
      <span aria-hidden="true">
        <b>{percent}</b>
        <small>{t("gauge.of", { max: maxLabel ?? f.count(max) })}</small>
      </span>
    </div>
  );
}
