import { useState } from "react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Banknote } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { InputField, SelectField, usePosting, useValibotForm, type Failure } from "~/components/form-kit";
import { MIN_WITHDRAWAL_COINS, PAYMENT_SYSTEMS, withdrawalAmount } from "~/lib/coins";
import { withdrawFormSchema } from "./schemas";
import { formatCount } from "~/lib/format";

/** coins / 20 with two decimals for a whole number of coins, else 0.00. */
function liveAmount(raw: string): string {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isInteger(n) && n > 0 ? withdrawalAmount(n) : "0.00";
}

/**
 * The withdrawal request. withdrawal_amount is shown read-only and computed as the coins are typed; the server
 * ignores it and computes its own. The Withdraw button exists only at 200 coins or more.
 */
export function WithdrawForm({
  balance,
  action,
  lastResult,
  failure,
}: {
  balance: number;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  failure?: Failure | null;
}) {
  const busy = usePosting(action);
  const [form, fields] = useValibotForm(withdrawFormSchema(balance), { id: "withdraw", lastResult });
  const [coins, setCoins] = useState(String(fields.withdrawal_coin.initialValue ?? ""));
  const canWithdraw = balance >= MIN_WITHDRAWAL_COINS;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-5" aria-busy={busy}>
      {failure ? (
        <Alert tone="danger" title={failure.title}>
          {failure.message}
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          field={fields.withdrawal_coin}
          label="Coins to withdraw"
          hint={
            canWithdraw
              ? `From ${MIN_WITHDRAWAL_COINS} to ${formatCount(balance)} coins.`
              : `At least ${MIN_WITHDRAWAL_COINS} coins.`
          }
          type="number"
          min={1}
          max={Math.max(balance, 1)}
          step={1}
          inputMode="numeric"
          placeholder={`e.g. ${Math.max(MIN_WITHDRAWAL_COINS, Math.min(balance, 500))}`}
          onInput={(e) => setCoins(e.currentTarget.value)}
        />
        <Field label="Withdrawal amount ($)" htmlFor="withdrawal_amount" hint="Coins ÷ 20, worked out for you.">
          <div className="relative">
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
              $
            </span>
            <Input
              id="withdrawal_amount"
              name="withdrawal_amount"
              value={liveAmount(coins)}
              readOnly
              aria-live="polite"
              className="bg-muted pl-7 font-semibold tabular-nums"
              data-testid="withdrawal-amount"
            />
          </div>
        </Field>
        <SelectField
          field={fields.payment_system}
          label="Payment system"
          placeholder="Select a payment system"
          options={PAYMENT_SYSTEMS}
        />
        <InputField
          field={fields.account_number}
          label="Account number"
          type="text"
          autoComplete="off"
          placeholder="Wallet or bank account number"
        />
      </div>
      {canWithdraw ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="lg" disabled={busy} className="max-sm:w-full">
            {busy ? <Spinner /> : <Banknote aria-hidden />}
            {busy ? "Sending request…" : "Withdraw"}
          </Button>
          <p className="text-xs text-muted-foreground">The coins are held while an admin reviews your request.</p>
        </div>
      ) : (
        <Alert
          tone="warning"
          data-testid="insufficient-coins"
          action={
            <Link to="/dashboard/tasklist" className={buttonVariants({ variant: "outline", size: "sm" })}>
              Find tasks to earn more
            </Link>
          }
        >
          <p className="font-semibold">Insufficient coin to withdraw.</p>
          <p>
            You need at least {MIN_WITHDRAWAL_COINS} coins; you have {formatCount(balance)}.
          </p>
        </Alert>
      )}
    </Form>
  );
}
