// The taka rate (docs/product/coins.md, "Withdrawing"): how many taka a US dollar buys, set by an admin and dated,
// shown to workers beside the dollars of their payouts. It moves no coins; setting it is an audited admin action.
import { eq, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { currencyRates } from "../db/schema";
import type { SessionUser } from "../auth/session.server";
import { audit } from "./ledger.server";
import { requireAdmin } from "./users.server";
import { rateWords, type TakaRate } from "~/lib/taka";

/** The taka rate as last set, or null before an admin first sets it (the pages then show dollars alone). */
export async function takaRate(env: Env): Promise<TakaRate | null> {
  const [row] = await getDb(env)
    .select({ perDollarHundredths: currencyRates.perDollarHundredths, setAt: currencyRates.setAt })
    .from(currencyRates)
    .where(eq(currencyRates.currency, "BDT"))
    .limit(1);
  return row ?? null;
}

/** An admin sets the taka rate (hundredths of a taka per dollar): the row and its audit entry in one batch. */
export async function setTakaRate(env: Env, admin: SessionUser, perDollarHundredths: number, now = Date.now()) {
  requireAdmin(admin);
  const before = await takaRate(env);
  const detail = `${rateWords({ perDollarHundredths })} BDT per USD${before ? ` (was ${rateWords(before)})` : ""}`;
  await newBatch(env)
    .step(
      "rate",
      sql`INSERT INTO currency_rates (currency, per_dollar_hundredths, set_at, set_by)
        VALUES ('BDT', ${perDollarHundredths}, ${now}, ${admin.id})
        ON CONFLICT (currency) DO UPDATE SET per_dollar_hundredths = excluded.per_dollar_hundredths,
          set_at = excluded.set_at, set_by = excluded.set_by`,
    )
    .step(
      "audit",
      audit({
        id: newId(),
        actorId: admin.id,
        action: "taka_rate.set",
        targetType: "rate",
        targetId: "BDT",
        detail,
        now,
      }),
    )
    .run();
  return { perDollarHundredths, setAt: now } satisfies TakaRate;
}
