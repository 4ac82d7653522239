// The paged lists of the admin pages (withdrawals, tasks, users): a table on wide screens, cards on narrow
// ones, one page at a time (the shared ResponsiveList and PagedList); and the line that counts them.
import type * as React from "react";
import { ListCard, PagedList, ResponsiveList } from "~/components/responsive-list";
import { TR, TH, EmptyState } from "~/components/ui/table";
import { formatCount } from "~/lib/format";

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
  return (
    <PagedList count={list.items.length} empty={<EmptyState message={empty} />} page={list.page} pages={list.pages}>
      <ResponsiveList
        label={label}
        rows={list.items}
        from={from}
        columns={
          <>
            {head}
            <TH className="text-right">
              <span className="sr-only">Actions</span>
            </TH>
          </>
        }
        row={(row) => <TR data-testid={rowTestId(row)}>{cells(row)}</TR>}
        card={(row) => <ListCard className="block">{card(row)}</ListCard>}
      />
    </PagedList>
  );
}

/** "1 task" / "1,234 tasks", and ` matching "<q>"` while a search is on. */
export function ListCount({ total, one, many, q }: { total: number; one: string; many: string; q?: string }) {
  return (
    <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
      {total === 1 ? `1 ${one}` : `${formatCount(total)} ${many}`}
      {q ? ` matching "${q}"` : ""}
    </p>
  );
}
