import { Check, Gavel } from "~/components/icons";
import type { Route } from "./+types/appeals";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { pageOrLast } from "~/server/http/list-page.server";
import { decideAppeal, listAppeals } from "~/server/services/appeals.server";
import { readSearch } from "~/lib/schemas/admin";
import { appealDecisionSchema, appealListQuery, describeOverturn } from "~/lib/appeals";
import { LocalTime } from "~/components/local-time";
import { Fact } from "~/components/ui/fact";
import { PageHeader } from "~/components/dashboard-shell";
import { ListTabs } from "~/components/admin/list-tabs";
import { TD, TH } from "~/components/ui/table";
import { AppealBadge, Badge } from "~/components/ui/badge";
import {
  ActionDialog,
  NoJsConfirm,
  RowActions,
  useActionFlow,
  useNoJsSpec,
  type ActionSpec,
  type RowAction,
} from "~/components/actions/confirm";
import { AdminList } from "~/components/admin/admin-list";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { AppealEvidence } from "~/components/admin/appeal-evidence";
import { ProofGlimpse } from "~/components/proof";
import { proofExcerpt } from "~/lib/review";

export const meta: Route.MetaFunction = () => [{ title: "Appeals · Coinwork" }];

const PAGE_SIZE = 10;
const PATH = "/dashboard/appeals";

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { page, show } = readSearch(request.url, appealListQuery);
  const [list, pending] = await Promise.all([
    pageOrLast(page, (p) => listAppeals(env, { show, page: p, limit: PAGE_SIZE })),
    show === "pending" ? null : listAppeals(env, { show: "pending", limit: 1 }),
  ]);
  return {
    show,
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
    confirmLabel: `Yes, pay ${a.pay} coins`,
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
  const { appeals, show, pendingCount } = loaderData;
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

      <AdminList
        list={appeals}
        label={pending ? "Pending appeals" : "Decided appeals"}
        empty={pending ? "No Appeals To Review" : "No Decided Appeals Yet."}
        from="lg"
        head={
          <>
            <TH>Task</TH>
            <TH>Worker</TH>
            <TH>Buyer</TH>
            <TH className="text-right">Amount</TH>
            <TH>Appeal</TH>
          </>
        }
        rowTestId={(a) => `appeal-${a.id}`}
        cells={(a) => (
          <>
            <TD className="max-w-64">
              <p className="font-medium">{a.taskTitle}</p>
              <RejectReason a={a} />
              <div className="mt-2">
                <ProofGlimpse excerpt={proofExcerpt(a.proof.text, 90)} imageUrl={a.proof.imageUrl} />
              </div>
            </TD>
            <TD>
              <p className="font-medium">{a.workerName}</p>
              <p className="text-xs text-muted-foreground">{a.workerEmail}</p>
            </TD>
            <TD>
              <p className="font-medium">{a.buyerName}</p>
              <p className="text-xs text-muted-foreground">{a.buyerEmail}</p>
            </TD>
            <TD className="whitespace-nowrap text-right font-semibold tabular-nums">{a.pay} coins</TD>
            <TD className="min-w-64 max-w-96">
              <AppealText a={a} />
              <p className="mt-1 text-xs text-muted-foreground">
                <When a={a} />
              </p>
            </TD>
            <TD>{pending ? <RowActions flow={flow} actions={decisionActions(a)} className="justify-end" /> : null}</TD>
          </>
        )}
        card={(a) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium">{a.taskTitle}</p>
              <Badge tone="neutral" className="shrink-0 tabular-nums">
                {a.pay} coins
              </Badge>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <Fact label="Worker" className="min-w-0" valueClassName="truncate">
                {a.workerName}
              </Fact>
              <Fact label="Buyer" className="min-w-0" valueClassName="truncate">
                {a.buyerName}
              </Fact>
              <Fact label="Rejection" className="col-span-2">
                {a.rejectReason || "No reason given."}
              </Fact>
              <Fact label="Proof" className="col-span-2">
                <ProofGlimpse excerpt={proofExcerpt(a.proof.text, 90)} imageUrl={a.proof.imageUrl} />
              </Fact>
              <Fact label="Appeal" className="col-span-2" valueClassName="whitespace-pre-wrap [overflow-wrap:anywhere]">
                {a.appealText}
              </Fact>
            </dl>
            <p className="mt-2 text-sm text-muted-foreground">
              <When a={a} />
            </p>
            {pending ? (
              <RowActions flow={flow} actions={decisionActions(a)} size="default" className="mt-4 [&>*]:flex-1" />
            ) : null}
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
      {a.rejectReason || "No reason given."}
    </p>
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
