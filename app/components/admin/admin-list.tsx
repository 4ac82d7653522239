// The paged lists of the admin pages (withdrawals, tasks, users, appeals): each row rendered once, a table on wide
// screens and a card on phones by CSS (CardTable, decision 028), one page at a time; and the line that counts them.
import type * as React from "react";
import { ACTIONS_COLUMN, CardRow, CardTable, PagedList, type CardColumn } from "~/components/responsive-list";
import { EmptyState } from "~/components/ui/empty-state";
import { useWords } from "~/lib/i18n/react";

interface Page<T> {
  items: T[];
  page: number;
  pages: number;
}

/** The last column: the row's actions, named for screen readers only. */
const ACTIONS: CardColumn = { ...ACTIONS_COLUMN, className: "text-right" };

/**
 * `label` names the list (the table's caption). `columns` are the headers before the last one (the row actions);
 * `cells` a row's `<Cell>`s, the actions last.
 */
export function AdminList<T extends { id: string }>({
  list,
  label,
  empty,
  columns,
  rowTestId,
  cells,
}: {
  list: Page<T>;
  label: string;
  empty: string;
  columns: CardColumn[];
  rowTestId: (row: T) => string;
  /** a row's cells, given its place on the page (for ids that name its buttons by reference) */
  cells: (row: T, index: number) => React.ReactNode;
}) {
  return (
    <PagedList count={list.items.length} empty={<EmptyState message={empty} />} page={list.page} pages={list.pages}>
      <CardTable
        label={label}
        rows={list.items}
        columns={[...columns, ACTIONS]}
        row={(row, index) => <CardRow data-testid={rowTestId(row)}>{cells(row, index)}</CardRow>}
      />
    </PagedList>
  );
}

/** How many there are in words ("1 task" / "1,234 tasks"), and ` matching "<q>"` while a search is on. */
export function ListCount({ count, q }: { count: string; q?: string }) {
  const t = useWords("admin");
  return (
    <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
      {count}
      {q ? ` ${t("list.matching", { q })}` : ""}
    </p>
  );
}
