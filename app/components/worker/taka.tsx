// Taka beside dollars on the Withdrawals page, at the rate an admin set and dated (~/lib/taka): nothing when no
// rate is set.
import { LocalTime } from "~/components/local-time";
import { formatTaka, rateWords, takaOf, type TakaRate } from "~/lib/taka";

/** "≈ ৳1,518.75": dollars (in cents) in taka at the rate. */
export function TakaAmount({ cents, rate, className }: { cents: number; rate: TakaRate; className?: string }) {
  return (
    <span className={className} data-testid="taka-amount">
      ≈ {formatTaka(takaOf(cents, rate))}
    </span>
  );
}

/** "at ৳121.50 per $1, set 28 November 2026": the rate and the day an admin set it. */
export function TakaRateNote({ rate, className }: { rate: TakaRate; className?: string }) {
  return (
    <span className={className} data-testid="taka-rate-note">
      at ৳{rateWords(rate)} per $1, set <LocalTime at={rate.setAt} dayOnly />
    </span>
  );
}
