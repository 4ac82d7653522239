// The withdrawal request, in two steps (STEP_FIELD, ~/lib/enhanced.ts): the worker chooses where the money goes
// (the payment system, a link each, so the right fields and keyboard show with or without JavaScript), types the
// coins and the account, and reviews; the page then states the coins, the dollars and the wallet, with the button
// that sends it. The server checks both steps with the same schema and computes the dollars itself.
import { useState } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { Banknote } from "~/components/icons/more";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import {
  FailureAlert,
  InputField,
  ReviewPanel,
  usePosting,
  useValibotForm,
  WholeNumberField,
  type Failure,
} from "~/components/form-kit";
import { MIN_WITHDRAWAL_COINS, PAYMENT_SYSTEMS, withdrawalCents, type PaymentSystem } from "~/lib/coins";
import { isMobileWallet, type PayoutDetails } from "~/lib/payouts";
import { REVIEW_STEP, SEND_STEP, STEP_FIELD } from "~/lib/enhanced";
import { cn } from "~/lib/cn";
import { withdrawFormSchema } from "~/lib/schemas/withdrawal";
import type { TakaRate } from "~/lib/taka";
import { useFormat, useWords, type Words } from "~/lib/i18n/react";
import { TakaAmount, TakaRateNote, useMoneyWords } from "./taka";

/** The query parameter naming the payment system chosen (the form shows that system's fields). */
export const SYSTEM_PARAM = "system";

/** The cents of a whole number of coins typed (coins / 20), else 0. */
function liveCents(raw: string): number {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isInteger(n) && n > 0 ? withdrawalCents(n) : 0;
}

/** A payment system's name as a person reads it: the wallets' names as they are, Bank and Others in words. */
export function useSystemName(): (system: string) => string {
  const t = useWords("worker");
  return (system) =>
    system === "Bank" ? t("withdrawForm.systemBank") : system === "Others" ? t("withdrawForm.systemOthers") : system;
}

/** "Bkash 01712345678", or "Bank 1234567890 · Dutch-Bangla Bank · Gulshan branch": a payout in one line. */
export function usePayoutLine(): (p: PayoutDetails) => string {
  const systemName = useSystemName();
  return (p) =>
    [`${systemName(p.payment_system)} ${p.account_number}`, p.bank_name, p.bank_branch].filter(Boolean).join(" · ");
}

/** How the account field reads for each system: its label, hint, placeholder and keyboard. */
function accountField(t: Words<"worker">, system: PaymentSystem) {
  if (isMobileWallet(system))
    return {
      label: t("withdrawForm.walletLabel", { system }),
      hint: t("withdrawForm.walletHint", { system }),
      placeholder: "01XXXXXXXXX",
      inputMode: "numeric" as const,
    };
  if (system === "Bank")
    return {
      label: t("withdrawForm.bankLabel"),
      hint: t("withdrawForm.bankHint"),
      placeholder: t("withdrawForm.bankPlaceholder"),
      inputMode: "numeric" as const,
    };
  return {
    label: t("withdrawForm.otherLabel"),
    hint: t("withdrawForm.otherHint", { paypal: "PayPal: you@example.com", upay: "Upay: 01712345678" }),
    placeholder: t("withdrawForm.otherPlaceholder"),
    inputMode: "text" as const,
  };
}

/** The payment systems as links (`?system=`): the one chosen is marked; the list's own query stays. */
function SystemChooser({ chosen }: { chosen: PaymentSystem | null }) {
  const location = useLocation();
  const t = useWords("worker");
  const systemName = useSystemName();
  const href = (system: PaymentSystem) => {
    const params = new URLSearchParams(location.search);
    params.set(SYSTEM_PARAM, system);
    return `?${params}`;
  };
  return (
    <nav aria-labelledby="system-label" className="grid gap-1.5">
      <p id="system-label" className="text-sm font-medium">
        {t("withdrawForm.system")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {PAYMENT_SYSTEMS.map((system) => (
          <li key={system}>
            <Link
              to={href(system)}
              replace
              preventScrollReset
              aria-current={system === chosen ? "true" : undefined}
              className={cn(buttonVariants({ variant: system === chosen ? "default" : "outline" }), "min-w-20")}
              data-testid={`system-${system}`}
            >
              {systemName(system)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the review step answers: the request as it will be made (its dollars are the coins / 20). */
export interface WithdrawalReview extends PayoutDetails {
  withdrawal_coin: number;
}

export function withdrawalReviewOf(review: Record<string, unknown> | undefined): WithdrawalReview | null {
  return review && typeof review.withdrawal_coin === "number" ? (review as unknown as WithdrawalReview) : null;
}

/** The confirmation: coins, dollars and where they go, and the button that sends the request. */
export function WithdrawalReviewPanel({
  review,
  action,
  rate,
}: {
  review: WithdrawalReview;
  action: string;
  rate: TakaRate | null;
}) {
  const busy = usePosting(action);
  const t = useWords("worker");
  const f = useFormat();
  const payoutLine = usePayoutLine();
  const money = useMoneyWords(rate);
  // the dollars the request comes to, coins / 20 (the server computes the same when it is sent)
  const dollars = f.dollars(withdrawalCents(review.withdrawal_coin));
  const fields: Record<string, string> = {
    withdrawal_coin: String(review.withdrawal_coin),
    payment_system: review.payment_system,
    account_number: review.account_number,
    bank_name: review.bank_name ?? "",
    bank_branch: review.bank_branch ?? "",
  };
  return (
    <ReviewPanel title={t("withdrawReview.title")} answer={review} testId="withdraw-review">
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">{t("withdrawReview.coins")}</dt>
          <dd className="text-lg font-bold tabular-nums">{f.count(review.withdrawal_coin)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("withdrawReview.receive")}</dt>
          <dd className="text-lg font-bold tabular-nums text-emerald-700">{dollars}</dd>
          {rate ? (
            <dd className="text-xs text-muted-foreground">
              <TakaAmount cents={withdrawalCents(review.withdrawal_coin)} rate={rate} /> <TakaRateNote rate={rate} />
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t("withdrawReview.paidTo")}</dt>
          <dd className="font-semibold [overflow-wrap:anywhere]">{payoutLine(review)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{t("withdrawReview.held")}</p>
      <Form method="post" action={action} className="grid">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {/* its amount in dollars and taka is longer than a phone's width in Bengali: it wraps */}
        <Button
          type="submit"
          name={STEP_FIELD}
          value={SEND_STEP}
          size="lg"
          disabled={busy}
          className="h-auto min-h-12 whitespace-normal py-2"
        >
          {busy ? <Spinner /> : <Banknote aria-hidden />}
          {busy
            ? t("withdrawReview.sending")
            : t("withdrawReview.confirm", { dollars: money(withdrawalCents(review.withdrawal_coin)) })}
        </Button>
      </Form>
      <p className="text-xs text-muted-foreground">{t("withdrawReview.change")}</p>
    </ReviewPanel>
  );
}

/**
 * The withdrawal form: the payment system (links), the coins with their dollars computed as they are typed (the
 * server ignores that figure), and the account fields of the system chosen, prefilled with the last payout's. The
 * Withdraw button (which asks for the confirmation) exists only at 200 coins or more.
 */
export function WithdrawForm({
  balance,
  action,
  system,
  last,
  lastResult,
  failure,
  rate,
}: {
  balance: number;
  /** the taka rate, to show the amount in taka too (null: dollars alone) */
  rate: TakaRate | null;
  action: string;
  system: PaymentSystem | null;
  /** the last payout's details, offered again when the same system is chosen */
  last: PayoutDetails | null;
  lastResult?: SubmissionResult<string[]> | null;
  failure?: Failure | null;
}) {
  const busy = usePosting(action);
  const t = useWords("worker");
  const f = useFormat();
  const offered = last && last.payment_system === system ? last : null;
  const [form, fields] = useValibotForm(withdrawFormSchema(balance), {
    id: `withdraw-${system ?? "none"}`,
    lastResult,
    defaultValue: {
      account_number: offered?.account_number ?? "",
      bank_name: offered?.bank_name ?? "",
      bank_branch: offered?.bank_branch ?? "",
    },
  });
  const [coins, setCoins] = useState(String(fields.withdrawal_coin.initialValue ?? ""));
  const canWithdraw = balance >= MIN_WITHDRAWAL_COINS;
  const account = system ? accountField(t, system) : null;
  const cents = liveCents(coins);
  return (
    <div className="grid gap-5">
      <SystemChooser chosen={system} />
      <Form method="post" action={action} {...getFormProps(form)} className="grid gap-5" aria-busy={busy}>
        <FailureAlert failure={failure} />
        <input type="hidden" name="payment_system" value={system ?? ""} />
        {fields.payment_system.errors ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {fields.payment_system.errors[0]}
          </p>
        ) : null}
        {account ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.account_number}
              label={account.label}
              hint={offered ? t("withdrawForm.lastFilled", { hint: account.hint }) : account.hint}
              type="text"
              inputMode={account.inputMode}
              autoComplete="off"
              placeholder={account.placeholder}
              maxLength={64}
            />
            {system === "Bank" ? (
              <>
                <InputField
                  field={fields.bank_name}
                  label={t("withdrawForm.bankName")}
                  type="text"
                  placeholder={t("withdrawForm.bankNamePlaceholder")}
                />
                <InputField
                  field={fields.bank_branch}
                  label={t("withdrawForm.branch")}
                  type="text"
                  placeholder={t("withdrawForm.branchPlaceholder")}
                />
              </>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="choose-system">
            {t("withdrawForm.chooseSystem")}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <WholeNumberField
            field={fields.withdrawal_coin}
            label={t("withdrawForm.coins")}
            hint={
              canWithdraw
                ? t("withdrawForm.coinsRange", { min: f.count(MIN_WITHDRAWAL_COINS), max: f.count(balance) })
                : t("withdrawForm.coinsLeast", { min: f.count(MIN_WITHDRAWAL_COINS) })
            }
            min={1}
            max={Math.max(balance, 1)}
            placeholder={t("withdrawForm.coinsPlaceholder", {
              coins: f.count(Math.max(MIN_WITHDRAWAL_COINS, Math.min(balance, 500))),
            })}
            onInput={(e) => setCoins(e.currentTarget.value)}
          />
          <Field
            label={t("withdrawForm.amount")}
            htmlFor="withdrawal_amount"
            hint={
              // the amount in taka once coins are typed (nothing to convert before)
              rate && cents > 0
                ? t.rich("withdrawForm.amountHintTaka", {
                    taka: () => (
                      <>
                        <TakaAmount cents={cents} rate={rate} /> <TakaRateNote rate={rate} />
                      </>
                    ),
                  })
                : t("withdrawForm.amountHint")
            }
          >
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
                $
              </span>
              <Input
                id="withdrawal_amount"
                name="withdrawal_amount"
                value={f.dollars(cents, { symbol: false })}
                readOnly
                aria-live="polite"
                className="bg-muted pl-7 font-semibold tabular-nums"
                data-testid="withdrawal-amount"
              />
            </div>
          </Field>
        </div>
        {canWithdraw ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              name={STEP_FIELD}
              value={REVIEW_STEP}
              size="lg"
              disabled={busy || !system}
              className="max-sm:w-full"
            >
              {busy ? <Spinner /> : <Banknote aria-hidden />}
              {busy ? t("withdrawForm.checking") : t("withdrawForm.withdraw")}
            </Button>
            <p className="text-xs text-muted-foreground">{t("withdrawForm.nothingSent")}</p>
          </div>
        ) : (
          <Alert
            tone="warning"
            data-testid="insufficient-coins"
            action={
              <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline", size: "sm" })}>
                {t("withdrawForm.earnMore")}
              </Link>
            }
          >
            <p className="font-semibold">{t("withdrawForm.insufficient")}</p>
            <p>{t("withdrawForm.needAtLeast", { min: f.count(MIN_WITHDRAWAL_COINS), balance: f.count(balance) })}</p>
          </Alert>
        )}
      </Form>
    </div>
  );
}
