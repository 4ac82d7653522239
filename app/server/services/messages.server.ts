// Messages (docs/decisions/056-message-threads.md): a conversation per submission between its buyer and its worker
// (an admin reads it, never writes, once the submission is appealed), and before any work one per worker and task
// for questions to the buyer. Plain text (rendered as text, never HTML), at most MESSAGE_MAX characters, rate
// limited per sender; each message notifies the other side, and e-mails them at most once an hour per conversation.
// Each side's Messages page lists their conversations newest first with what they have not read (listInbox), from
// counters a trigger keeps with each message (docs/decisions/092-an-inbox-read-from-its-own-index.md).
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { appeals, messages, messageThreads, submissions, tasks, users } from "../db/schema";
import { AppError, forbidden, notFound } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { notice, notification } from "./ledger.server";
import { PUSH_TITLES, queuePush } from "./push.server";
import { rateLimit } from "./rate-limit.server";
import { sendMail } from "../email/mailer.server";
import { newMessageLetter } from "../email/letters.server";
import { MESSAGE_MAX, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "~/lib/schemas/revisions";

/** Messages a sender may write per minute, across conversations. */
export const MESSAGES_PER_MINUTE = 10;
export const MESSAGE_RATE_LIMITED = "You are sending messages too fast. Wait a minute and try again.";
export const NOT_A_PARTY = "Only the task's buyer and its worker can read this conversation.";
export const NO_CONVERSATION = "Conversation not found";
export const ADMIN_READS_ONLY = "Admins read an appealed submission's conversation; they do not write in it.";
const EMAIL_GAP_MS = 60 * 60 * 1000;
/** A page of a conversation. */
export const THREAD_PAGE = 50;

/** Which conversation: a submission's, or a worker's questions about a task before any submission. */
export type ThreadKey = { submissionId: string } | { taskId: string; workerId: string };

/** The page a conversation is read on (notifications and e-mails link to it). */
export function threadPath(key: ThreadKey): string {
  return "submissionId" in key
    ? `/dashboard/threads/submission/${key.submissionId}`
    : `/dashboard/threads/task/${key.taskId}/${key.workerId}`;
}

/** The Messages page of workers and buyers: their conversations (the admins' Messages page is the contact form's). */
export const INBOX_PATH = "/dashboard/inbox";

/**
 * Where a conversation's task and submission are seen by this side: the worker's task page and submission page; the
 * buyer's task on Update Task and a pending submission in Buyer Home's review view (the queue of its task, so it is
 * on the first page), where it is approved, rejected or sent back for a revision. A reviewed submission has no page
 * of the buyer's: null. An admin reads an appealed submission's conversation from Appeals: neither.
 */
export function threadLinks(
  role: SessionUser["role"],
  t: { taskId: string; submissionId: string | null; submissionStatus: string | null },
): { task: string | null; submission: string | null } {
  if (role === "Worker")
    return {
      task: `/dashboard/tasklist/${t.taskId}`,
      submission: t.submissionId ? `/dashboard/mysubmissions/${t.submissionId}` : null,
    };
  if (role === "Buyer")
    return {
      task: `/dashboard/updatetask/${t.taskId}`,
      submission:
        t.submissionId && t.submissionStatus === "pending"
          ? `/dashboard/buyerhome?${new URLSearchParams({ task: t.taskId, open: t.submissionId })}`
          : null,
    };
  return { task: null, submission: null };
}

const workerUser = alias(users, "w");
const buyerUser = alias(users, "b");

/** The two sides of a conversation and what it is about, as read; undefined when there is no such submission or task. */
async function readParties(env: Env, key: ThreadKey) {
  const db = getDb(env);
  const people = {
    taskId: tasks.id,
    taskTitle: tasks.taskTitle,
    workerId: workerUser.id,
    workerName: workerUser.name,
    workerEmail: workerUser.email,
    workerLanguage: workerUser.language,
    workerRole: workerUser.role,
    buyerId: buyerUser.id,
    buyerName: buyerUser.name,
    buyerEmail: buyerUser.email,
    buyerLanguage: buyerUser.language,
  };
  if ("submissionId" in key) {
    const rows = await db
      .select({
        ...people,
        submissionStatus: submissions.status,
        // the submission's appeal (one at most), which an admin reads the conversation for and is sent back to
        appealId: sql<
          string | null
        >`(SELECT ${appeals.id} FROM ${appeals} WHERE ${appeals.submissionId} = ${submissions.id})`,
        appealStatus: sql<
          string | null
        >`(SELECT ${appeals.status} FROM ${appeals} WHERE ${appeals.submissionId} = ${submissions.id})`,
      })
      .from(submissions)
      .innerJoin(tasks, eq(tasks.id, submissions.taskId))
      .innerJoin(workerUser, eq(workerUser.id, submissions.workerId))
      .innerJoin(buyerUser, eq(buyerUser.id, submissions.buyerId))
      .where(eq(submissions.id, key.submissionId))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    const { appealId, appealStatus, ...rest } = row;
    const appeal = appealId ? { id: appealId, pending: appealStatus === "pending" } : null;
    return { ...rest, submissionId: key.submissionId, appeal, buyerMayOpen: true };
  }
  const rows = await db
    .select({
      ...people,
      // a buyer opens questions with a worker only once the worker asked (the conversation exists: the worker opened
      // it) or has sent them work; before, the buyer learns nothing of them here
      buyerMayOpen: sql<number>`EXISTS (SELECT 1 FROM message_threads WHERE ${threadWhere(key)})
        OR EXISTS (SELECT 1 FROM submissions s WHERE s.worker_id = ${key.workerId} AND s.buyer_id = ${tasks.buyerId})`,
    })
    .from(tasks)
    .innerJoin(buyerUser, eq(buyerUser.id, tasks.buyerId))
    .innerJoin(workerUser, eq(workerUser.id, key.workerId))
    .where(and(eq(tasks.id, key.taskId), sql`${tasks.deletedAt} IS NULL`))
    .limit(1);
  const row = rows[0];
  // questions are a worker's, about someone else's task
  if (!row || row.workerRole !== "Worker" || row.workerId === row.buyerId) return undefined;
  const { buyerMayOpen, ...parties } = row;
  return {
    ...parties,
    submissionId: null,
    submissionStatus: null,
    appeal: null,
    buyerMayOpen: buyerMayOpen === 1,
  };
}
type Parties = NonNullable<Awaited<ReturnType<typeof readParties>>>;

/**
 * The conversation's sides, and what this user may do in it: write (a side of it), read (an admin, once the
 * submission is appealed); else 403 (404 when there is no such submission or task, and for a buyer, questions a
 * worker has not asked: a buyer writes first only to a worker who sent them work, as NotifyWorkers).
 */
async function openAs(
  env: Env,
  user: SessionUser,
  key: ThreadKey,
): Promise<{ parties: Parties; access: "write" | "read" }> {
  const parties = await readParties(env, key);
  if (!parties || (user.id === parties.buyerId && !parties.buyerMayOpen)) throw notFound(NO_CONVERSATION);
  if (user.id === parties.workerId || user.id === parties.buyerId) return { parties, access: "write" };
  if (user.role === "Admin" && parties.appeal) return { parties, access: "read" };
  throw forbidden(NOT_A_PARTY);
}

/** The conversation's row, matched by its key (the partial unique indexes of migrations/0035). */
const threadWhere = (key: ThreadKey): SQL =>
  "submissionId" in key
    ? sql`submission_id = ${key.submissionId}`
    : sql`submission_id IS NULL AND task_id = ${key.taskId} AND worker_id = ${key.workerId}`;

/** "<created_at>.<id>": where a page of older messages starts (keyset paging, never OFFSET). */
const cursorOf = (m: { createdAt: number; id: string }) => `${m.createdAt}.${m.id}`;
function parseCursor(cursor: string | undefined): { createdAt: number; id: string } | null {
  const m = cursor?.match(/^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/);
  return m ? { createdAt: Number(m[1]), id: m[2]! } : null;
}

export interface ThreadMessage {
  id: string;
  senderId: string;
  senderName: string;
  body: string;
  createdAt: number;
}

/** This side's unread count of the conversation: the worker's or the buyer's (an admin has none). */
const unreadOf = (user: SessionUser, parties: Parties) =>
  user.id === parties.workerId ? "workerUnread" : user.id === parties.buyerId ? "buyerUnread" : null;

/**
 * A conversation as its reader sees it: who and what it is about, whether they may write, and its latest
 * THREAD_PAGE messages before `before` (oldest first on the page), with the cursor of the page before, if any.
 * Reading the latest page reads the conversation: the reader's unread count goes back to 0 in the same batch, just
 * before the messages are read, so a message that comes meanwhile is both shown and counted after, never lost.
 */
export async function readThread(env: Env, user: SessionUser, key: ThreadKey, before?: string) {
  const { parties, access } = await openAs(env, user, key);
  const from = parseCursor(before);
  const db = getDb(env);
  const sender = alias(users, "s");
  const read = db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderName: sender.name,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .where(
      and(
        sql`${messageThreads.id} = (SELECT id FROM message_threads WHERE ${threadWhere(key)})`,
        from ? sql`(${messages.createdAt}, ${messages.id}) < (${from.createdAt}, ${from.id})` : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(THREAD_PAGE + 1);
  const unread = from ? null : unreadOf(user, parties);
  const rows = unread
    ? (
        await db.batch([
          db
            .update(messageThreads)
            .set({ [unread]: 0 })
            .where(
              and(
                sql`${messageThreads.id} = (SELECT id FROM message_threads WHERE ${threadWhere(key)})`,
                gt(messageThreads[unread], 0),
              ),
            ),
          read,
        ])
      )[1]
    : await read;
  const page = rows.slice(0, THREAD_PAGE).reverse();
  return {
    parties,
    canWrite: access === "write",
    messages: page as ThreadMessage[],
    earlier: rows.length > THREAD_PAGE ? cursorOf(page[0]!) : null,
  };
}

/** A page of the Messages page. */
export const INBOX_PAGE = 20;
/** How much of a conversation's newest message its row shows. */
const EXCERPT = 160;

/** A conversation as a row of its side's Messages page. */
export interface InboxThread {
  path: string;
  taskTitle: string;
  /** the other side's name */
  withName: string;
  /** a submission's conversation (else the worker's questions before starting) */
  aboutSubmission: boolean;
  links: ReturnType<typeof threadLinks>;
  unread: number;
  lastAt: number;
  /** the newest message's first words, and whether this side wrote it */
  excerpt: string;
  fromYou: boolean;
}

/**
 * A worker's or a buyer's conversations, the newest message first, INBOX_PAGE at a time after the cursor `after`
 * (keyset over message_threads_{worker,buyer}_inbox_idx: the page is a range of the side's index, whatever the
 * tables hold), each with its unread count and its newest message's first words. Admins have no side: 403.
 */
export async function listInbox(env: Env, user: SessionUser, after?: string) {
  if (user.role === "Admin") throw forbidden("Admins read the contact form's messages on their own Messages page.");
  const side =
    user.role === "Worker"
      ? { me: messageThreads.workerId, other: messageThreads.buyerId, unread: messageThreads.workerUnread }
      : { me: messageThreads.buyerId, other: messageThreads.workerId, unread: messageThreads.buyerUnread };
  const from = parseCursor(after);
  const other = alias(users, "o");
  const last = alias(messages, "m");
  const rows = await getDb(env)
    .select({
      id: messageThreads.id,
      submissionId: messageThreads.submissionId,
      taskId: messageThreads.taskId,
      workerId: messageThreads.workerId,
      lastAt: messageThreads.lastMessageAt,
      unread: side.unread,
      taskTitle: tasks.taskTitle,
      withName: other.name,
      excerpt: sql<string | null>`substr(${last.body}, 1, ${EXCERPT + 1})`,
      lastSenderId: last.senderId,
      submissionStatus: submissions.status,
    })
    .from(messageThreads)
    .innerJoin(tasks, eq(tasks.id, messageThreads.taskId))
    .innerJoin(other, eq(other.id, side.other))
    .leftJoin(last, eq(last.id, messageThreads.lastMessageId))
    .leftJoin(submissions, eq(submissions.id, messageThreads.submissionId))
    .where(
      and(
        eq(side.me, user.id),
        from
          ? sql`(${messageThreads.lastMessageAt}, ${messageThreads.id}) < (${from.createdAt}, ${from.id})`
          : undefined,
        // questions about a task that is gone lead nowhere (their page is not found); a submission's stay
        sql`(${messageThreads.submissionId} IS NOT NULL OR ${tasks.deletedAt} IS NULL)`,
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(INBOX_PAGE + 1);
  const page = rows.slice(0, INBOX_PAGE);
  const items: InboxThread[] = page.map((t) => {
    const text = t.excerpt ?? "";
    return {
      path: threadPath(t.submissionId ? { submissionId: t.submissionId } : { taskId: t.taskId, workerId: t.workerId }),
      taskTitle: t.taskTitle,
      withName: t.withName,
      aboutSubmission: t.submissionId !== null,
      links: threadLinks(user.role, t),
      unread: t.unread,
      lastAt: t.lastAt,
      excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text,
      fromYou: t.lastSenderId === user.id,
    };
  });
  const tail = page.at(-1);
  return { items, next: rows.length > INBOX_PAGE && tail ? cursorOf({ createdAt: tail.lastAt, id: tail.id }) : null };
}

function assertBody(body: string): string {
  const text = body.trim();
  if (!text) throw new AppError("validation_failed", MESSAGE_REQUIRED, { body: [MESSAGE_REQUIRED] });
  if (text.length > MESSAGE_MAX)
    throw new AppError("validation_failed", MESSAGE_TOO_LONG, { body: [MESSAGE_TOO_LONG] });
  return text;
}

/**
 * One side writes to the other: the message (and the conversation, on its first message) and the other side's
 * notification in one batch; then an e-mail to the other side unless one went out about this conversation in the
 * last hour (a conditional update claims the hour, so two messages at once send one e-mail).
 */
export async function postMessage(
  env: Env,
  user: SessionUser,
  key: ThreadKey,
  body: string,
  origin: string,
  now = Date.now(),
): Promise<ThreadMessage> {
  const text = assertBody(body);
  const { parties, access } = await openAs(env, user, key);
  if (access !== "write") throw forbidden(ADMIN_READS_ONLY);
  await rateLimit(env, `message:${user.id}`, MESSAGES_PER_MINUTE, 60).catch((e: unknown) => {
    throw e instanceof AppError && e.code === "rate_limited" ? new AppError("rate_limited", MESSAGE_RATE_LIMITED) : e;
  });
  const toWorker = user.id === parties.buyerId;
  const reader = toWorker
    ? { id: parties.workerId, name: parties.workerName, email: parties.workerEmail, language: parties.workerLanguage }
    : { id: parties.buyerId, name: parties.buyerName, email: parties.buyerEmail, language: parties.buyerLanguage };
  const path = threadPath(key);
  const id = newId();
  const noticeId = newId();
  await newBatch(env)
    .step(
      "open thread",
      sql`INSERT INTO message_threads (id, submission_id, task_id, worker_id, buyer_id, created_at)
        VALUES (${newId()}, ${parties.submissionId}, ${parties.taskId}, ${parties.workerId}, ${parties.buyerId}, ${now})
        ON CONFLICT DO NOTHING`,
    )
    .step(
      "write",
      sql`INSERT INTO messages (id, thread_id, sender_id, body, created_at)
        SELECT ${id}, id, ${user.id}, ${text}, ${now} FROM message_threads WHERE ${threadWhere(key)}`,
    )
    .step(
      "notify",
      notification({
        id: noticeId,
        userId: reader.id,
        message: notice("message.received", { name: user.name, title: parties.taskTitle }),
        actionRoute: path,
        now,
      }),
    )
    .step("push", queuePush(noticeId, reader.id, PUSH_TITLES.message))
    .run();
  const emailedAt = toWorker ? "worker_emailed_at" : "buyer_emailed_at";
  const claimed = await env.DB.prepare(
    `UPDATE message_threads SET ${emailedAt} = ?1 WHERE id = (SELECT thread_id FROM messages WHERE id = ?2)
      AND (${emailedAt} IS NULL OR ${emailedAt} <= ?1 - ?3) RETURNING id`,
  )
    .bind(now, id, EMAIL_GAP_MS)
    .first();
  if (claimed)
    await sendMail(env, newMessageLetter(reader, user.name, parties.taskTitle, new URL(path, origin).toString())).catch(
      (e: unknown) => console.error("The new-message e-mail was not sent", e),
    );
  return { id, senderId: user.id, senderName: user.name, body: text, createdAt: now };
}
