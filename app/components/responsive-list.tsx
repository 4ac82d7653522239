import { Fragment, type ReactNode } from "react";
import type * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

/**
 * A paged list: SPEC's empty state when there is nothing to show, else the list and its Prev/Next pager. With
 * `dim`, the list fades (and is aria-busy) while another page of the same path loads.
 */
export function PagedList({
  count,
  empty,
  page,
  pages,
  dim = false,
  children,
}: {
  count: number;
  empty: ReactNode;
  page: number;
  pages: number;
  dim?: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  if (count === 0) return empty;
  if (!dim) {
    return (
      <>
        {children}
        <Pagination page={page} pages={pages} />
      </>
    );
  }
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div aria-busy={loading} className={cn("transition-opacity", loading && "opacity-60")}>
      {children}
      <Pagination page={page} pages={pages} />
    </div>
  );
}

/** A column of a CardTable: its header, and classes for its header cell (e.g. a width, right alignment). */
export interface CardColumn {
  header: ReactNode;
  className?: string;
}

/** The last column, of a row's buttons: named for screen readers only (the buttons say what they do). */
export const ACTIONS_COLUMN: CardColumn = { header: <ActionsHeader /> };

function ActionsHeader() {
  const t = useWords("common");
  return <span className="sr-only">{t("list.actions")}</span>;
}

/**
 * A list rendered once, laid out by CSS (`.card-table` in app.css): a table from the md breakpoint up, a stack of
 * cards on phones, so a page carries each row's markup one time. Rows are `<CardRow>`s of `<Cell>`s; a cell's
 * `label` names its column above its value on a card.
 */
export function CardTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  row,
  testId,
}: {
  label: string;
  columns: CardColumn[];
  rows: readonly Row[];
  row: (row: Row, index: number) => ReactNode;
  testId?: string;
}) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-border md:bg-white md:shadow-sm">
      <table role="table" className="card-table" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c, i) => (
              <th key={i} role="columnheader" scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((r, i) => (
            <Fragment key={r.id}>{row(r, i)}</Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row of a CardTable (a card on phones). */
export function CardRow(props: React.ComponentProps<"tr">) {
  return <tr role="row" {...props} />;
}

/** A cell of a CardTable; `label` is shown above it on phones (the column's name, or what the value is). */
export function Cell({ label, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  return <td role="cell" data-label={label} {...props} />;
}

/** The cell of a row's buttons and links (the `ACTIONS_COLUMN`), side by side. */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  return (
    <Cell>
      <div className="actions">{children}</div>
    </Cell>
  );
}

/**
 * A cell naming a person: their name over their e-mail (a long address wraps rather than widening the card), or
 * their name alone where the reader may not see the address (null).
 */
export function PersonCell({
  label,
  name,
  email,
  children,
}: {
  label?: string;
  name: string;
  email: string | null;
  /** more lines about them (e.g. since when) */
  children?: React.ReactNode;
}) {
  return (
    <Cell label={label}>
      <p className="name">{name}</p>
      {email === null ? null : <p className="meta break-all">{email}</p>}
      {children}
    </Cell>
  );
}
