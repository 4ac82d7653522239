// Taka beside dollars on the Withdrawals page, at the rate an admin set and dated (~/lib/taka): nothing when no
// rate is set.
import { LocalTime } from "~/components/local-time";
import { takaOf, type TakaRate } from "~/lib/taka";
import { useFormat, useWords } from "~/lib/i18n/react";

/** "≈ ৳1,518.75": dollars (in cents) in taka at the rate. */
export function TakaAmount({ cents, rate, className }: { cents: number; rate: TakaRate; className?: string }) {
  const t = useWords("common");
  const f = useFormat();
  return (
    <span className={className} data-testid="taka-amount">
      {t("taka.amount", { taka: f.taka(takaOf(cents, rate)) })}
    </span>
  );
}

/** "at ৳121.50 per $1, set 28 November 2026": the rate and the day an admin set it. */
export function TakaRateNote({ rate, className }: { rate: TakaRate; className?: string }) {
  const t = useWords("common");
  const f = useFormat();
  // "121.50" as an admin types it (hundredths of a taka per dollar, written as cents are)
  const perDollar = f.dollars(rate.perDollarHundredths, { symbol: false });
  return (
    <span className={className} data-testid="taka-rate-note">
      {t.rich("taka.rateNote", { rate: perDollar, day: () => <LocalTime at={rate.setAt} dayOnly /> })}
    </span>
  );
}

/**
 * Dollars (in cents) as a sentence writes them: in Bengali with taka beside them at the rate when one is set
 * ("১২.৫০$ (≈ ৳১,৫১৮.৭৫)"), dollars alone otherwise.
 */
export function useMoneyWords(rate: TakaRate | null): (cents: number) => string {
  const t = useWords("common");
  const f = useFormat();
  return (cents) =>
    rate && f.language === "bn"
      ? t("money.withTaka", { dollars: f.dollars(cents), taka: f.taka(takaOf(cents, rate)) })
      : f.dollars(cents);
}
