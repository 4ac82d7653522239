// The pieces every conform form of the app repeats: the valibot-validated useForm, the "posting" flag, the toast
// of an action's failure, the red failure box, and a labelled input/select/textarea wired to a conform field.
import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { useEffect, useId, useRef } from "react";
import type * as React from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import type * as v from "valibot";
import { Alert } from "~/components/ui/alert";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { outcomeText, type FormOutcome } from "~/lib/enhanced";
import { cn } from "~/lib/cn";
import { COUNTRIES, countryNameIn } from "~/lib/countries";
import { LOCALES, type Language } from "~/lib/i18n/languages";
import { useLanguage, useWords } from "~/lib/i18n/react";
import { useHydrated } from "~/components/use-hydrated";

/**
 * conform's useForm, validated in the browser by the same valibot schema the action parses with: a field shows
 * its error once it is left, then follows what is typed.
 */
export function useValibotForm<Schema extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<v.InferOutput<Schema>>;
  } = {},
) {
  // the form's messages in the page's language (lib/i18n/validation.ts)
  const lang = useLanguage();
  return useForm({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema, info: { lang } }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** True while a form POSTs to `action` (or to a URL that starts with it: the same path with a search, any id). */
export function usePosting(action: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.startsWith(action) === true
  );
}

export interface Failure {
  title: string;
  message: string;
}

/**
 * The failure a form shows (its box and toast) for an action's answer: a refusal's; an invalid submission's only
 * with `invalid` (by default its fields say it).
 */
export function failureOf(outcome: FormOutcome | null | undefined, invalid = false): Failure | null {
  if (!outcome || outcome.ok || (outcome.invalid && !invalid)) return null;
  return { title: outcome.title, message: outcomeText(outcome) ?? "" };
}

/** A toast for each answer of the action that carries a failure (see `failureOf`). */
export function useFailureToast(outcome: FormOutcome | null | undefined, invalid = false) {
  useEffect(() => {
    const failure = failureOf(outcome, invalid);
    if (failure) toast.error(failure.title, { description: failure.message });
  }, [outcome, invalid]);
}

/** The red box at the top of a form that says why it was refused (also shown without JavaScript). */
export function FormFailure({
  title,
  message,
  className,
}: {
  title: string;
  message: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn("rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900", className)}
    >
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/** A refused action's failure as a danger alert (a page's or a panel's, where FormFailure is a form's own box). */
export function FailureAlert({ failure, className }: { failure?: Failure | null; className?: string }) {
  return failure ? (
    <Alert tone="danger" title={failure.title} className={className}>
      {failure.message}
    </Alert>
  ) : null;
}

// conform's metadata of a field of any form (the field's own type does not matter here).
export type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

interface FieldLabels {
  field: AnyField;
  label: React.ReactNode;
  hint?: React.ReactNode;
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

/** A labelled <Input> for a conform field, with its hint or error under it. */
export function InputField({
  field,
  label,
  hint,
  type,
  ...props
}: FieldLabels & { type: InputType } & Omit<
    React.ComponentProps<typeof Input>,
    "type" | "id" | "name" | "form" | "defaultValue"
  >) {
  return (
    <Field label={label} htmlFor={field.id} error={field.errors} hint={hint}>
      <Input {...getInputProps(field, { type })} {...props} />
    </Field>
  );
}

/** A whole number: a number input that steps by one and brings up the number pad on phones. */
export function WholeNumberField(props: Omit<React.ComponentProps<typeof InputField>, "type" | "step" | "inputMode">) {
  return <InputField {...props} type="number" step={1} inputMode="numeric" />;
}

/** An e-mail address field (sign-in, registration, recovery, settings). */
export function EmailField({ field, label }: { field: AnyField; label?: string }) {
  const t = useWords("common");
  return (
    <InputField
      field={field}
      label={label ?? t("form.email")}
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
    />
  );
}

/** The password the user has now, typed to sign in or to prove it is them. */
export function CurrentPasswordField({
  field,
  label,
  hint,
}: {
  field: AnyField;
  label?: string;
  hint?: React.ReactNode;
}) {
  const t = useWords("common");
  return (
    <InputField
      field={field}
      label={label ?? t("form.currentPassword")}
      type="password"
      autoComplete="current-password"
      hint={hint}
    />
  );
}

/** A password being chosen, with the password rules under it. */
export function NewPasswordField({ field, label }: { field: AnyField; label: string }) {
  const t = useWords("common");
  return (
    <InputField field={field} label={label} type="password" autoComplete="new-password" hint={t("form.passwordHint")} />
  );
}

/** A labelled <Textarea> for a conform field. */
export function TextareaField({
  field,
  label,
  hint,
  ...props
}: FieldLabels & Omit<React.ComponentProps<typeof Textarea>, "id" | "name" | "form" | "defaultValue">) {
  return (
    <Field label={label} htmlFor={field.id} error={field.errors} hint={hint}>
      <Textarea {...getTextareaProps(field)} {...props} />
    </Field>
  );
}

/**
 * A labelled <select> for a conform field: an empty first choice (`placeholder`), then `options`, as they read or
 * in the words `optionLabel` gives each.
 */
export function SelectField({
  field,
  label,
  hint,
  placeholder,
  options,
  optionLabel = (option) => option,
}: FieldLabels & { placeholder: string; options: readonly string[]; optionLabel?: (option: string) => string }) {
  return (
    <Field label={label} htmlFor={field.id} error={field.errors} hint={hint}>
      <NativeSelect {...getSelectProps(field)} defaultValue={String(field.initialValue ?? "")}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/**
 * The countries by name in `language`, in its alphabetical order: English's own list, or the names Intl gives in
 * another language (the code where it has none).
 */
const countryNames = new Map<Language, readonly (readonly [code: string, name: string])[]>([["en", COUNTRIES]]);
function countriesIn(language: Language) {
  let list = countryNames.get(language);
  if (!list) {
    const collator = new Intl.Collator(LOCALES[language]);
    list = COUNTRIES.map(([code]) => [code, countryNameIn(language, code)] as const).sort((a, b) =>
      collator.compare(a[1], b[1]),
    );
    countryNames.set(language, list);
  }
  return list;
}

/** The search parameter that asks a lean country field for every country (a page without JavaScript). */
const EVERY_COUNTRY = "countries";

/**
 * The worker's country (ISO 3166-1 alpha-2), by name; "Not given" leaves it empty. `lean` (Settings, a page opened
 * often): the server writes only the country chosen, and the browser adds every other once it has hydrated the page,
 * from the list its script holds; without JavaScript a link asks the page again with all of them (decision 111: the
 * 250 names were a fifth of Settings in Bengali).
 */
export function CountryField({ field, label, hint, lean = false }: FieldLabels & { lean?: boolean }) {
  const t = useWords("common");
  const language = useLanguage();
  const hydrated = useHydrated();
  const [search] = useSearchParams();
  const chosen = String(field.initialValue ?? "");
  const every = !lean || hydrated || search.has(EVERY_COUNTRY);
  const countries = every ? countriesIn(language) : countriesIn(language).filter(([code]) => code === chosen);
  return (
    <Field label={label} htmlFor={field.id} error={field.errors} hint={hint}>
      <NativeSelect {...getSelectProps(field)} defaultValue={chosen}>
        <option value="">{t("form.countryNotGiven")}</option>
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </NativeSelect>
      {every ? null : (
        <Link to={`?${EVERY_COUNTRY}#${field.id}`} className="justify-self-start text-sm text-brand-700 underline">
          {t("form.countryEvery")}
        </Link>
      )}
    </Field>
  );
}

/**
 * The answer of a form's review step (decision 026): a highlighted panel of what will be sent and the button that
 * sends it; its heading takes focus when it appears (and again for a new answer, `answer`).
 */
export function ReviewPanel({
  title,
  answer,
  testId,
  children,
}: {
  title: string;
  answer: unknown;
  testId: string;
  children: React.ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 rounded-xl border-2 border-brand-200 bg-brand-50/50 p-4"
      data-testid={testId}
    >
      <h3 id={id} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {title}
      </h3>
      {children}
    </section>
  );
}
