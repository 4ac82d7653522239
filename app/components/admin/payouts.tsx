// The admins' payout pieces on Admin Home: a queue row's risk signals, and the taka rate workers see beside dollars.
import { Banknote } from "~/components/icons/more";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ActionTrigger } from "~/components/actions/trigger";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { LocalTime } from "~/components/local-time";
import { payoutRisks, type PayoutRiskFacts } from "~/lib/payouts";
import { rateWords, type TakaRate } from "~/lib/taka";
import { useFormat, useWords, type Words } from "~/lib/i18n/react";

/** A queue row's risk signals: the account's age, blocks by buyers, copied-proof flags; warnings stand out. */
export function RiskSignals({ risk, now }: { risk: PayoutRiskFacts; now: number }) {
  const t = useWords("admin");
  const words = {
    madeToday: "payouts.madeToday",
    ageDays: "payouts.ageDays",
    ageMonths: "payouts.ageMonths",
    blockedBy: "blockedBy",
    copyFlags: "payouts.copyFlags",
  } as const;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t("payouts.riskLabel")} data-testid="risk-signals">
      {payoutRisks(risk, now).map((r) => (
        <li key={r.kind}>
          <Badge tone={r.warning ? "danger" : "neutral"}>{t(words[r.kind], { count: r.count })}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The row id the taka rate's action names (the rate is one row, per currency). */
export const TAKA_RATE_ROW = "BDT";

export function takaRateSpec(rate: TakaRate | null, t: Words<"admin">): ActionSpec {
  return {
    intent: "taka_rate",
    id: TAKA_RATE_ROW,
    title: t("rate.title"),
    description: t("rate.description"),
    text: {
      name: "taka_per_dollar",
      label: t("rate.label"),
      hint: rate ? t("rate.now", { rate: rateWords(rate) }) : t("rate.hint"),
      placeholder: t("rate.example", { example: "121.50" }),
      maxLength: 9,
    },
    confirmLabel: t("rate.save"),
    inlineErrors: true,
  };
}

/** The taka rate as workers see it, when it was set, and a button to change it. */
export function TakaRateCard({ rate, flow }: { rate: TakaRate | null; flow: ActionFlow }) {
  const t = useWords("admin");
  const f = useFormat();
  return (
    <Card className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="taka-rate">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <Banknote className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">
          {rate ? t("rate.value", { taka: f.taka(rate.perDollarHundredths) }) : t("rate.none")}
        </p>
        <p className="text-xs text-muted-foreground">
          {rate ? t.rich("rate.shown", { time: () => <LocalTime at={rate.setAt} /> }) : t("rate.noneText")}
        </p>
      </div>
      <ActionTrigger flow={flow} spec={takaRateSpec(rate, t)} label={t("rate.changeLabel")}>
        {rate ? t("rate.change") : t("rate.set")}
      </ActionTrigger>
    </Card>
  );
}
