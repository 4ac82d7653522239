import { getFormProps, getSelectProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "react-router";
import { useState } from "react";
import { AlertTriangle, Coins, LoaderCircle } from "~/components/icons/more";
import { addTaskSchema, updateSchemaFor } from "~/lib/schemas/task";
import { CATEGORIES } from "~/lib/categories";
import { taskCost } from "~/lib/coins";
import { deadlineDay } from "~/lib/deadline";
import { cn } from "~/lib/cn";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  FormFailure,
  InputField,
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
import { Field, NativeSelect } from "~/components/ui/input";
import { useFormat, useWords } from "~/lib/i18n/react";
import { categoryKey } from "./category";
import { ShortOfCoins } from "./short-of-coins";
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
  measured = false,
}: {
  mode: "add" | "update";
  /** Update: the task's time is measured, not estimated (a HIT), and may stay so */
  measured?: boolean;
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
  const schema = mode === "add" ? addTaskSchema : updateSchemaFor(measured);
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
  const t = useWords("buyer");
  const f = useFormat();
  const coinUnit = (n: number | null) => t("taskForm.coinUnit", { count: n ?? 0 });

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
          label={t("field.task_title")}
          type="text"
          placeholder={t("taskForm.titlePlaceholder")}
          maxLength={120}
        />
        <TextareaField
          field={fields.task_detail}
          label={mode === "update" ? t("taskForm.detailOptional") : t("field.task_detail")}
          rows={5}
          placeholder={t("taskForm.detailPlaceholder")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <WholeNumberField
            field={fields.required_workers}
            label={t("field.required_workers")}
            hint={mode === "update" ? t("taskForm.workersHintUpdate") : t("taskForm.workersHint")}
            min={1}
            onChange={(e) => setWorkers(e.currentTarget.value)}
          />
          <WholeNumberField
            field={fields.payable_amount}
            label={t("field.payable_amount")}
            hint={t("taskForm.payHint")}
            min={1}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <InputField
            field={fields.completion_date}
            label={t("field.completion_date")}
            type="date"
            min={today}
            hint={t("taskForm.dateHint")}
          />
          <Field label={t("field.category")} htmlFor={fields.category.id} error={fields.category.errors}>
            <NativeSelect
              {...getSelectProps(fields.category)}
              defaultValue={String(fields.category.initialValue ?? "")}
            >
              <option value="">{t("taskForm.categoryPlaceholder")}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(categoryKey(c))}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TimeAllowanceField field={fields.time_allowance_minutes} />
          <EstimateField field={fields.estimate_minutes} minimumPay={minimumPay} measured={measured} />
        </div>
        <InputField
          field={fields.submission_info}
          label={t("field.submission_info")}
          hint={t("taskForm.submissionHint")}
          type="text"
          placeholder={t("taskForm.submissionPlaceholder")}
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
          label={mode === "update" ? t("taskForm.imageReplace") : t("field.task_image_url")}
          initialUrl={initialImageUrl}
          error={imageError}
        />
      </div>

      <aside
        aria-label={t("taskForm.cost")}
        className="grid gap-4 rounded-xl border border-border bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-24"
      >
        <div className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <Coins className="size-4 text-amber-500" aria-hidden />{" "}
          {mode === "add" ? t("taskForm.totalCost") : t("taskForm.costChange")}
        </div>
        <div aria-live="polite" className="grid gap-3" data-testid="cost-panel">
          {mode === "add" ? (
            <>
              <p className="text-3xl font-bold tracking-tight" data-testid="total-cost">
                {total !== null ? f.count(total) : "—"}{" "}
                <span className="text-base font-medium text-muted-foreground">{coinUnit(total)}</span>
              </p>
              <dl className="grid gap-1.5 text-sm">
                <Row
                  label={t("taskForm.workersTimesPay")}
                  value={w !== null && a !== null ? `${f.count(w)} × ${f.count(a)}` : "—"}
                />
                <Row label={t("taskForm.balance")} value={f.coins(balance)} />
                <Row
                  label={t("taskForm.afterPosting")}
                  value={total !== null ? f.coins(balance - total) : "—"}
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
                    {t("posting.notAvailable")}
                  </p>
                  <p>
                    <ShortOfCoins tasks={1} cost={total!} balance={balance} />
                  </p>
                  <Link to="/dashboard/purchasecoin" className={buttonVariants({ variant: "outline", size: "sm" })}>
                    {t("purchase.title")}
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
                {diff === null ? "—" : diff > 0 ? `+${f.count(diff)}` : diff < 0 ? `−${f.count(-diff)}` : f.count(0)}{" "}
                <span className="text-base font-medium text-muted-foreground">
                  {coinUnit(diff === null ? null : Math.abs(diff))}
                </span>
              </p>
              <p className="text-sm text-muted-foreground">
                {diff === null
                  ? t("taskForm.enterToSee")
                  : diff > 0
                    ? t("taskForm.charged", { coins: f.coins(diff) })
                    : diff < 0
                      ? t("taskForm.refunded", { coins: f.coins(-diff) })
                      : t("taskForm.noChange")}
              </p>
              <dl className="grid gap-1.5 text-sm">
                <Row
                  label={t("taskForm.escrowedNow")}
                  value={`${f.coins(originalCost)}${originalSlots !== undefined && originalPay !== undefined ? ` (${f.count(originalSlots)} × ${f.count(originalPay)})` : ""}`}
                />
                <Row
                  label={t("taskForm.newTotal")}
                  value={total !== null ? `${f.coins(total)} (${f.count(w!)} × ${f.count(a!)})` : "—"}
                />
                <Row label={t("taskForm.balance")} value={f.coins(balance)} />
              </dl>
              {updateMissing > 0 ? (
                <div
                  role="alert"
                  className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
                >
                  <p className="flex items-center gap-2 font-semibold">
                    <AlertTriangle className="size-4 shrink-0" aria-hidden /> {t("updateTask.insufficient")}
                  </p>
                  <p data-testid="coins-needed">{t("updateTask.needMore", { coins: f.coins(updateMissing) })}</p>
                  <Link to="/dashboard/purchasecoin" className={buttonVariants({ size: "sm" })}>
                    {t("taskForm.buyCoins")}
                  </Link>
                </div>
              ) : null}
            </>
          )}
        </div>
        <Button type="submit" size="lg" disabled={busy || (hydrated && updateMissing > 0)} className="w-full">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {busy
            ? mode === "add"
              ? t("taskForm.posting")
              : t("taskForm.saving")
            : mode === "add"
              ? t("taskForm.add")
              : t("taskForm.update")}
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
