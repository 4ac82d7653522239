import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "react-router";
import { useState } from "react";
import { AlertTriangle, Coins, LoaderCircle } from "~/components/icons";
import { addTaskSchema, updateTaskSchema } from "~/lib/schemas/task";
import { CATEGORIES } from "~/lib/categories";
import { taskCost } from "~/lib/coins";
import { DEADLINE_NOTE, deadlineDay } from "~/lib/deadline";
import { cn } from "~/lib/cn";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  FormFailure,
  InputField,
  SelectField,
  TextareaField,
  useValibotForm,
  WholeNumberField,
  type Failure,
} from "~/components/form-kit";
import { ImagePicker } from "~/components/image-picker";
import { RequirementFields, type RequirementField } from "./requirement-fields";
import { QualificationRequirement, type QualificationChoice } from "./qualification-requirement";
import { CheckFields } from "./check-fields";
import { useHydrated } from "~/components/use-hydrated";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { ResultDialog } from "~/components/actions/result-dialog";
import type { Outcome } from "~/lib/enhanced";
import { formatCoins, formatCount } from "~/lib/format";
import { NOT_AVAILABLE_COIN, shortOfCoinsWords } from "~/lib/posting";
import { TASK_FIELD_NAMES as NAMES } from "~/lib/task-fields";
import { TimeAllowanceField } from "./time-allowance-field";
import { EstimateField } from "./estimate-field";

export type TaskFormValues = {
  task_title: string;
  task_detail: string;
  required_workers: string;
  payable_amount: string;
  completion_date: string;
  submission_info: string;
  category: string;
  time_allowance_minutes: string;
  estimate_minutes: string;
  check_question?: string;
  check_match?: string;
  check_answer?: string;
  check_choices?: string;
};

/** A positive whole number typed into a field, or null while it is not one. */
function wholeOrNull(s: string | undefined): number | null {
  if (!s || !/^\s*\d+\s*$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The task form shared by Add Task and Update Task. A plain multipart POST (works without JavaScript),
 * validated by the same valibot schema in the browser (conform) and on the server. The cost panel follows
 * what is typed: the total against the balance when adding, the difference when updating.
 */
export function TaskForm({
  mode,
  lastResult,
  defaultValue,
  balance,
  originalCost = 0,
  originalSlots,
  originalPay,
  initialImageUrl,
  imageError,
  failure,
  serverMissing,
  busy,
  minimumPay,
  qualifications = [],
}: {
  mode: "add" | "update";
  /** the platform's minimum hourly pay in words ("$6.00/hour") */
  minimumPay: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<TaskFormValues>;
  balance: number;
  /** Update: coins escrowed now (open slots x pay). */
  originalCost?: number;
  originalSlots?: number;
  originalPay?: number;
  initialImageUrl?: string | null;
  imageError?: string | null;
  failure?: Failure | null;
  /** Update: the server refused for lack of coins, missing this many. */
  serverMissing?: number | null;
  busy: boolean;
  /** Add: the buyer's qualifications a task may require */
  qualifications?: QualificationChoice[];
}) {
  const schema = mode === "add" ? addTaskSchema : updateTaskSchema;
  const [form, fields] = useValibotForm(schema, { lastResult, defaultValue });
  const [workers, setWorkers] = useState<string>(
    String(fields.required_workers.initialValue ?? defaultValue?.required_workers ?? ""),
  );
  const [amount, setAmount] = useState<string>(
    String(fields.payable_amount.initialValue ?? defaultValue?.payable_amount ?? ""),
  );
  const w = wholeOrNull(workers);
  const a = wholeOrNull(amount);
  const total = w !== null && a !== null ? taskCost(w, a) : null;
  const diff = total !== null ? total - originalCost : null;
  const addShort = mode === "add" && total !== null && total > balance;
  const updateMissing =
    mode === "update" ? (diff !== null ? (diff > balance ? diff - balance : 0) : (serverMissing ?? 0)) : 0;
  const today = deadlineDay();
  const hydrated = useHydrated();

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-busy={busy}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <EnhancedMarker />
      <div className="grid gap-5 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6">
        {failure ? <FormFailure title={failure.title} message={failure.message} className="px-4 py-3" /> : null}
        <InputField
          field={fields.task_title}
          label={NAMES.task_title}
          type="text"
          placeholder="e.g. Watch my video and leave a comment"
          maxLength={120}
        />
        <TextareaField
          field={fields.task_detail}
          label={mode === "update" ? `${NAMES.task_detail} (optional)` : NAMES.task_detail}
          rows={5}
          placeholder="What should workers do, step by step?"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <WholeNumberField
            field={fields.required_workers}
            label={NAMES.required_workers}
            hint={mode === "update" ? "Open slots still to fill" : "How many people should do it"}
            min={1}
            onChange={(e) => setWorkers(e.currentTarget.value)}
          />
          <WholeNumberField
            field={fields.payable_amount}
            label={NAMES.payable_amount}
            hint="Coins paid to each worker"
            min={1}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <InputField
            field={fields.completion_date}
            label={NAMES.completion_date}
            type="date"
            min={today}
            hint={`Open through the ${DEADLINE_NOTE}.`}
          />
          <SelectField
            field={fields.category}
            label={NAMES.category}
            placeholder="Select a category"
            options={CATEGORIES}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TimeAllowanceField field={fields.time_allowance_minutes} />
          <EstimateField field={fields.estimate_minutes} minimumPay={minimumPay} />
        </div>
        <InputField
          field={fields.submission_info}
          label={NAMES.submission_info}
          hint="What workers must send as proof (shown as the placeholder of their submission)"
          type="text"
          placeholder="e.g. A screenshot of your comment"
        />
        {mode === "add" ? (
          // conform's fields are a proxy: every name of the add schema is there
          <RequirementFields
            rate={(fields as Record<string, RequirementField>).min_approval_rate!}
            approved={(fields as Record<string, RequirementField>).min_approved!}
          />
        ) : null}
        {mode === "add" ? (
          <QualificationRequirement
            qualification={(fields as Record<string, FieldMetadata<string | null>>).qualification_id!}
            minScore={(fields as Record<string, FieldMetadata<number>>).qualification_min_score!}
            choices={qualifications}
          />
        ) : null}
        <CheckFields
          question={fields.check_question}
          match={fields.check_match}
          answer={fields.check_answer}
          choices={fields.check_choices}
        />
        <ImagePicker
          label={
            mode === "update" ? `${NAMES.task_image_url} (optional, replaces the current one)` : NAMES.task_image_url
          }
          initialUrl={initialImageUrl}
          error={imageError}
        />
      </div>

      <aside
        aria-label="Cost"
        className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24"
      >
        <div className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <Coins className="size-4 text-amber-500" aria-hidden /> {mode === "add" ? "Total cost" : "Cost change"}
        </div>
        <div aria-live="polite" className="grid gap-3" data-testid="cost-panel">
          {mode === "add" ? (
            <>
              <p className="text-3xl font-bold tracking-tight" data-testid="total-cost">
                {total !== null ? formatCount(total) : "—"}{" "}
                <span className="text-base font-medium text-muted-foreground">{total === 1 ? "coin" : "coins"}</span>
              </p>
              <dl className="grid gap-1.5 text-sm">
                <Row
                  label={`${NAMES.required_workers} × ${NAMES.payable_amount.toLowerCase()}`}
                  value={w !== null && a !== null ? `${formatCount(w)} × ${formatCount(a)}` : "—"}
                />
                <Row label="Your balance" value={formatCoins(balance)} />
                <Row
                  label="After posting"
                  value={total !== null ? formatCoins(balance - total) : "—"}
                  strong
                  danger={addShort}
                />
              </dl>
              {addShort ? (
                <div
                  role="alert"
                  className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
                >
                  <p className="flex items-start gap-2 whitespace-pre-wrap font-semibold">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {NOT_AVAILABLE_COIN}
                  </p>
                  <p>{shortOfCoinsWords(1, total!, balance)}</p>
                  <Link to="/dashboard/purchasecoin" className={buttonVariants({ variant: "outline", size: "sm" })}>
                    Purchase Coin
                  </Link>
                </div>
              ) : null}
            </>
          ) : (
            <>
              <p
                className={cn("text-3xl font-bold tracking-tight", diff !== null && diff < 0 && "text-emerald-700")}
                data-testid="cost-difference"
              >
                {diff === null ? "—" : diff > 0 ? `+${formatCount(diff)}` : diff < 0 ? `−${formatCount(-diff)}` : "0"}{" "}
                <span className="text-base font-medium text-muted-foreground">
                  {diff !== null && Math.abs(diff) === 1 ? "coin" : "coins"}
                </span>
              </p>
              <p className="text-sm text-muted-foreground">
                {diff === null
                  ? "Enter workers and pay to see the difference."
                  : diff > 0
                    ? `${formatCoins(diff)} will be charged.`
                    : diff < 0
                      ? `${formatCoins(-diff)} will be refunded to you.`
                      : "No change in cost."}
              </p>
              <dl className="grid gap-1.5 text-sm">
                <Row
                  label="Escrowed now"
                  value={`${formatCoins(originalCost)}${originalSlots !== undefined && originalPay !== undefined ? ` (${formatCount(originalSlots)} × ${formatCount(originalPay)})` : ""}`}
                />
                <Row
                  label="New total"
                  value={total !== null ? `${formatCoins(total)} (${formatCount(w!)} × ${formatCount(a!)})` : "—"}
                />
                <Row label="Your balance" value={formatCoins(balance)} />
              </dl>
              {updateMissing > 0 ? (
                <div
                  role="alert"
                  className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                >
                  <p className="flex items-center gap-2 font-semibold">
                    <AlertTriangle className="size-4 shrink-0" aria-hidden /> Insufficient Coins
                  </p>
                  <p data-testid="coins-needed">You need {formatCoins(updateMissing)} more to save this change.</p>
                  <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
                    Buy Coins
                  </Link>
                </div>
              ) : null}
            </>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy || (hydrated && updateMissing > 0)} className="w-full">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy ? (mode === "add" ? "Posting…" : "Saving…") : mode === "add" ? "Add Task" : "Update Task"}
        </Button>
      </aside>
    </Form>
  );
}

function Row({ label, value, strong, danger }: { label: string; value: string; strong?: boolean; danger?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("text-right tabular-nums", strong && "font-semibold", danger && "text-destructive")}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Add Task's and Update Task's success popup ('Task Posted!', 'Task Updated!'): it opens when the action answers
 * the script-driven post with a success, closes itself after 2 s, and then goes to My Tasks.
 */
export function TaskSaved({ outcome }: { outcome: Outcome | undefined }) {
  const navigate = useNavigate();
  // Once shown, the popup stays until it ends, even if the action's answer is revalidated away.
  const [shown, setShown] = useState<Outcome | null>(null);
  if (outcome?.ok && outcome !== shown) setShown(outcome);
  return <ResultDialog result={shown} autoCloseMs={2000} onClose={() => navigate("/dashboard/mytasks")} />;
}
