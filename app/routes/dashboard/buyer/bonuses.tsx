import type { Route } from "./+types/bonuses";
import { PageHeader } from "~/components/dashboard-shell";
import { StatusBadge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { CardRow, CardTable, Cell, PagedList, ACTIONS_COLUMN } from "~/components/responsive-list";
import { LocalTime } from "~/components/local-time";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { ActionTrigger } from "~/components/actions/trigger";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { pageOrLast } from "~/server/http/list-page.server";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import { getEnv } from "~/server/context";
import { buyerUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { listBuyerSubmissions } from "~/server/services/submissions.server";
import { bonusesPaidColumn, payBonus } from "~/server/services/bonuses.server";
import { BONUS_MAX_COINS, bonusActionSchema } from "~/lib/schemas/quality";
import { formatCoins } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Bonuses · Coinwork" }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = buyerUser(context);
  const env = getEnv(context);
  // each submission with the bonuses paid on it, in the list's one statement
  const list = await pageOrLast(readSearch(request.url, pageQuery).page, (page) =>
    listBuyerSubmissions(
      env,
      user.id,
      { status: ["pending", "approved", "rejected"], page, limit: PAGE_SIZE },
      { bonuses: bonusesPaidColumn(user.id) },
    ),
  );
  return {
    rows: list.items.map((s) => ({
      id: s.id,
      workerName: s.workerName,
      taskTitle: s.taskTitle,
      status: s.status,
      reviewedAt: s.reviewedAt ?? s.createdAt,
      // one key per row as shown: the same form sent twice pays once (docs/product/quality.md)
      key: crypto.randomUUID(),
      bonuses: s.bonuses ?? [],
    })),
    page: list.page,
    pages: list.pages,
    total: list.total,
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: buyerUser,
    schema: bonusActionSchema,
    failure: () => ({ title: "Bonus not paid" }),
    unexpected: "Something went wrong. Please try again.",
    async run(input, { user, env }) {
      const { bonus } = await payBonus(env, user, {
        submissionId: input.id,
        coins: input.addcoin,
        reason: input.reason,
        requestKey: input.key,
      });
      return {
        title: "Bonus paid",
        message: `${bonus.workerName} received ${formatCoins(bonus.coins)} for “${bonus.taskTitle}”.`,
      };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function bonusSpec(r: Row): ActionSpec {
  return {
    intent: "bonus",
    id: r.id,
    title: `Pay ${r.workerName} a bonus?`,
    description: `For “${r.taskTitle}”. The coins leave your balance now; ${r.workerName} is told, with your reason.`,
    confirmLabel: "Pay bonus",
    amount: { label: "Bonus in coins", min: 1, max: BONUS_MAX_COINS, placeholder: "e.g. 5" },
    reason: { label: "Reason (the worker reads it)", required: true, placeholder: "e.g. Thorough and on time." },
    hidden: { key: r.key },
    inlineErrors: true,
  };
}

export default function Bonuses({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages, total } = loaderData;
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(rows, { bonus: bonusSpec });
  return (
    <>
      <PageHeader
        title="Bonuses"
        description="Reward good work on a submission you received, reviewed or not yet: the coins go from your balance to the worker, with your reason."
      />
      <p className="mb-3 text-sm text-muted-foreground">
        {total ? `${total} ${total === 1 ? "submission" : "submissions"}, the most recently sent first.` : null}
      </p>
      <PagedList count={rows.length} page={page} pages={pages} empty={<EmptyState message="No submissions yet." />}>
        <CardTable
          label="Submissions"
          testId="bonus-rows"
          columns={[{ header: "Worker" }, { header: "Task" }, { header: "Bonuses paid" }, ACTIONS_COLUMN]}
          rows={rows}
          row={(r) => (
            <CardRow data-testid="bonus-row">
              <Cell>
                <p className="name">{r.workerName}</p>
                <p className="meta">
                  <StatusBadge status={r.status} /> <LocalTime at={r.reviewedAt} />
                </p>
              </Cell>
              <Cell label="Task" className="md:max-w-56">
                {r.taskTitle}
              </Cell>
              <Cell label="Bonuses paid">
                {r.bonuses.length ? (
                  <ul className="grid gap-1" data-testid="bonuses-paid">
                    {r.bonuses.map((b) => (
                      <li key={b.id} className="text-sm">
                        <span className="font-semibold tabular-nums">{formatCoins(b.coins)}</span>: {b.reason}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-sm text-muted-foreground">None</span>
                )}
              </Cell>
              <Cell>
                <div className="actions">
                  <ActionTrigger flow={flow} spec={bonusSpec(r)} label={`Pay bonus to ${r.workerName}`} stayLink>
                    Pay bonus
                  </ActionTrigger>
                </div>
              </Cell>
            </CardRow>
          )}
        />
      </PagedList>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
