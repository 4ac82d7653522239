import { type Icon } from "~/components/icons";
import { BadgeCheck, BadgeX, Banknote, Coins, Gavel, Trash2, UserCog, UserX } from "~/components/icons/more";
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
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("audit.meta") }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const { page, action } = readSearch(request.url, auditListQuery);
  const log = await pageOrLast(page, (p) => listAuditLog(env, { page: p, action, limit: 20 }));
  return { action: action ?? "", log };
}

/** How each kind of entry looks; its words are `audit.kind.<action>` (the filter) and `audit.entry.<action>` (a row). */
const ACTIONS: Record<AuditAction, { icon: Icon; tone: string }> = {
  "user.role": { icon: UserCog, tone: "bg-sky-50 text-sky-700" },
  "user.remove": { icon: UserX, tone: "bg-red-50 text-red-700" },
  "coins.adjust": { icon: Coins, tone: "bg-amber-50 text-amber-700" },
  "task.delete": { icon: Trash2, tone: "bg-red-50 text-red-700" },
  "withdrawal.approve": { icon: BadgeCheck, tone: "bg-emerald-50 text-emerald-700" },
  "withdrawal.reject": { icon: BadgeX, tone: "bg-orange-50 text-orange-700" },
  "appeal.uphold": { icon: Gavel, tone: "bg-slate-100 text-slate-700" },
  "appeal.overturn": { icon: Gavel, tone: "bg-emerald-50 text-emerald-700" },
  "taka_rate.set": { icon: Banknote, tone: "bg-sky-50 text-sky-700" },
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(ACTIONS, action);

type Entry = Route.ComponentProps["loaderData"]["log"]["items"][number];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { log, action } = loaderData;
  const t = useWords("admin");
  const filters = [
    { value: "", label: t("audit.all") },
    ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.kind.${a}`) })),
  ];
  return (
    <>
      <PageHeader title={t("audit.title")} description={t("audit.description")} />
      <ListToolbar search={false} searchLabel={t("audit.filterLabel")} active={action !== ""}>
        <FilterSelect name="action" label={t("audit.filterBy")} value={action} options={filters} className="sm:w-64" />
      </ListToolbar>
      <ListCount count={t("audit.count", { count: log.total })} />
      {log.items.length === 0 ? (
        <EmptyState message={action ? t("audit.emptyKind") : t("audit.empty")} />
      ) : (
        <>
          <ol
            className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm"
            aria-label={t("audit.label")}
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
  const t = useWords("admin");
  const known = isKnown(e.action) ? e.action : null;
  const meta = known ? ACTIONS[known] : { icon: UserCog, tone: "bg-slate-100 text-slate-700" };
  const Icon = meta.icon;
  const target = e.targetName ?? (e.targetType === "task" ? t("audit.aTask") : t("audit.deletedRecord"));

  return (
    <li className="flex gap-3 px-4 py-4 sm:gap-4 sm:px-5" data-testid="audit-entry" data-action={e.action}>
      <span className={cn("flex size-9 shrink-0 items-center justify-center rounded-full", meta.tone)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <p className="text-sm leading-6">
            {/* who did what to whom, in the order the language puts them: names bold (<b>), the deed muted (<m>) */}
            {t.rich(known ? `audit.entry.${known}` : "audit.entry.other", {
              actor: e.actorName ?? t("audit.unknownAdmin"),
              target,
              action: e.action,
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
              m: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
            })}
          </p>
          <LocalTime at={e.createdAt} className="shrink-0 text-xs text-muted-foreground" />
        </div>
        <dl className="mt-1 grid gap-0.5 text-xs text-muted-foreground [overflow-wrap:anywhere]">
          <div className="flex flex-wrap gap-x-1">
            <dt className="sr-only">{t("audit.admin")}</dt>
            <dd>{t("audit.by", { email: e.actorEmail ?? t("audit.unknown") })}</dd>
            {e.targetEmail ? (
              <>
                <dt className="sr-only">{t("audit.target")}</dt>
                <dd>· {e.targetType === "task" ? t("audit.buyer", { email: e.targetEmail }) : e.targetEmail}</dd>
              </>
            ) : null}
          </div>
          {e.detail && e.detail !== e.targetName ? (
            <div>
              <dt className="sr-only">{t("audit.detail")}</dt>
              <dd className="break-words font-mono text-[12px] text-foreground/80">
                {e.detail.replace(/ -> /g, " → ")}
              </dd>
            </div>
          ) : null}
        </dl>
        {e.reason ? (
          <p className="mt-2 rounded-md border-l-2 border-brand-300 bg-muted/60 px-3 py-1.5 text-sm">
            <span className="font-medium">{t("audit.reason")}</span> {e.reason}
          </p>
        ) : null}
      </div>
    </li>
  );
}
