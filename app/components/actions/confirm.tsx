// Confirmed actions on a listed row (approve, reject, delete, remove, adjust coins), with and without JavaScript,
// for every page whose action is a `confirmAction` (app/server/http/page-action.server.ts).
//
// With JavaScript a row's trigger opens one page-level ConfirmDialog; its form (reason, amount) goes to the
// page action through a fetcher carrying the ENHANCED_FIELD marker, and the page gets the Outcome back to show a
// dialog or toast. Without JavaScript the same trigger is a link to `?confirm=<intent>&row=<id>`, where the page
// renders the same confirmation as a server-side panel whose form posts normally (the action answers with a
// redirect and a flash banner).
import { useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import type * as React from "react";
import { CONFIRM_PARAM, ENHANCED_FIELD, ROW_PARAM, type Outcome } from "~/lib/enhanced";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { NoJsPanel, useHrefWithout } from "./enhanced";
import { ResultDialog } from "./result-dialog";
import { type ActionFlow, type ActionSpec } from "./flow";
import { useFormat, useWords } from "~/lib/i18n/react";

/** The extra inputs an action asks for: an amount of coins and/or a reason. */
export function ActionFields({
  spec,
  errors,
  idPrefix,
}: {
  spec: ActionSpec;
  errors?: Record<string, string[]>;
  idPrefix: string;
}) {
  const amountId = `${idPrefix}-amount`;
  const reasonId = `${idPrefix}-reason`;
  const t = useWords("common");
  const f = useFormat();
  const hydrated = useHydrated();
  const [length, setLength] = useState(0);
  const reason = spec.reason;
  const maxLength = reason?.maxLength ?? 500;
  // before hydration (and without JavaScript) the bounds, afterwards the count
  const counter = reason?.counted ? (
    <span id={`${reasonId}-count`}>
      {hydrated
        ? t("action.count", { length: f.count(length), max: f.count(maxLength) })
        : t("action.bounds", { min: f.count(reason.minLength ?? 1), max: f.count(maxLength) })}
    </span>
  ) : null;
  const describedBy = [errors?.reason ? `${reasonId}-error` : null, counter ? `${reasonId}-count` : null]
    .filter(Boolean)
    .join(" ");
  const choiceId = `${idPrefix}-choice`;
  const textId = `${idPrefix}-text`;
  const line = spec.text;
  return (
    <>
      {line ? (
        <Field label={line.label} htmlFor={textId} error={errors?.[line.name]} hint={line.hint}>
          <Input
            id={textId}
            name={line.name}
            required
            maxLength={line.maxLength ?? 200}
            placeholder={line.placeholder}
            autoComplete="off"
            aria-invalid={errors?.[line.name] ? true : undefined}
            aria-describedby={errors?.[line.name] ? `${textId}-error` : undefined}
          />
        </Field>
      ) : null}
      {spec.choice ? (
        <Field label={spec.choice.label} htmlFor={choiceId} error={errors?.[spec.choice.name]}>
          <NativeSelect id={choiceId} name={spec.choice.name} required>
            {spec.choice.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      {spec.amount ? (
        <Field label={spec.amount.label} htmlFor={amountId} error={errors?.addcoin} hint={spec.amount.hint}>
          <Input
            id={amountId}
            name="addcoin"
            type="number"
            step={1}
            min={spec.amount.min ?? -10_000_000}
            max={10_000_000}
            inputMode="numeric"
            required
            placeholder={spec.amount.placeholder ?? t("action.amountPlaceholder")}
            aria-invalid={errors?.addcoin ? true : undefined}
            aria-describedby={errors?.addcoin ? `${amountId}-error` : undefined}
          />
        </Field>
      ) : null}
      {reason?.picks ? (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">{reason.label}</legend>
          {reason.picks.map((pick) => (
            <label
              key={pick}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm"
            >
              <input type="radio" name="reason_pick" value={pick} className="size-4 accent-brand-600" />
              {pick}
            </label>
          ))}
        </fieldset>
      ) : null}
      {spec.reason ? (
        <Field
          label={
            <>
              {reason?.picks ? t("action.ownWords") : spec.reason.label}
              {spec.reason.required || spec.reason.markOptional === false ? null : (
                <span className="font-normal text-muted-foreground"> {t("action.optional")}</span>
              )}
            </>
          }
          htmlFor={reasonId}
          error={errors?.reason}
          hint={spec.reason.hint}
        >
          <Textarea
            id={reasonId}
            name="reason"
            rows={3}
            minLength={spec.reason.minLength}
            maxLength={maxLength}
            required={spec.reason.required}
            placeholder={spec.reason.placeholder}
            className="min-h-20"
            onInput={(e) => setLength(e.currentTarget.value.length)}
            aria-invalid={errors?.reason ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
          {counter ? <p className="text-right text-xs tabular-nums text-muted-foreground">{counter}</p> : null}
        </Field>
      ) : null}
      {spec.acknowledge ? (
        <div className="grid gap-1">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm font-medium">
            <input
              type="checkbox"
              name={spec.acknowledge.name}
              required
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
              aria-invalid={errors?.[spec.acknowledge.name] ? true : undefined}
            />
            {spec.acknowledge.label}
          </label>
          {errors?.[spec.acknowledge.name] ? (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors[spec.acknowledge.name][0]}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function RefusalNote({ outcome }: { outcome: Outcome }) {
  if (outcome.fields && Object.keys(outcome.fields).length > 0) return null; // shown under the fields
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{outcome.title}</p>
      {outcome.detail || outcome.message ? <p>{outcome.detail ?? outcome.message}</p> : null}
    </div>
  );
}

/** The page's confirmation dialog (JavaScript). */
function ConfirmActionDialog({ flow }: { flow: ActionFlow }) {
  const formRef = useRef<HTMLFormElement>(null);
  const spec = flow.spec;
  return (
    <ConfirmDialog
      open={flow.open}
      onOpenChange={flow.setOpen}
      title={spec?.title ?? ""}
      description={spec?.description}
      confirmLabel={spec?.confirmLabel}
      destructive={spec?.destructive}
      busy={flow.busy}
      className={spec?.wide ? "max-w-3xl" : undefined}
      onConfirm={() => formRef.current?.requestSubmit()}
    >
      {spec?.body}
      {spec?.note ? <Note>{spec.note}</Note> : null}
      {spec ? (
        <form
          ref={formRef}
          className={
            spec.reason || spec.amount || spec.choice || spec.text || spec.acknowledge || flow.inlineError
              ? "grid gap-4"
              : "hidden"
          }
          onInput={() => flow.inlineError && flow.clearError()}
          onSubmit={(e) => {
            e.preventDefault();
            // flushSync: the dialog is busy before the next event, so a double click posts once (the router's
            // updates are transitions otherwise, and a heavy page may not have re-rendered by the second click)
            if (!flow.busy) flow.fetcher.submit(e.currentTarget, { method: "post", flushSync: true });
          }}
        >
          <HiddenFields spec={spec} js />
          <ActionFields spec={spec} errors={flow.inlineError?.fields} idPrefix="action-dialog" />
          {flow.inlineError ? <RefusalNote outcome={flow.inlineError} /> : null}
        </form>
      ) : null}
    </ConfirmDialog>
  );
}

/** The page's confirmation dialog, and the result dialog of its actions whose outcome is told in one (JavaScript). */
export function ActionDialog({ flow }: { flow: ActionFlow }) {
  return (
    <>
      <ConfirmActionDialog flow={flow} />
      <ResultDialog result={flow.result} onClose={flow.closeResult} />
    </>
  );
}

function Note({ children }: { children: React.ReactNode }) {
  return <div className="rounded-lg bg-muted px-3 py-2 text-sm">{children}</div>;
}

function HiddenFields({ spec, js }: { spec: ActionSpec; js?: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={spec.intent} />
      {Object.entries(spec.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {spec.ids ? (
        spec.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)
      ) : (
        <input type="hidden" name="id" value={spec.id} />
      )}
      {js ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
    </>
  );
}

/** `?confirm=<intent>&row=<id>` of the no-JavaScript confirmation view. */
function useConfirmParams(): { intent: string | null; row: string | null } {
  const [params] = useSearchParams();
  return { intent: params.get(CONFIRM_PARAM), row: params.get(ROW_PARAM) };
}

/**
 * The confirmation the no-JavaScript view asks for: the listed row `?row=` names (if `allowed`), with the
 * spec its `?confirm=` intent builds; null when either is not on this page.
 */
export function useNoJsSpec<T extends { id: string }>(
  rows: T[],
  specs: Record<string, (row: T) => ActionSpec>,
  allowed: (row: T) => boolean = () => true,
): ActionSpec | null {
  const confirm = useConfirmParams();
  const build = confirm.intent !== null && Object.hasOwn(specs, confirm.intent) ? specs[confirm.intent] : undefined;
  const row = build ? rows.find((r) => r.id === confirm.row && allowed(r)) : undefined;
  return build && row ? build(row) : null;
}

/** The server-rendered confirmation (no JavaScript): a panel over the page with a plain form. */
export function NoJsConfirm({ spec }: { spec: ActionSpec | null }) {
  const back = useHrefWithout(CONFIRM_PARAM, ROW_PARAM);
  const t = useWords("common");
  if (!spec) return null;
  return (
    <NoJsPanel
      labelledBy="nojs-confirm-title"
      describedBy={spec.description ? "nojs-confirm-description" : undefined}
      alert={spec.destructive}
      className={spec.wide ? "max-w-3xl" : "max-w-lg"}
    >
      <h2 id="nojs-confirm-title" className="text-lg font-semibold">
        {spec.title}
      </h2>
      {spec.description ? (
        <p id="nojs-confirm-description" className="text-sm text-muted-foreground">
          {spec.description}
        </p>
      ) : null}
      {spec.body}
      {spec.note ? <Note>{spec.note}</Note> : null}
      <Form method="post" className="grid gap-4">
        <HiddenFields spec={spec} />
        <ActionFields spec={spec} idPrefix="nojs-confirm" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={back} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {t("confirm.cancel")}
          </Link>
          <Button type="submit" variant={spec.destructive ? "destructive" : "default"}>
            {spec.confirmLabel}
          </Button>
        </div>
      </Form>
    </NoJsPanel>
  );
}
