import { Link } from "react-router";
import { Check, Gavel } from "~/components/icons/more";
import type { Route } from "./+types/appeals";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { decideAppeal, listAppeals } from "~/server/services/appeals.server";
import { threadPath } from "~/server/services/messages.server";
import { readSearch } from "~/lib/schemas/paging";
import { describeOverturn } from "~/lib/appeals";
import { appealDecisionSchema, appealListQuery } from "~/lib/schemas/appeals";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/dashboard-shell";
import { ListTabs } from "~/components/admin/list-tabs";
import { Cell, PersonCell } from "~/components/responsive-list";
import { AppealBadge } from "~/components/ui/badge";
import { ActionDialog, NoJsConfirm, useNoJsSpec } from "~/components/actions/confirm";
import { RowActions, type RowAction } from "~/components/actions/trigger";
import { useActionFlow, type ActionSpec } from "~/components/actions/flow";
import { AdminList } from "~/components/admin/admin-list";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { AppealEvidence } from "~/components/admin/appeal-evidence";
import { ProofGlimpse } from "~/components/proof";
import { proofExcerpt } from "~/lib/review";
import { metaWords, useFormat, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("appeals.meta") }];

const PAGE_SIZE = 10;
const PATH = "/dashboard/appeals";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { page, show, appeal } = readSearch(request.url, appealListQuery);
  const [list, pending] = await Promise.all([
    pageOrLast(page, (p) => listAppeals(env, { show, appeal, page: p, limit: PAGE_SIZE })),
    show === "pending" && appeal === undefined ? null : listAppeals(env, { show: "pending", limit: 1 }),
  ]);
  return {
    show,
    // one appeal alone (a conversation links back to it): the count of its list is read apart
    onlyOne: appeal !== undefined,
    pendingCount: pending ? pending.total : list.total,
    appeals: {
      ...list,
      items: list.items.map((a) => ({
        id: a.id,
        taskTitle: a.taskTitle,
        workerName: a.workerName,
        workerEmail: a.workerEmail,
        buyerName: a.buyerName,
        buyerEmail: a.buyerEmail,
        pay: a.payableAmount,
        rejectReason: a.rejectReason,
        appealText: a.appealText,
        taskInstructions: a.taskInstructions,
        proof: { text: a.proofText, imageUrl: a.proofImageUrl },
        // the submission's conversation between its buyer and worker, which the admin reads (never writes in)
        conversationUrl: threadPath({ submissionId: a.submissionId }),
        status: a.status,
        createdAt: a.createdAt,
        decidedAt: a.decidedAt,
        deciderName: a.deciderName,
        // the admin's confirmation says where an overturn's coins would come from, as things stand now
        overturn: {
          pay: a.payableAmount,
          slotPay: a.slotPay,
          workerName: a.workerName,
          buyerName: a.buyerName,
          buyerCoins: a.buyerCoins,
        },
      })),
    },
  };
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(adminUser(args.context).language, "admin");
  return confirmAction(args, {
    user: adminUser,
    schema: appealDecisionSchema,
    failure: (intent) => ({ title: intent === "overturn" ? t("appeals.overturnFailed") : t("appeals.upholdFailed") }),
    async run(input, { user: admin, env }) {
      await decideAppeal(env, admin, input.id, input.intent);
      return input.intent === "overturn"
        ? { title: t("appeals.overturned"), message: t("appeals.overturnedText") }
        : { title: t("appeals.upheld"), message: t("appeals.upheldText") };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Appeal = Route.ComponentProps["loaderData"]["appeals"]["items"][number];

/** The evidence in both confirmations: the decision is made looking at it. */
const evidence = (a: Appeal) => <AppealEvidence e={a} />;

/** The page's words and formats, which the confirmations are written with. */
type PageWords = { t: Words<"admin">; coins: (n: number) => string };

function overturnSpec(a: Appeal, { t, coins }: PageWords): ActionSpec {
  return {
    intent: "overturn",
    id: a.id,
    title: t("appeals.overturn.title"),
    description: t("appeals.overturn.description", {
      title: a.taskTitle,
      plan: describeOverturn(a.overturn, t, coins),
    }),
    body: evidence(a),
    wide: true,
    note: t("appeals.overturn.note"),
    confirmLabel: t("appeals.overturn.confirm", { coins: coins(a.pay) }),
  };
}

function upholdSpec(a: Appeal, { t }: PageWords): ActionSpec {
  return {
    intent: "uphold",
    id: a.id,
    title: t("appeals.uphold.title"),
    description: t("appeals.uphold.description", { name: a.workerName, title: a.taskTitle }),
    body: evidence(a),
    wide: true,
    confirmLabel: t("appeals.uphold.confirm"),
    destructive: true,
  };
}

export default function Appeals({ loaderData }: Route.ComponentProps) {
  const { appeals, show, pendingCount, onlyOne } = loaderData;
  const flow = useActionFlow();
  const t = useWords("admin");
  const f = useFormat();
  const words = { t, coins: f.coins };
  const pending = show === "pending";
  const noJsSpec = useNoJsSpec(
    appeals.items,
    { overturn: (a) => overturnSpec(a, words), uphold: (a) => upholdSpec(a, words) },
    (a) => a.status === "pending",
  );
  const tabs = [
    { key: "pending", label: t("appeals.pending"), count: pendingCount, to: PATH },
    { key: "decided", label: t("appeals.decided"), count: undefined, to: `${PATH}?show=decided` },
  ];

  return (
    <>
      <PageHeader title={t("appeals.title")} description={t("appeals.description")} />
      <ListTabs label={t("appeals.filter")} current={show} tabs={tabs} />
      {onlyOne ? (
        <p className="mb-3 text-sm text-muted-foreground" data-testid="one-appeal">
          {t("appeals.showingOne")}{" "}
          <Link to={pending ? PATH : `${PATH}?show=decided`} className="font-semibold text-brand-700 hover:underline">
            {t("appeals.showAll", { show })}
          </Link>
        </p>
      ) : null}

      <AdminList
        list={appeals}
        label={pending ? t("appeals.pendingLabel") : t("appeals.decidedLabel")}
        empty={pending ? t("appeals.emptyPending") : t("appeals.emptyDecided")}
        columns={[
          { header: t("col.task") },
          { header: t("col.worker") },
          { header: t("col.buyer") },
          { header: t("col.amount"), className: "text-right" },
          { header: t("appeals.col.appeal") },
        ]}
        rowTestId={(a) => `appeal-${a.id}`}
        cells={(a) => (
          <>
            <Cell className="md:max-w-64">
              <p className="name">{a.taskTitle}</p>
              <RejectReason a={a} />
              <div className="mt-2">
                <ProofGlimpse excerpt={proofExcerpt(a.proof.text, 90)} imageUrl={a.proof.imageUrl} />
              </div>
              <ConversationLink a={a} />
            </Cell>
            <PersonCell label={t("col.worker")} name={a.workerName} email={a.workerEmail} />
            <PersonCell label={t("col.buyer")} name={a.buyerName} email={a.buyerEmail} />
            <Cell label={t("col.amount")} className="amount">
              {f.coins(a.pay)}
            </Cell>
            <Cell label={t("appeals.col.appeal")} className="md:min-w-64 md:max-w-96">
              <AppealText a={a} />
              <p className="meta mt-1">
                <When a={a} />
              </p>
            </Cell>
            <Cell>
              {pending ? (
                <RowActions
                  flow={flow}
                  actions={decisionActions(a, words)}
                  className="md:justify-end max-md:[&>*]:flex-1"
                />
              ) : null}
            </Cell>
          </>
        )}
      />

      <ActionDialog flow={flow} />
      <NoJsConfirm spec={noJsSpec} />
    </>
  );
}

function RejectReason({ a }: { a: Appeal }) {
  const t = useWords("admin");
  return (
    <p className="mt-1 text-xs text-red-900">
      <span className="font-semibold">{t("appeals.rejected")} </span>
      {a.rejectReason || t("appeals.noReason")}
    </p>
  );
}

/** The submission's conversation, which the admin reads before deciding (and cannot write in). */
function ConversationLink({ a }: { a: Appeal }) {
  const t = useWords("admin");
  return (
    <Link
      to={a.conversationUrl}
      className="mt-2 inline-flex text-sm font-semibold text-brand-700 hover:underline"
      aria-label={t("appeals.readConversationLabel", { name: a.workerName, title: a.taskTitle })}
    >
      {t("appeals.readConversation")}
    </Link>
  );
}

function AppealText({ a }: { a: Appeal }) {
  return <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{a.appealText}</p>;
}

function When({ a }: { a: Appeal }) {
  const t = useWords("admin");
  if (a.status === "pending") return t.rich("appeals.filed", { time: () => <LocalTime at={a.createdAt} /> });
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <AppealBadge status={a.status} />
      <span className="text-xs">
        {a.deciderName ? `${t("appeals.by", { name: a.deciderName })} ` : ""}
        {a.decidedAt ? <LocalTime at={a.decidedAt} /> : null}
      </span>
    </span>
  );
}

function decisionActions(a: Appeal, words: PageWords): RowAction[] {
  const { t } = words;
  return [
    {
      spec: overturnSpec(a, words),
      text: t("appeals.overturn"),
      label: t("appeals.overturnLabel", { name: a.workerName }),
      icon: <Check aria-hidden />,
      variant: "default",
    },
    {
      spec: upholdSpec(a, words),
      text: t("appeals.uphold"),
      label: t("appeals.upholdLabel", { name: a.workerName }),
      icon: <Gavel aria-hidden />,
    },
  ];
}
