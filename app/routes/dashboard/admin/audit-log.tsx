import { BadgeCheck, BadgeX, Banknote, Coins, Gavel, Trash2, UserCog, UserX, type Icon } from "~/components/icons";
import type { Route } from "./+types/audit-log";
import { getEnv } from "~/server/context";
import { listAuditLog } from "~/server/services/admin-reads.server";
import { AUDIT_ACTIONS, auditListQuery, type AuditAction } from "~/lib/schemas/admin";
import { readSearch } from "~/lib/schemas/paging";
import { pageOrLast } from "~/server/http/list-page.server";
import { LocalTime } from "~/components/local-time";
import { PageHeader } from "~/components/dashboard-shell";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { ListToolbar, FilterSelect } from "~/components/admin/list-toolbar";
import { ListCount } from "~/components/admin/admin-list";
import { cn } from "~/lib/cn";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log · Coinwork" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { page, action } = readSearch(request.url, auditListQuery);
  const log = await pageOrLast(page, (p) => listAuditLog(env, { page: p, action, limit: 20 }));
  return { action: action ?? "", log };
}

const ACTIONS: Record<AuditAction, { label: string; verb: string; icon: Icon; tone: string }> = {
  "user.role": { label: "Role changes", verb: "changed the role of", icon: UserCog, tone: "bg-sky-50 text-sky-700" },
  "user.remove": { label: "Removals", verb: "removed", icon: UserX, tone: "bg-red-50 text-red-700" },
  "coins.adjust": {
    label: "Coin adjustments",
    verb: "adjusted the coins of",
    icon: Coins,
    tone: "bg-amber-50 text-amber-700",
  },
  "task.delete": { label: "Task deletions", verb: "deleted the task", icon: Trash2, tone: "bg-red-50 text-red-700" },
  "withdrawal.approve": {
    label: "Withdrawal approvals",
    verb: "approved the withdrawal of",
    icon: BadgeCheck,
    tone: "bg-emerald-50 text-emerald-700",
  },
  "withdrawal.reject": {
    label: "Withdrawal rejections",
    verb: "rejected the withdrawal of",
    icon: BadgeX,
    tone: "bg-orange-50 text-orange-700",
  },
  "appeal.uphold": {
    label: "Appeals upheld",
    verb: "upheld the rejection appealed by",
    icon: Gavel,
    tone: "bg-slate-100 text-slate-700",
  },
  "appeal.overturn": {
    label: "Appeals overturned",
    verb: "overturned the rejection appealed by",
    icon: Gavel,
    tone: "bg-emerald-50 text-emerald-700",
  },
  "taka_rate.set": { label: "Taka rate changes", verb: "set", icon: Banknote, tone: "bg-sky-50 text-sky-700" },
};

const FILTERS = [
  { value: "", label: "All actions" },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTIONS[a].label })),
];

type Entry = Route.ComponentProps["loaderData"]["log"]["items"][number];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { log, action } = loaderData;
  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every admin action: who did what, to whom, when and why. Entries are written with the change itself."
      />
      <ListToolbar search={false} searchLabel="Filter the audit log" active={action !== ""}>
        <FilterSelect name="action" label="Filter by action" value={action} options={FILTERS} className="sm:w-64" />
      </ListToolbar>
      <ListCount total={log.total} one="entry" many="entries" />
      {log.items.length === 0 ? (
        <EmptyState message={action ? "No entries of this kind yet." : "No admin actions recorded yet."} />
      ) : (
        <>
          <ol
            className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm"
            aria-label="Audit log entries"
          >
            {log.items.map((e) => (
              <AuditRow key={e.id} e={e} />
            ))}
          </ol>
          <Pagination page={log.page} pages={log.pages} />
        </>
      )}
    </>
  );
}

function AuditRow({ e }: { e: Entry }) {
  const meta = ACTIONS[e.action as AuditAction] ?? {
    label: e.action,
    verb: e.action,
    icon: UserCog,
    tone: "bg-slate-100 text-slate-700",
  };
  const Icon = meta.icon;
  const target = e.targetName ?? (e.targetType === "task" ? "a task" : "a deleted record");
  return (
    <li className="flex gap-3 px-4 py-4 sm:gap-4 sm:px-5" data-testid="audit-entry" data-action={e.action}>
      <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", meta.tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <p className="text-sm leading-6">
            <span className="font-semibold">{e.actorName ?? "Unknown admin"}</span>{" "}
            <span className="text-muted-foreground">{meta.verb}</span>{" "}
            <span className="font-semibold">{e.targetType === "task" ? `“${target}”` : target}</span>
          </p>
          <LocalTime at={e.createdAt} className="shrink-0 text-xs text-muted-foreground" />
        </div>
        <dl className="mt-1 grid gap-0.5 text-xs text-muted-foreground [overflow-wrap:anywhere]">
          <div className="flex flex-wrap gap-x-1">
            <dt className="sr-only">Admin</dt>
            <dd>by {e.actorEmail ?? "unknown"}</dd>
            {e.targetEmail ? (
              <>
                <dt className="sr-only">Target</dt>
                <dd>· {e.targetType === "task" ? `buyer ${e.targetEmail}` : e.targetEmail}</dd>
              </>
            ) : null}
          </div>
          {e.detail && e.detail !== e.targetName ? (
            <div>
              <dt className="sr-only">Detail</dt>
              <dd className="break-words font-mono text-[12px] text-foreground/80">
                {e.detail.replace(/ -> /g, " → ")}
              </dd>
            </div>
          ) : null}
        </dl>
        {e.reason ? (
          <p className="mt-2 rounded-md border-l-2 border-brand-300 bg-muted/60 px-3 py-1.5 text-sm">
            <span className="font-medium">Reason:</span> {e.reason}
          </p>
        ) : null}
      </div>
    </li>
  );
}
