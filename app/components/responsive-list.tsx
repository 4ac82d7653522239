import { Fragment, type ReactNode } from "react";
import type * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { Table, TBody, THead } from "~/components/ui/table";
import { cn } from "~/lib/cn";

/** Where the cards give way to the table (full class names, so Tailwind finds them). */
const SWITCH = {
  sm: { cards: "sm:hidden", table: "hidden sm:block" },
  md: { cards: "md:hidden", table: "hidden md:block" },
  lg: { cards: "lg:hidden", table: "hidden lg:block" },
} as const;

/**
 * One list of rows shown two ways: phones get a list of cards instead of a sideways-scrolling table; from the
 * breakpoint up the table shows instead. Only one of the two is displayed (the other is display:none, so screen
 * readers meet it once). `label` names both the list and the table.
 */
export function ResponsiveList<Row extends { id: string }>({
  label,
  rows,
  from = "sm",
  numbered = false,
  card,
  columns,
  row,
  tableTestId,
}: {
  label: string;
  rows: readonly Row[];
  /** The breakpoint from which the table replaces the cards. */
  from?: keyof typeof SWITCH;
  /** An ordered list (<ol>) for lists with a serial number. */
  numbered?: boolean;
  /** One card: a <ListCard>. */
  card: (row: Row, index: number) => ReactNode;
  /** The header cells (<TH>). */
  columns: ReactNode;
  /** One table row: a <TR>. */
  row: (row: Row, index: number) => ReactNode;
  tableTestId?: string;
}) {
  const Cards = numbered ? "ol" : "ul";
  return (
    <>
      <Cards aria-label={label} className={cn("grid grid-cols-1 gap-3", SWITCH[from].cards)}>
        {rows.map((r, i) => (
          <Fragment key={r.id}>{card(r, i)}</Fragment>
        ))}
      </Cards>
      <div className={SWITCH[from].table}>
        <Table caption={label} data-testid={tableTestId}>
          <THead>
            <tr>{columns}</tr>
          </THead>
          <TBody>
            {rows.map((r, i) => (
              <Fragment key={r.id}>{row(r, i)}</Fragment>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}

/** One card of a ResponsiveList. */
export function ListCard({ className, ...props }: React.ComponentProps<"li">) {
  return (
    <li className={cn("grid gap-2 rounded-xl border border-border bg-white p-4 shadow-sm", className)} {...props} />
  );
}

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
