import { data, redirect, useActionData, useRouteLoaderData } from "react-router";
import * as v from "valibot";
import { CheckCheck } from "~/components/icons/more";
import { pageQuery, readSearch } from "~/lib/schemas/paging";
import type { Route } from "./+types/notifications";
import type { loader as layoutLoader } from "./layout";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { readFormOrRefusal } from "~/server/http/form.server";
import { redirectPastLastPage } from "~/server/http/list-page.server";
import { dashboardPage } from "~/server/http/redirect.server";
import { listNotifications, markNotificationsRead } from "~/server/services/notifications.server";
import { notificationReadBody } from "~/lib/schemas/api";
import { isEnhanced } from "~/lib/enhanced";
import { notificationItem, type NotificationItem } from "~/lib/notifications";
import { cn } from "~/lib/cn";
import { PageHeader } from "~/components/dashboard-shell";
import { LocalTime } from "~/components/local-time";
import { PagedList } from "~/components/responsive-list";
import { EmptyState } from "~/components/ui/empty-state";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { MarkReadForm, NotificationLink, useNotificationReads } from "~/components/notification-reads";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaWords(matches, "dashboard")("notifications.meta") },
];

const PAGE_SIZE = 20;

/** Every role's notifications, newest first, a page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const url = new URL(request.url);
  const page = readSearch(url, pageQuery).page;
  const list = await listNotifications(getEnv(context), user.id, { page, limit: PAGE_SIZE });
  redirectPastLastPage(url, page, list);
  return {
    items: list.items.map((n) => notificationItem(n, user.role)),
    page: list.page,
    pages: list.pages,
    total: list.total,
  };
}

/**
 * POST: mark one (id) or all notifications of the caller read. A plain form goes back to the dashboard page it was
 * posted from (its redirectTo: the bell's page, this list, or a notification's link); a script (the marker) gets
 * the count as data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readFormOrRefusal(request);
  if (!(form instanceof FormData)) return form;
  const input = v.safeParse(notificationReadBody, { id: form.get("id") || undefined });
  if (!input.success) return data({ ok: false as const, message: input.issues[0].message }, { status: 422 });
  const { modifiedCount } = await markNotificationsRead(getEnv(context), user.id, input.output.id);
  const back = isEnhanced(form) ? null : dashboardPage(form.get("redirectTo"), request);
  if (back) return redirect(back);
  return { ok: true as const, modifiedCount };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, total } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout");
  const reads = useNotificationReads(layout?.notifications.unread ?? 0);
  const refused = useActionData<typeof action>();
  const t = useWords("dashboard");
  return (
    <>
      <PageHeader
        title={t("notifications.title")}
        description={
          total === 0
            ? undefined
            : reads.unread > 0
              ? t("notifications.unreadSummary", { count: reads.unread })
              : t("notifications.allRead")
        }
        actions={
          reads.unread > 0 ? (
            <MarkReadForm>
              <Button type="submit" variant="outline">
                <CheckCheck aria-hidden /> {t("notifications.markAll")}
              </Button>
            </MarkReadForm>
          ) : null
        }
      />
      {refused && !refused.ok ? (
        <Alert tone="danger" title={t("notifications.markFailed")} className="mb-4">
          {refused.message}
        </Alert>
      ) : null}
      <PagedList
        count={items.length}
        page={page}
        pages={pages}
        dim
        empty={<EmptyState message={t("notifications.empty")} />}
      >
        <ul
          aria-label={t("notifications.title")}
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm"
        >
          {items.map((n) => (
            <NotificationRow key={n.id} n={n} read={reads.isRead(n)} />
          ))}
        </ul>
      </PagedList>
    </>
  );
}

function NotificationRow({ n, read }: { n: NotificationItem; read: boolean }) {
  const t = useWords("dashboard");
  return (
    <li
      className={cn("flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5", !read && "bg-brand-50/50")}
      data-testid="notification-row"
      data-read={read ? "true" : "false"}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span
          className={cn(
            "mt-1.5 size-2.5 shrink-0 rounded-full",
            read ? "bg-transparent ring-1 ring-border" : "bg-brand-600",
          )}
          aria-hidden
        />
        <div className="min-w-0 flex-1">
          <NotificationLink
            item={n}
            read={read}
            className={cn("break-words hover:underline", read ? "text-foreground/85" : "font-semibold text-foreground")}
          >
            {n.message}
          </NotificationLink>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {read ? <Badge>{t("notifications.read")}</Badge> : <Badge tone="info">{t("notifications.unread")}</Badge>}
            <LocalTime at={n.createdAt} />
          </p>
        </div>
      </div>
      {read ? null : (
        <MarkReadForm id={n.id} className="shrink-0 pl-5.5 sm:pl-0">
          <Button type="submit" variant="outline" size="sm">
            {t("notifications.markOne")}
            <span className="sr-only">: {n.message}</span>
          </Button>
        </MarkReadForm>
      )}
    </li>
  );
}
