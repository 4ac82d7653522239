import { useState } from "react";
import { Form, Link, useFetchers, useSubmit } from "react-router";
import { Mail } from "~/components/icons";
import { MailOpen, Reply } from "~/components/icons/more";
import type { Route } from "./+types/messages";
import { getEnv } from "~/server/context";
import { adminUser } from "~/server/auth/guards.server";
import { confirmAction } from "~/server/http/page-action.server";
import { findContactMessage, listContactMessages, setContactMessageRead } from "~/server/services/admin-reads.server";
import { messageActionSchema, messageListQuery } from "~/lib/schemas/admin";
import { readSearch } from "~/lib/schemas/paging";
import { pageOrLast } from "~/server/http/list-page.server";
import { LocalTime } from "~/components/local-time";
import { ENHANCED_FIELD, OPEN_PARAM } from "~/lib/enhanced";
import { PageHeader } from "~/components/dashboard-shell";
import { ListTabs } from "~/components/admin/list-tabs";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Modal } from "~/components/ui/dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { NoJsPanel, useHrefWithout, ViewLink } from "~/components/actions/enhanced";
import { revalidateAfterPost } from "~/components/actions/revalidate";
import { useActionFlow, type ActionFlow, type ActionSpec } from "~/components/actions/flow";
import { cn } from "~/lib/cn";
import { metaWords, useWords, type Words } from "~/lib/i18n/react";
import { serverWords } from "~/lib/i18n/words.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaWords(matches, "admin")("messages.meta") }];

const PAGE_SIZE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const env = getEnv(context);
  const url = new URL(request.url);
  const { page, show } = readSearch(url, messageListQuery);
  const openId = url.searchParams.get(OPEN_PARAM);
  const [list, opened] = await Promise.all([
    pageOrLast(page, (p) => listContactMessages(env, { page: p, limit: PAGE_SIZE, unreadOnly: show === "unread" })),
    openId ? findContactMessage(env, openId.slice(0, 64)) : null,
  ]);
  return { show, messages: list, opened };
}

export const action = (args: Route.ActionArgs) => {
  const t = serverWords(adminUser(args.context).language, "admin");
  return confirmAction(args, {
    user: adminUser,
    schema: messageActionSchema,
    failure: () => ({ title: t("messages.updateFailed") }),
    async run(input, { user: admin, env }) {
      await setContactMessageRead(env, admin, input.id, input.intent === "read");
      return { title: input.intent === "read" ? t("messages.markedRead") : t("messages.markedUnread") };
    },
  });
};

export const shouldRevalidate = revalidateAfterPost;

type Message = Route.ComponentProps["loaderData"]["messages"]["items"][number];

/**
 * "Mark as unread": opening the message marks it read again, so it is posted without asking, and told as its spec
 * says (a toast with the action's answer, decision 027). Opening a message marks it read with nothing to tell.
 */
const unreadSpec = (m: Message, t: Words<"admin">): ActionSpec => ({
  intent: "unread",
  id: m.id,
  title: t("messages.markUnread"),
  confirmLabel: t("messages.markUnread"),
});

/** "Name <address>": who wrote a message. */
const sender = (m: { name: string; email: string }) => `${m.name} <${m.email}>`;

/** Read state as the admin sees it right now: in-flight marks count before the server has answered. */
function useOptimisticRead(flow: ActionFlow) {
  const fetchers = useFetchers();
  const pending = new Map<string, boolean>();
  for (const f of fetchers) {
    if (!f.key.startsWith("message-read-") || !f.formData) continue;
    pending.set(String(f.formData.get("id")), true);
  }
  if (flow.pendingId && flow.spec?.intent === "unread") pending.set(flow.pendingId, false);
  return (m: Message) => pending.get(m.id) ?? m.readAt !== null;
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, show, opened } = loaderData;
  const submit = useSubmit();
  const flow = useActionFlow();
  const t = useWords("admin");
  const isRead = useOptimisticRead(flow);
  // a snapshot: in the Unread view the message leaves the list once it is marked read, the dialog stays
  const [current, setCurrent] = useState<Message | null>(null);

  const openMessage = (m: Message) => {
    setCurrent(m);
    if (!isRead(m))
      void submit(
        { intent: "read", id: m.id, [ENHANCED_FIELD]: "1" },
        { method: "post", navigate: false, fetcherKey: `message-read-${m.id}` },
      );
  };

  const tabs = [
    { key: "all", label: t("messages.all"), count: undefined, to: "/dashboard/messages" },
    { key: "unread", label: t("messages.unread"), count: messages.unread, to: "/dashboard/messages?show=unread" },
  ];
  const closeHref = useHrefWithout(OPEN_PARAM);

  return (
    <>
      <PageHeader
        title={t("messages.title")}
        description={
          messages.unread > 0
            ? t("messages.descriptionUnread", { count: messages.unread })
            : t("messages.descriptionAll")
        }
      />
      <ListTabs label={t("messages.filter")} current={show} tabs={tabs} />

      {messages.items.length === 0 ? (
        <EmptyState message={show === "unread" ? t("messages.noUnread") : t("messages.empty")} />
      ) : (
        <>
          <ul
            className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white shadow-sm"
            aria-label={t("messages.title")}
          >
            {messages.items.map((m) => (
              <MessageRow key={m.id} m={m} read={isRead(m)} onOpen={() => openMessage(m)} />
            ))}
          </ul>
          <Pagination page={messages.page} pages={messages.pages} />
        </>
      )}

      <Modal
        open={current !== null}
        onOpenChange={(o) => (o ? undefined : setCurrent(null))}
        title={current ? current.subject || t("messages.noSubject") : ""}
        description={
          current ? (
            <>
              {t("messages.from", { sender: sender(current) })}
              <br />
              <LocalTime at={current.createdAt} />
            </>
          ) : undefined
        }
        className="max-w-2xl"
      >
        {current ? (
          <>
            <MessageBody text={current.message} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                onClick={() => {
                  flow.run(unreadSpec(current, t));
                  setCurrent(null);
                }}
              >
                <Mail aria-hidden /> {t("messages.markUnread")}
              </Button>
              <a href={replyHref(current)} className={buttonVariants()}>
                <Reply aria-hidden /> {t("messages.reply")}
              </a>
            </div>
          </>
        ) : null}
      </Modal>

      {opened ? <NoJsMessage m={opened} closeHref={closeHref} /> : null}
    </>
  );
}

function replyHref(m: { email: string; subject: string }) {
  return `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject || "Your message to Coinwork"}`)}`;
}

function MessageBody({ text }: { text: string }) {
  const t = useWords("admin");
  return text ? (
    <div className="max-h-[50dvh] overflow-y-auto whitespace-pre-wrap rounded-lg bg-muted/60 p-4 text-sm leading-relaxed">
      {text}
    </div>
  ) : (
    <p className="rounded-lg bg-muted/60 p-4 text-sm italic text-muted-foreground">{t("messages.noText")}</p>
  );
}

function MessageRow({ m, read, onOpen }: { m: Message; read: boolean; onOpen: () => void }) {
  const t = useWords("admin");
  return (
    <li
      className={cn("relative", !read && "bg-brand-50/50")}
      data-testid={`message-${m.id}`}
      data-read={read ? "true" : "false"}
    >
      <ViewLink
        view={{ [OPEN_PARAM]: m.id }}
        onOpen={onOpen}
        className="flex gap-3 px-4 py-4 hover:bg-muted/50 focus-visible:bg-muted/50 sm:px-5"
      >
        <span className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-border">
          {read ? (
            <MailOpen className="size-4 text-muted-foreground" aria-hidden />
          ) : (
            <Mail className="size-4 text-brand-700" aria-hidden />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={cn("truncate", read ? "font-medium text-foreground/90" : "font-bold text-foreground")}>
              {m.name}
              {!read ? <span className="sr-only"> {t("messages.unreadMark")}</span> : null}
            </span>
            <LocalTime at={m.createdAt} className="shrink-0 text-xs text-muted-foreground" />
          </span>
          <span className="block truncate text-xs text-muted-foreground">{m.email}</span>
          <span className={cn("mt-1 block truncate text-sm", read ? "text-foreground/80" : "font-semibold")}>
            {m.subject || t("messages.noSubject")}
          </span>
          <span className="line-clamp-2 text-sm text-muted-foreground sm:line-clamp-1">{m.message}</span>
        </span>
        {!read ? <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden /> : null}
      </ViewLink>
    </li>
  );
}

/** The message view without JavaScript (?open=<id>): mark read or unread with a plain form. */
function NoJsMessage({
  m,
  closeHref,
}: {
  m: NonNullable<Route.ComponentProps["loaderData"]["opened"]>;
  closeHref: string;
}) {
  const t = useWords("admin");
  return (
    <NoJsPanel labelledBy="nojs-message-title" className="max-w-2xl">
      <div>
        <h2 id="nojs-message-title" className="text-lg font-semibold">
          {m.subject || t("messages.noSubject")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t("messages.from", { sender: sender(m) })} · <LocalTime at={m.createdAt} />
        </p>
      </div>
      <MessageBody text={m.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={closeHref} className={buttonVariants({ variant: "ghost" })}>
          {t("messages.back")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value={m.readAt ? "unread" : "read"} />
          <input type="hidden" name="id" value={m.id} />
          <Button type="submit" variant="outline" className="w-full">
            {m.readAt ? t("messages.markUnread") : t("messages.markRead")}
          </Button>
        </Form>
        <a href={replyHref(m)} className={buttonVariants()}>
          <Reply aria-hidden /> {t("messages.reply")}
        </a>
      </div>
    </NoJsPanel>
  );
}
