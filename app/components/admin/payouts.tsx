// The admins' payout pieces on Admin Home: a queue row's risk signals, and the taka rate workers see beside dollars.
import { Banknote } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ActionTrigger } from "~/components/actions/trigger";
import type { ActionFlow, ActionSpec } from "~/components/actions/flow";
import { LocalTime } from "~/components/local-time";
import { payoutRisks, type PayoutRiskFacts } from "~/lib/payouts";
import { formatTaka, rateWords, type TakaRate } from "~/lib/taka";

/** A queue row's risk signals: the account's age, blocks by buyers, copied-proof flags; warnings stand out. */
export function RiskSignals({ risk, now }: { risk: PayoutRiskFacts; now: number }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Risk signals" data-testid="risk-signals">
      {payoutRisks(risk, now).map((r) => (
        <li key={r.text}>
          <Badge tone={r.warning ? "danger" : "neutral"}>{r.text}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** The row id the taka rate's action names (the rate is one row, per currency). */
export const TAKA_RATE_ROW = "BDT";

export function takaRateSpec(rate: TakaRate | null): ActionSpec {
  return {
    intent: "taka_rate",
    id: TAKA_RATE_ROW,
    title: "Set the taka rate",
    description:
      "Workers see their payouts in taka beside dollars at this rate, dated today. Payouts stay owed in dollars: the rate changes no coins.",
    text: {
      name: "taka_per_dollar",
      label: "Taka per US dollar",
      hint: rate ? `Now ${rateWords(rate)}.` : "At most two decimals.",
      placeholder: "e.g. 121.50",
      maxLength: 9,
    },
    confirmLabel: "Save rate",
    inlineErrors: true,
  };
}

/** The taka rate as workers see it, when it was set, and a button to change it. */
export function TakaRateCard({ rate, flow }: { rate: TakaRate | null; flow: ActionFlow }) {
  return (
    <Card className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="taka-rate">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
        <Banknote className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">
          {rate ? `$1 = ${formatTaka(rate.perDollarHundredths)}` : "No taka rate set"}
        </p>
        <p className="text-xs text-muted-foreground">
          {rate ? (
            <>
              Shown to workers beside dollars · set <LocalTime at={rate.setAt} />
            </>
          ) : (
            "Workers see dollars alone until you set one"
          )}
        </p>
      </div>
      <ActionTrigger flow={flow} spec={takaRateSpec(rate)} label="Change the taka rate">
        {rate ? "Change" : "Set rate"}
      </ActionTrigger>
    </Card>
  );
}
