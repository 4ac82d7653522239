// The pieces the bell and the notifications page share: what is read right now (marks still on their way count
// already), the form that marks one or all read, and the link that marks its notification read as it follows it.
import { Link, useFetcher, useFetchers, useLocation, useNavigation, useSubmit } from "react-router";
import type * as React from "react";
import { EnhancedMarker } from "~/components/actions/enhanced";
import { NOTIFICATIONS_PAGE, type NotificationItem } from "~/lib/notifications";

/** The marks posted to the notifications action that are still on their way: ids, or `all`. */
function usePendingMarks() {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const ids = new Set<string>();
  let all = false;
  for (const f of [...fetchers, navigation]) {
    if (!f.formData || !f.formAction || new URL(f.formAction, "http://x").pathname !== NOTIFICATIONS_PAGE) continue;
    const id = f.formData.get("id");
    if (typeof id === "string" && id) ids.add(id);
    else all = true;
  }
  return { ids, all };
}

/**
 * Read state as the reader sees it right now: a mark still on its way counts as done, and the unread count drops
 * with it (only unread notifications offer a mark, so each pending id is one fewer).
 */
export function useNotificationReads(unread: number) {
  const pending = usePendingMarks();
  return {
    isRead: (n: Pick<NotificationItem, "id" | "readAt">) => pending.all || pending.ids.has(n.id) || n.readAt !== null,
    unread: pending.all ? 0 : Math.max(0, unread - pending.ids.size),
  };
}

/**
 * A form marking one notification (`id`) or all of them read. Without JavaScript it posts and comes back here
 * (Post/Redirect/Get); with it a fetcher posts with the marker and the page updates in place.
 */
export function MarkReadForm({
  id,
  className,
  children,
}: {
  id?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher({ key: `notification-read-${id ?? "all"}` });
  const location = useLocation();
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_PAGE} className={className}>
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <EnhancedMarker />
      {children}
    </fetcher.Form>
  );
}

/**
 * The link of a notification. Following an unread one marks it read on the way (one post whose redirect is the
 * link); a modified click (new tab) or a page without JavaScript just follows it.
 */
export function NotificationLink({
  item,
  read,
  onFollow,
  ...props
}: { item: NotificationItem; read: boolean; onFollow?: () => void } & Omit<
  React.ComponentProps<typeof Link>,
  "to" | "onClick"
>) {
  const submit = useSubmit();
  return (
    <Link
      to={item.href}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        onFollow?.();
        if (read) return;
        e.preventDefault();
        void submit({ id: item.id, redirectTo: item.href }, { method: "post", action: NOTIFICATIONS_PAGE });
      }}
      {...props}
    />
  );
}
