import { useEffect, useRef, type Ref } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Search, X } from "~/components/icons/more";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { CATEGORIES } from "~/lib/categories";
import { cn } from "~/lib/cn";
import { useFormat, useWords } from "~/lib/i18n/react";
import type { Key } from "~/lib/i18n/messages";
import { useCategoryName } from "~/components/category-name";

const SORTS = [
  { value: "newest", label: "filters.sortNewest" },
  { value: "pay", label: "filters.sortPay" },
  { value: "rate", label: "filters.sortRate" },
  { value: "deadline", label: "filters.sortDeadline" },
] as const satisfies readonly { value: string; label: Key<"worker"> }[];
export type SortValue = (typeof SORTS)[number]["value"];

export interface TaskQuery {
  q: string;
  category: string;
  sort: SortValue;
  /** least pay per hour in whole dollars, "" for any */
  min_hourly: string;
  /** least buyer approval rate in percent, "" for any */
  min_approval: string;
  /** "Hide tasks I can't do" (on by default) */
  hide: boolean;
}

const HOURLY_CHOICES = ["6", "10", "15", "20"];
const APPROVAL_CHOICES = ["80", "90", "95"];

/** The query's fields the selects set, in their order on the form. */
const SELECTS = ["category", "sort", "min_hourly", "min_approval"] as const;
type SelectName = (typeof SELECTS)[number];

const ACTION = "/dashboard/tasklist";

/** The defaults a link leaves out ("Hide tasks I can't do" is on unless the URL says hide=0). */
const DEFAULTS: Record<string, string> = { sort: "newest", hide: "1" };

/**
 * Only the parameters that differ from the defaults, so shared links stay short. A name sent twice (the hidden "0"
 * and the ticked box's "1") counts by its last value, as the server reads it.
 */
function cleanParams(form: HTMLFormElement): URLSearchParams {
  const last = new Map<string, string>();
  for (const [k, v] of new FormData(form)) if (typeof v === "string") last.set(k, v.trim());
  const params = new URLSearchParams();
  for (const [k, value] of last) if (value && DEFAULTS[k] !== value) params.set(k, value);
  return params;
}

/**
 * Search, category and sort for the Available Tasks grid. A GET form: without JavaScript it submits to the URL
 * as is; with it, the selects apply at once and empty parameters are dropped. A new filter starts at page 1.
 */
export function TaskFilters({ query }: { query: TaskQuery }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const t = useWords("worker");
  const common = useWords("common");
  const f = useFormat();
  const categoryName = useCategoryName();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const selectRefs = useRef<Partial<Record<SelectName, HTMLSelectElement | null>>>({});
  const hideRef = useRef<HTMLInputElement>(null);
  const busy = navigation.state === "loading" && navigation.location.pathname === ACTION;
  const filtered = Boolean(
    query.q || query.category || query.sort !== "newest" || query.min_hourly || query.min_approval || !query.hide,
  );

  // Back/forward and shared links change the URL: keep the controls in step with it. A select the visitor has
  // changed since the last time is left alone: their choice is on its way, and the late effect of an earlier
  // navigation must not undo it before they pick the next filter (which submits every select's value).
  const synced = useRef(query);
  useEffect(() => {
    const before = synced.current;
    if (searchRef.current && document.activeElement !== searchRef.current) searchRef.current.value = query.q;
    for (const name of SELECTS) {
      const select = selectRefs.current[name];
      if (select && select.value === before[name]) select.value = query[name];
    }
    if (hideRef.current && hideRef.current.checked === before.hide) hideRef.current.checked = query.hide;
    synced.current = query;
  }, [query]);

  // Each select's label and choices; the two thresholds start with "any".
  const selectLabels: Record<SelectName, string> = {
    category: t("filters.category"),
    sort: t("filters.sort"),
    min_hourly: common("payRate.label"),
    min_approval: t("filters.buyerApproval"),
  };
  const selectOptions: Record<SelectName, readonly { value: string; label: string }[]> = {
    category: [
      { value: "", label: t("filters.allCategories") },
      ...CATEGORIES.map((c) => ({ value: c, label: categoryName(c) })),
    ],
    sort: SORTS.map((s) => ({ value: s.value, label: t(s.label) })),
    min_hourly: [
      { value: "", label: t("filters.anyPay") },
      ...HOURLY_CHOICES.map((d) => ({
        value: d,
        label: t("filters.hourlyOrMore", { dollars: f.dollars(Number(d) * 100, { dropZeroCents: true }) }),
      })),
    ],
    min_approval: [
      { value: "", label: t("filters.anyBuyer") },
      ...APPROVAL_CHOICES.map((p) => ({
        value: p,
        label: t("filters.approvalOrMore", { percent: f.count(Number(p)) }),
      })),
    ],
  };

  const apply = () => {
    if (formRef.current)
      submit(cleanParams(formRef.current), { method: "get", action: ACTION, preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={ACTION}
      role="search"
      aria-label={t("filters.label")}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
      className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,1fr)_11rem_11rem_9rem_9rem_auto] lg:items-end"
    >
      <div className="col-span-2 grid gap-1.5 lg:col-span-1">
        <Label htmlFor="task-search">{t("filters.search")}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={searchRef}
            id="task-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={t("filters.searchPlaceholder")}
            maxLength={100}
            className="pl-9"
          />
        </div>
      </div>
      {SELECTS.map((name) => (
        <FilterSelect
          key={name}
          ref={(select) => {
            selectRefs.current[name] = select;
          }}
          id={`task-${name.replace("_", "-")}`}
          label={selectLabels[name]}
          name={name}
          value={query[name]}
          onChange={apply}
          options={selectOptions[name]}
        />
      ))}
      <div className="col-span-2 flex items-center gap-2 lg:col-span-full lg:row-start-2">
        {/* unticked, the box sends nothing and the hidden "0" turns the filter off; ticked, its "1" comes last */}
        <input type="hidden" name="hide" value="0" />
        <input
          ref={hideRef}
          id="task-hide"
          type="checkbox"
          name="hide"
          value="1"
          defaultChecked={query.hide}
          onChange={apply}
          className="size-4 rounded border-input accent-brand-700"
        />
        <Label htmlFor="task-hide" className="font-normal">
          {t("filters.hide")}
        </Label>
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:col-start-6 lg:row-start-1">
        <Button type="submit" className="flex-1 lg:flex-none" disabled={busy}>
          {busy ? <Spinner /> : <Search aria-hidden />}
          {busy ? t("filters.searching") : t("filters.search")}
        </Button>
        {filtered ? (
          <Link
            to={ACTION}
            className={cn(buttonVariants({ variant: "outline" }))}
            aria-label={t("taskList.clearFilters")}
          >
            <X aria-hidden /> <span className="lg:sr-only">{t("filters.clear")}</span>
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** One of the list's selects: labelled, applied as soon as it changes (with JavaScript). */
function FilterSelect({
  ref,
  id,
  label,
  name,
  value,
  onChange,
  options,
}: {
  ref: Ref<HTMLSelectElement>;
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: () => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect ref={ref} id={id} name={name} defaultValue={value} onChange={onChange}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
