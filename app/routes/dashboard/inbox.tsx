// Messages, the inbox of workers and buyers (messages.server.ts, listInbox): their conversations, the newest message
// first, each with how many messages they have not read, its task and its submission. (The admins' Messages page,
// /dashboard/messages, is the contact form's.) Keyset pages: "Older conversations" carries the cursor.
import { Link, redirect } from "react-router";
import * as v from "valibot";
import type { Route } from "./+types/inbox";
import { PageHeader } from "~/components/dashboard-shell";
import { EmptyState } from "~/components/ui/empty-state";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { LocalTime } from "~/components/local-time";
import { readSearch } from "~/lib/schemas/paging";
import { cn } from "~/lib/cn";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { listInbox, type InboxThread } from "~/server/services/messages.server";
import { metaWords, useWords } from "~/lib/i18n/react";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "dashboard")("inbox.meta") }];

/** `?after=<time>.<id>`: where a page of older conversations starts (anything malformed reads as the first page). */
const inboxQuery = v.object({ after: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  // workers and buyers write to each other; an admin's Messages are the contact form's
  if (user.role === "Admin") throw redirect("/unauthorized");
  const { after } = readSearch(request.url, inboxQuery);
  const page = await listInbox(getEnv(context), user, after);
  return { ...page, older: after !== undefined, role: user.role };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { items, next, older, role } = loaderData;
  const t = useWords("dashboard");
  return (
    <>
      <PageHeader
        title={t("nav.messages")}
        description={role === "Worker" ? t("inbox.workerHint") : t("inbox.buyerHint")}
      />
      {items.length ? (
        <ol
          aria-label={t("inbox.label")}
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm"
          data-testid="inbox"
        >
          {items.map((t) => (
            <InboxRow key={t.path} thread={t} />
          ))}
        </ol>
      ) : (
        <EmptyState message={older ? t("inbox.noOlder") : t("inbox.empty")} />
      )}
      {next || older ? (
        <nav aria-label={t("inbox.pages")} className="mt-4 flex flex-wrap gap-2">
          {older ? (
            <Link to="." className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("inbox.newest")}
            </Link>
          ) : null}
          {next ? (
            <Link
              to={`?after=${encodeURIComponent(next)}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              {t("inbox.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

function InboxRow({ thread: t }: { thread: InboxThread }) {
  const unread = t.unread > 0;
  const w = useWords("dashboard");
  return (
    <li
      className={cn("grid gap-2 px-4 py-4 sm:px-5", unread && "bg-brand-50/50")}
      data-testid="inbox-row"
      data-unread={t.unread}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <Link
          to={t.path}
          className={cn("min-w-0 break-words hover:underline", unread ? "font-semibold" : "font-medium")}
        >
          {t.taskTitle}
          <span className="sr-only">, {w("inbox.withName", { name: t.withName })}</span>
        </Link>
        <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
          {unread ? (
            <Badge tone="info" data-testid="inbox-unread">
              {w("inbox.unread", { count: t.unread })}
            </Badge>
          ) : null}
          <LocalTime at={t.lastAt} />
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {w.rich("inbox.with", {
          name: t.withName,
          about: t.aboutSubmission ? "submission" : "questions",
          b: (chunks) => <span className="font-semibold text-foreground">{chunks}</span>,
        })}
      </p>
      {/* plain text: React escapes it */}
      <p className={cn("line-clamp-2 break-words text-sm", unread ? "text-foreground" : "text-muted-foreground")}>
        {t.fromYou ? <span className="font-medium">{w("inbox.you")} </span> : null}
        {t.excerpt}
      </p>
      {t.links.task || t.links.submission ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {t.links.task ? (
            <Link to={t.links.task} className="font-semibold text-brand-700 hover:underline">
              {w("inbox.task")}
              <span className="sr-only">: {t.taskTitle}</span>
            </Link>
          ) : null}
          {t.links.submission ? (
            <Link to={t.links.submission} className="font-semibold text-brand-700 hover:underline">
              {w("inbox.submission")}
              <span className="sr-only"> {w("inbox.submissionOf", { title: t.taskTitle })}</span>
            </Link>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}
