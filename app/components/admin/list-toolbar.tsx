import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { LoaderCircle, Search } from "~/components/icons/more";
import type * as React from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/components/use-hydrated";
import { useWords } from "~/lib/i18n/react";

/** True while this page is loading the result of its own GET form (search or filter). */
export function useSearching(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === "loading" &&
    navigation.formMethod?.toUpperCase() === "GET" &&
    navigation.location.pathname === location.pathname
  );
}

/**
 * A list's search and filters as a GET form: the URL holds them (?q=&role=), the page number resets, and it
 * works without JavaScript. `children` are extra filters (e.g. <FilterSelect>).
 */
export function ListToolbar({
  q,
  searchLabel,
  placeholder,
  active,
  children,
  search = true,
}: {
  q?: string;
  searchLabel: string;
  placeholder?: string;
  /** whether any filter is set (shows "Clear") */
  active: boolean;
  children?: React.ReactNode;
  search?: boolean;
}) {
  const t = useWords("admin");
  const location = useLocation();
  const searching = useSearching();
  const hydrated = useHydrated();
  // filters alone apply themselves on change once JavaScript runs; the button is for visitors without it
  const showSubmit = search || !hydrated;
  return (
    <Form
      method="get"
      role="search"
      aria-label={searchLabel}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
    >
      {search ? (
        <div className="relative min-w-0 flex-1 sm:min-w-64">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            placeholder={placeholder}
            aria-label={placeholder ?? searchLabel}
            className="pl-9"
          />
        </div>
      ) : null}
      {children}
      <div className="flex gap-2">
        {showSubmit ? (
          <Button
            type="submit"
            variant={search ? "default" : "outline"}
            className="flex-1 sm:flex-none"
            disabled={searching}
          >
            {searching ? <LoaderCircle className="animate-spin" aria-hidden /> : search ? <Search aria-hidden /> : null}
            {search ? t("list.search") : t("list.apply")}
          </Button>
        ) : searching ? (
          <LoaderCircle
            className="size-5 animate-spin self-center text-muted-foreground"
            aria-label={t("list.loading")}
          />
        ) : null}
        {active ? (
          <Link to={location.pathname} className={cn(buttonVariants({ variant: "ghost" }), "flex-1 sm:flex-none")}>
            {t("list.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A filter select that applies itself on change (with JavaScript) and with the form's button (without). */
export function FilterSelect({
  name,
  label,
  value,
  options,
  className,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  className?: string;
}) {
  const submit = useSubmit();
  return (
    <NativeSelect
      key={value}
      name={name}
      aria-label={label}
      defaultValue={value}
      className={cn("sm:w-48", className)}
      onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
