import { useState } from "react";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { Form, Link, useNavigation } from "react-router";
import { Banknote } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { MIN_WITHDRAWAL_COINS, PAYMENT_SYSTEMS, withdrawalAmount } from "~/lib/coins";
import { withdrawFormSchema } from "./schemas";

export interface WithdrawActionData {
  result: SubmissionResult<string[]> | null;
  failure: { title: string; message: string } | null;
}

/** coins / 20 with two decimals for a whole number of coins, else 0.00. */
function liveAmount(raw: string): string {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isInteger(n) && n > 0 ? withdrawalAmount(n) : "0.00";
}

/**
 * The withdrawal request. withdrawal_amount is shown read-only and computed as the coins are typed; the server
 * ignores it and computes its own. The Withdraw button exists only at 200 coins or more.
 */
export function WithdrawForm({ balance, action, actionData }: { balance: number; action: string; actionData?: WithdrawActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === action;
  const schema = withdrawFormSchema(balance);
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [coins, setCoins] = useState(String(fields.withdrawal_coin.initialValue ?? ""));
  const canWithdraw = balance >= MIN_WITHDRAWAL_COINS;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-5" aria-busy={busy}>
      {actionData?.failure ? (
        <Alert tone="danger" title={actionData.failure.title}>
          {actionData.failure.message}
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Coins to withdraw"
          htmlFor={fields.withdrawal_coin.id}
          error={fields.withdrawal_coin.errors}
          hint={canWithdraw ? `From ${MIN_WITHDRAWAL_COINS} to ${balance.toLocaleString("en-US")} coins.` : `At least ${MIN_WITHDRAWAL_COINS} coins.`}
        >
          <Input
            {...getInputProps(fields.withdrawal_coin, { type: "number" })}
            min={1}
            max={Math.max(balance, 1)}
            step={1}
            inputMode="numeric"
            placeholder={`e.g. ${Math.max(MIN_WITHDRAWAL_COINS, Math.min(balance, 500))}`}
            onInput={(e) => setCoins(e.currentTarget.value)}
          />
        </Field>
        <Field label="Withdrawal amount ($)" htmlFor="withdrawal_amount" hint="Coins ÷ 20, worked out for you.">
          <div className="relative">
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">$</span>
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
        <Field label="Payment system" htmlFor={fields.payment_system.id} error={fields.payment_system.errors}>
          <NativeSelect {...getSelectProps(fields.payment_system)} defaultValue={String(fields.payment_system.initialValue ?? "")}>
            <option value="">Select a payment system</option>
            {PAYMENT_SYSTEMS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Account number" htmlFor={fields.account_number.id} error={fields.account_number.errors}>
          <Input {...getInputProps(fields.account_number, { type: "text" })} autoComplete="off" placeholder="Wallet or bank account number" />
        </Field>
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
            You need at least {MIN_WITHDRAWAL_COINS} coins; you have {balance.toLocaleString("en-US")}.
          </p>
        </Alert>
      )}
    </Form>
  );
}
