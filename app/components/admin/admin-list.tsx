// The paged lists of the admin pages (withdrawals, tasks, users): a table on wide screens, cards on narrow
// ones, one page at a time; and the line that counts them.
import type * as React from "react";
import { Table, THead, TBody, TR, TH, EmptyState } from "~/components/ui/table";
import { Pagination } from "~/components/ui/pagination";

interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

/**
 * `label` names both the table (its caption) and the card list. `head` are the column headers before the
 * last one (the row actions, named for screen readers only); `cells` a row's cells, `card` a card's content.
 * The table shows from `from` up (md or lg), the cards below it.
 */
export function AdminList<T extends { id: string }>({
  list,
  label,
  empty,
  from,
  head,
  rowTestId,
  cells,
  card,
}: {
  list: Page<T>;
  label: string;
  empty: string;
  from: "md" | "lg";
  head: React.ReactNode;
  rowTestId: (row: T) => string;
  cells: (row: T) => React.ReactNode;
  card: (row: T) => React.ReactNode;
}) {
  if (list.items.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      <div className={from === "md" ? "hidden md:block" : "hidden lg:block"}>
        <Table caption={label}>
          <THead>
            <tr>
              {head}
              <TH className="text-right">
                <span className="sr-only">Actions</span>
              </TH>
            </tr>
          </THead>
          <TBody>
            {list.items.map((row) => (
              <TR key={row.id} data-testid={rowTestId(row)}>
                {cells(row)}
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className={from === "md" ? "grid grid-cols-1 gap-3 md:hidden" : "grid grid-cols-1 gap-3 lg:hidden"} aria-label={label}>
        {list.items.map((row) => (
          <li key={row.id} className="rounded-xl border border-border bg-white p-4 shadow-sm">
            {card(row)}
          </li>
        ))}
      </ul>
      <Pagination page={list.page} pages={list.pages} />
    </>
  );
}

/** "1 task" / "1,234 tasks", and ` matching "<q>"` while a search is on. */
export function ListCount({ total, one, many, q }: { total: number; one: string; many: string; q?: string }) {
  return (
    <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
      {total === 1 ? `1 ${one}` : `${total.toLocaleString("en-US")} ${many}`}
      {q ? ` matching "${q}"` : ""}
    </p>
  );
}
