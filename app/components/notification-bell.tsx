import { Popover } from "radix-ui";
import { Bell } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { LocalTime } from "~/components/local-time";
import { cn } from "~/lib/cn";

export interface NotificationItem {
  id: string;
  message: string;
  actionRoute: string | null;
  readAt: number | null;
  createdAt: number;
}

export function NotificationBell({ items, unread }: { items: NotificationItem[]; unread: number }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const optimisticAllRead = fetcher.formData && !fetcher.formData.get("id");
  const count = optimisticAllRead ? 0 : unread;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-muted"
          aria-label={count ? `Notifications, ${count} unread` : "Notifications"}
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden />
          {count > 0 ? (
            <span className="absolute right-1 top-1 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-5 text-white">
              {count > 99 ? "99+" : count}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-border bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {count > 0 ? (
              <fetcher.Form method="post" action="/dashboard/notifications">
                <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                <button type="submit" className="text-xs font-semibold text-brand-700 hover:underline">
                  Mark all as read
                </button>
              </fetcher.Form>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">No notifications found.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-border overflow-y-auto">
              {items.map((n) => (
                <li key={n.id} className={cn("px-4 py-3 text-sm", !n.readAt && !optimisticAllRead && "bg-brand-50/60")}>
                  <p>{n.message}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    <LocalTime at={n.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
