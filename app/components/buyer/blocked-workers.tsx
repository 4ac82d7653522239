// Settings' list of the workers a buyer blocks, each with the buyer's private reason and a button that lifts it.
// A worker who never sent the buyer work is shown by name and id, without an e-mail address. Each lift is a plain
// form: it works before and without JavaScript.
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { CardRow, CardTable, Cell, PagedList, PersonCell, ACTIONS_COLUMN } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { useWords } from "~/lib/i18n/react";

export interface BlockRow {
  workerId: string;
  workerName: string;
  /** only for a worker who sent the buyer work */
  workerEmail: string | null;
  reason: string;
  createdAt: number;
}

export function BlockedWorkers({
  blocks,
  action,
}: {
  blocks: { items: BlockRow[]; page: number; pages: number };
  /** the URL the lift forms post to */
  action: string;
}) {
  const t = useWords("buyer");
  const navigation = useNavigation();
  const lifting = navigation.formAction === action ? navigation.formData?.get("worker") : null;
  const rows = blocks.items.map((b) => ({ ...b, id: b.workerId }));
  return (
    <PagedList
      count={rows.length}
      page={blocks.page}
      pages={blocks.pages}
      empty={<EmptyState message={t("blocked.empty")} />}
    >
      <CardTable
        label={t("blocked.list")}
        testId="blocked-workers"
        columns={[{ header: t("review.worker") }, { header: t("blocked.reason") }, ACTIONS_COLUMN]}
        rows={rows}
        row={(b) => (
          <CardRow data-testid="blocked-worker">
            <PersonCell name={b.workerName} email={b.workerEmail}>
              {b.workerEmail === null ? (
                <p className="meta break-all">{t("blocked.workerId", { id: b.workerId })}</p>
              ) : null}
              <p className="meta">
                {t("blocked.at")} <LocalTime at={b.createdAt} />
              </p>
            </PersonCell>
            <Cell label={t("blocked.reason")} className="md:max-w-72">
              {b.reason}
            </Cell>
            <Cell>
              <Form method="post" action={action} className="actions">
                <EnhancedMarker />
                <input type="hidden" name="worker" value={b.workerId} />
                <Button type="submit" variant="outline" size="sm" disabled={lifting === b.workerId}>
                  {lifting === b.workerId ? t("blocked.lifting") : t("blocked.lift")}
                  <span className="sr-only"> {t("blocked.liftOn", { worker: b.workerName })}</span>
                </Button>
              </Form>
            </Cell>
          </CardRow>
        )}
      />
    </PagedList>
  );
}
