import type { Route } from "./+types/bonuses";
import { PageHeader } from "~/components/dashboard-shell";
import { StatusBadge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { ACTIONS_COLUMN, ActionsCell, CardRow, CardTable, Cell, PagedList } from "~/components/responsive-list";
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
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "buyer")("bonuses.meta") }];

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

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(buyerUser(args.context).language, "buyer");
  return confirmAction(args, {
    user: buyerUser,
    schema: bonusActionSchema,
    failure: () => ({ title: t("bonuses.notPaid") }),
    unexpected: t("unexpected"),
    async run(input, { user, env }) {
      const { bonus } = await payBonus(env, user, {
        submissionId: input.id,
        coins: input.addcoin,
        reason: input.reason,
        requestKey: input.key,
      });
      return {
        title: t("bonuses.paid"),
        message: t("bonuses.paidMessage", { worker: bonus.workerName, count: bonus.coins, task: bonus.taskTitle }),
      };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function bonusSpec(t: Words<"buyer">, r: Row): ActionSpec {
  return {
    intent: "bonus",
    id: r.id,
    title: t("bonuses.confirm.title", { worker: r.workerName }),
    description: t("bonuses.confirm.description", { worker: r.workerName, task: r.taskTitle }),
    confirmLabel: t("bonuses.pay"),
    amount: {
      label: t("bonuses.confirm.amount"),
      min: 1,
      max: BONUS_MAX_COINS,
      placeholder: t("taskForm.example", { value: "5" }),
    },
    reason: {
      label: t("bonuses.confirm.reason"),
      required: true,
      placeholder: t("bonuses.confirm.placeholder"),
    },
    hidden: { key: r.key },
    inlineErrors: true,
  };
}

export default function Bonuses({ loaderData }: Route.ComponentProps) {
  const { rows, page, pages, total } = loaderData;
  const t = useWords("buyer");
  const f = useFormat();
  const flow = useActionFlow();
  const noJsSpec = useNoJsSpec(rows, { bonus: (r) => bonusSpec(t, r) });
  return (
    <>
      <PageHeader title={t("bonuses.title")} description={t("bonuses.description")} />
      <p className="mb-3 text-sm text-muted-foreground">{total ? t("bonuses.count", { count: total }) : null}</p>
      <PagedList count={rows.length} page={page} pages={pages} empty={<EmptyState message={t("bonuses.empty")} />}>
        <CardTable
          label={t("bonuses.list")}
          testId="bonus-rows"
          columns={[
            { header: t("review.worker") },
            { header: t("review.task") },
            { header: t("bonuses.paidColumn") },
            ACTIONS_COLUMN,
          ]}
          rows={rows}
          row={(r) => (
            <CardRow data-testid="bonus-row">
              <Cell>
                <p className="name">{r.workerName}</p>
                <p className="meta">
                  <StatusBadge status={r.status} /> <LocalTime at={r.reviewedAt} />
                </p>
              </Cell>
              <Cell label={t("review.task")} className="md:max-w-56">
                {r.taskTitle}
              </Cell>
              <Cell label={t("bonuses.paidColumn")}>
                {r.bonuses.length ? (
                  <ul className="grid gap-1" data-testid="bonuses-paid">
                    {r.bonuses.map((b) => (
                      <li key={b.id} className="text-sm">
                        <span className="font-semibold tabular-nums">{f.coins(b.coins)}</span>: {b.reason}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-sm text-muted-foreground">{t("taskForm.none")}</span>
                )}
              </Cell>
              <ActionsCell>
                <ActionTrigger
                  flow={flow}
                  spec={bonusSpec(t, r)}
                  label={t("bonuses.payLabel", { worker: r.workerName })}
                  stayLink
                >
                  {t("bonuses.pay")}
                </ActionTrigger>
              </ActionsCell>
            </CardRow>
          )}
        />
      </PagedList>
      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}
