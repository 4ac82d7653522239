import { Link } from "react-router";
import { Check, Gavel } from "~/components/icons";
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
import { proofExcerpt, NO_REASON_GIVEN } from "~/lib/review";
import { formatCoins } from "~/lib/format";

export const meta: Route.MetaFunction = () => [{ title: "Appeals · Coinwork" }];

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
        overturn: describeOverturn({
          pay: a.payableAmount,
          slotPay: a.slotPay,
          workerName: a.workerName,
          buyerName: a.buyerName,
          buyerCoins: a.buyerCoins,
        }),
      })),
    },
  };
}

export const action = (args: Route.ActionArgs) =>
  confirmAction(args, {
    user: adminUser,
    schema: appealDecisionSchema,
    failure: (intent) => ({ title: intent === "overturn" ? "Overturn failed" : "Could not uphold the rejection" }),
    async run(input, { user: admin, env }) {
      await decideAppeal(env, admin, input.id, input.intent);
      return input.intent === "overturn"
        ? { title: "Rejection overturned", message: "The worker is paid and both sides are notified." }
        : { title: "Rejection upheld", message: "The worker is notified; no coins moved." };
    },
  });

export const shouldRevalidate = revalidateAfterPost;

type Appeal = Route.ComponentProps["loaderData"]["appeals"]["items"][number];

/** The evidence in both confirmations: the decision is made looking at it. */
const evidence = (a: Appeal) => <AppealEvidence e={a} />;

function overturnSpec(a: Appeal): ActionSpec {
  return {
    intent: "overturn",
    id: a.id,
    title: "Overturn this rejection?",
    description: `The submission for “${a.taskTitle}” becomes approved. ${a.overturn}`,
    body: evidence(a),
    wide: true,
    note: "Both are notified, and the decision is recorded in the audit log. It cannot be undone.",
    confirmLabel: `Yes, pay ${formatCoins(a.pay)}`,
  };
}

function upholdSpec(a: Appeal): ActionSpec {
  return {
    intent: "uphold",
    id: a.id,
    title: "Uphold this rejection?",
    description: `The rejection of ${a.workerName}'s submission for “${a.taskTitle}” stands. No coins move; ${a.workerName} is notified.`,
    body: evidence(a),
    wide: true,
    confirmLabel: "Uphold rejection",
    destructive: true,
  };
}

export default function Appeals({ loaderData }: Route.ComponentProps) {
  const { appeals, show, pendingCount, onlyOne } = loaderData;
  const flow = useActionFlow();
  const pending = show === "pending";
  const noJsSpec = useNoJsSpec(
    appeals.items,
    { overturn: overturnSpec, uphold: upholdSpec },
    (a) => a.status === "pending",
  );
  const tabs = [
    { key: "pending", label: "Pending", count: pendingCount, to: PATH },
    { key: "decided", label: "Decided", count: undefined, to: `${PATH}?show=decided` },
  ];

  return (
    <>
      <PageHeader
        title="Appeals"
        description="Workers appeal a rejection once, within 7 days. Uphold it, or overturn it and pay the worker."
      />
      <ListTabs label="Filter appeals" current={show} tabs={tabs} />
      {onlyOne ? (
        <p className="mb-3 text-sm text-muted-foreground" data-testid="one-appeal">
          Showing one appeal.{" "}
          <Link to={pending ? PATH : `${PATH}?show=decided`} className="font-semibold text-brand-700 hover:underline">
            Show all {pending ? "pending" : "decided"} appeals
          </Link>
        </p>
      ) : null}

      <AdminList
        list={appeals}
        label={pending ? "Pending appeals" : "Decided appeals"}
        empty={pending ? "No Appeals To Review" : "No Decided Appeals Yet."}
        columns={[
          { header: "Task" },
          { header: "Worker" },
          { header: "Buyer" },
          { header: "Amount", className: "text-right" },
          { header: "Appeal" },
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
            <PersonCell label="Worker" name={a.workerName} email={a.workerEmail} />
            <PersonCell label="Buyer" name={a.buyerName} email={a.buyerEmail} />
            <Cell label="Amount" className="amount">
              {formatCoins(a.pay)}
            </Cell>
            <Cell label="Appeal" className="md:min-w-64 md:max-w-96">
              <AppealText a={a} />
              <p className="meta mt-1">
                <When a={a} />
              </p>
            </Cell>
            <Cell>
              {pending ? (
                <RowActions flow={flow} actions={decisionActions(a)} className="md:justify-end max-md:[&>*]:flex-1" />
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
  return (
    <p className="mt-1 text-xs text-red-900">
      <span className="font-semibold">Rejected: </span>
      {a.rejectReason || NO_REASON_GIVEN}
    </p>
  );
}

/** The submission's conversation, which the admin reads before deciding (and cannot write in). */
function ConversationLink({ a }: { a: Appeal }) {
  return (
    <Link
      to={a.conversationUrl}
      className="mt-2 inline-flex text-sm font-semibold text-brand-700 hover:underline"
      aria-label={`Read the conversation about ${a.workerName}'s submission for “${a.taskTitle}”`}
    >
      Read the conversation
    </Link>
  );
}

function AppealText({ a }: { a: Appeal }) {
  return <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{a.appealText}</p>;
}

function When({ a }: { a: Appeal }) {
  if (a.status === "pending")
    return (
      <>
        Filed <LocalTime at={a.createdAt} />
      </>
    );
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <AppealBadge status={a.status} />
      <span className="text-xs">
        {a.deciderName ? `by ${a.deciderName}, ` : ""}
        {a.decidedAt ? <LocalTime at={a.decidedAt} /> : null}
      </span>
    </span>
  );
}

function decisionActions(a: Appeal): RowAction[] {
  return [
    {
      spec: overturnSpec(a),
      text: "Overturn",
      label: `Overturn the rejection of ${a.workerName}`,
      icon: <Check aria-hidden />,
      variant: "default",
    },
    {
      spec: upholdSpec(a),
      text: "Uphold",
      label: `Uphold the rejection of ${a.workerName}`,
      icon: <Gavel aria-hidden />,
    },
  ];
}
