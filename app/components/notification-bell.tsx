import { useState } from "react";
import { Popover } from "radix-ui";
import { Bell } from "~/components/icons/more";
import { Link } from "react-router";
import { LocalTime } from "~/components/local-time";
import { cn } from "~/lib/cn";
import { NOTIFICATIONS_PAGE, type NotificationItem } from "~/lib/notifications";
import { MarkReadForm, NotificationLink, useNotificationReads } from "./notification-reads";
import { useHydrated } from "./use-hydrated";
import { useFormat, useWords } from "~/lib/i18n/react";

/**
 * The top bar's bell: the unread count and the latest few notifications; the page lists them all. Until the page
 * runs its JavaScript (and without it) the bell is a link to that page.
 */
export function NotificationBell({ items, unread }: { items: NotificationItem[]; unread: number }) {
  const t = useWords("dashboard");
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const reads = useNotificationReads(unread);
  const hydrated = useHydrated();
  const count = reads.unread;
  const close = () => setOpen(false);
  const bell = {
    className: "bell",
    "aria-label": t("notifications.bell", { count }),
    "data-testid": "notification-bell",
    children: (
      <>
        <Bell />
        {count > 0 ? <span className="count">{count > 99 ? `${f.count(99)}+` : f.count(count)}</span> : null}
      </>
    ),
  };
  if (!hydrated) return <a href={NOTIFICATIONS_PAGE} {...bell} />;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" {...bell} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-border bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
            {count > 0 ? (
              <MarkReadForm>
                <button type="submit" className="text-xs font-semibold text-brand-700 hover:underline">
                  {t("notifications.markAll")}
                </button>
              </MarkReadForm>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t("notifications.empty")}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-border overflow-y-auto">
              {items.map((n) => {
                const read = reads.isRead(n);
                return (
                  <li key={n.id} className={cn(!read && "bg-brand-50/60")} data-read={read ? "true" : "false"}>
                    <NotificationLink
                      item={n}
                      read={read}
                      onFollow={close}
                      className="flex gap-2.5 px-4 py-3 text-sm hover:bg-muted/60 focus-visible:bg-muted/60"
                    >
                      <span
                        className={cn("mt-1.5 size-2 shrink-0 rounded-full", read ? "bg-transparent" : "bg-brand-600")}
                        aria-hidden
                      />
                      <span className="min-w-0">
                        <span className={cn("block", !read && "font-semibold")}>
                          {!read ? <span className="sr-only">{t("notifications.unreadMark")} </span> : null}
                          {n.message}
                        </span>
                        <span className="mt-1 block text-xs text-muted-foreground">
                          <LocalTime at={n.createdAt} />
                        </span>
                      </span>
                    </NotificationLink>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="border-t border-border px-4 py-2.5 text-center">
            <Link
              to={NOTIFICATIONS_PAGE}
              onClick={close}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {t("notifications.seeAll")}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
