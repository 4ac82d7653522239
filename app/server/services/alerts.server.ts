// Task alerts (docs/product/task-alerts.md, decision 060): a worker's saved searches, the new tasks the Cron Trigger
// matches against them (a notification each), the hourly e-mail digest with its one-click unsubscribe, and each
// search's private Atom feed. Both the alerts page and the REST API call these; the feed and the unsubscribe link
// are opened by token alone, so an unknown token finds nothing and a token never reaches another worker's rows.
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { notice, noticeFor } from "./ledger.server";
import { fetchPage, pageWindow, type PageRequest } from "../db/paging";
import { anyWordQuery, wordsQuery } from "../db/search";
import {
  alertMail,
  cronFigures,
  savedSearchBounds,
  savedSearches,
  savedSearchMatches,
  tasks,
  users,
} from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { sendMail } from "../email/mailer.server";
import { alertDigestLetter } from "../email/letters.server";
import type { SessionUser } from "../auth/session.server";
import type { SavedSearchCriteria } from "~/lib/schemas/alerts";
import { paysAtLeast } from "./pay-rate.server";
import { approvalAtLeast } from "./buyer-reputation.server";
import { hourlyWords } from "~/lib/pay-rate";
import { deadlineDay } from "~/lib/deadline";
import { formatsOf } from "~/lib/i18n/format";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";
import { PUSH_TITLES } from "./push.server";

/** How many searches a worker may keep: enough for real use, and a bound on the matching work one worker adds. */
export const SAVED_SEARCH_LIMIT = 20;
export const TOO_MANY_SEARCHES = `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Delete one to save another.`;
export const SEARCH_NOT_FOUND = "Saved search not found";
/** The new tasks one cron run matches; the rest wait for the next run (the cursor keeps their place). */
export const TASKS_PER_RUN = 50;
/** The workers one cron run e-mails. */
export const DIGESTS_PER_RUN = 25;
/** At most one digest an hour per worker. */
export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** The tasks one digest lists (it says how many more there are). */
export const DIGEST_TASKS = 10;
/** The entries of a feed, newest first. */
export const FEED_ENTRIES = 50;
/** Matches older than this are forgotten by the daily job (the feed and the digest look at recent ones only). */
export const MATCH_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The cron_figures row holding the rowid of the last task matched. */
const CURSOR = "alert_task_cursor";

/** A random token of 32 bytes, URL-safe: a feed's or an unsubscribe link's. */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function requireWorker(actor: SessionUser) {
  if (actor.role !== "Worker") throw forbidden("Only workers can save searches");
}

const searchColumns = {
  id: savedSearches.id,
  words: savedSearches.words,
  category: savedSearches.category,
  minCentsPerHour: savedSearchBounds.minCentsPerHour,
  minApproval: savedSearchBounds.minApproval,
  feedToken: savedSearches.feedToken,
  createdAt: savedSearches.createdAt,
};
export interface SavedSearchView {
  id: string;
  words: string;
  category: string | null;
  /** least pay per hour in cents, or null */
  minCentsPerHour: number | null;
  /** least buyer approval rate in percent, or null */
  minApproval: number | null;
  feedToken: string;
  createdAt: number;
}

/** Saved searches with their bounds (a row only when one is set). */
const searchesWithBounds = (db: ReturnType<typeof getDb>) =>
  db
    .select(searchColumns)
    .from(savedSearches)
    .leftJoin(savedSearchBounds, eq(savedSearchBounds.searchId, savedSearches.id));

/** One of the worker's saved searches, or 404. */
async function searchOf(env: Env, workerId: string, id: string): Promise<SavedSearchView> {
  const [search] = await searchesWithBounds(getDb(env)).where(
    and(eq(savedSearches.id, id), eq(savedSearches.workerId, workerId)),
  );
  if (!search) throw notFound(SEARCH_NOT_FOUND);
  return search;
}

/** Where a search's feed is read: public by its token. */
export const feedPath = (token: string) => `/alerts/feed/${token}`;
/** The unsubscribe link of a worker's alert e-mails: public by its token. */
export const unsubscribePath = (token: string) => `/alerts/unsubscribe/${token}`;

/**
 * Saves a search of the task list for a worker (at most SAVED_SEARCH_LIMIT): from now on new tasks matching it are
 * notified, e-mailed in the hourly digest (unless their alert e-mails are off) and listed in its feed.
 */
export async function saveSearch(env: Env, worker: SessionUser, criteria: SavedSearchCriteria) {
  requireWorker(worker);
  const db = getDb(env);
  const [mine] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.workerId, worker.id));
  if ((mine?.n ?? 0) >= SAVED_SEARCH_LIMIT)
    throw conflict(TOO_MANY_SEARCHES).saying("alerts.tooMany", { count: SAVED_SEARCH_LIMIT });
  const search: SavedSearchView = {
    id: newId(),
    words: criteria.q,
    category: criteria.category ?? null,
    minCentsPerHour: criteria.min_hourly ? criteria.min_hourly * 100 : null,
    minApproval: criteria.min_approval ?? null,
    feedToken: randomToken(),
    createdAt: Date.now(),
  };
  const { minCentsPerHour, minApproval, ...row } = search;
  const batch = newBatch(env).step(
    "search",
    db.insert(savedSearches).values({ ...row, workerId: worker.id, wordsQuery: wordsQuery(criteria.q) }),
  );
  if (minCentsPerHour || minApproval)
    batch.step("bounds", db.insert(savedSearchBounds).values({ searchId: search.id, minCentsPerHour, minApproval }));
  await batch
    // the worker's alert e-mails start on, with their unsubscribe token (kept when they already have one)
    .step(
      "alert mail",
      db
        .insert(alertMail)
        .values({ workerId: worker.id, emails: 1, unsubscribeToken: randomToken() })
        .onConflictDoNothing(),
    )
    .run();
  return search;
}

/** A worker's saved searches, newest first. */
export function listSavedSearches(env: Env, workerId: string, opts: PageRequest = {}) {
  const db = getDb(env);
  const w = pageWindow(opts, SAVED_SEARCH_LIMIT);
  const mine = eq(savedSearches.workerId, workerId);
  return fetchPage(
    w,
    searchesWithBounds(db)
      .where(mine)
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(savedSearches).where(mine),
  );
}

/** Deletes one of the worker's saved searches (its matches and feed go with it). 404 for another's or none. */
export async function deleteSavedSearch(env: Env, worker: SessionUser, id: string) {
  requireWorker(worker);
  const search = await searchOf(env, worker.id, id);
  const gone = await getDb(env)
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.workerId, worker.id)))
    .returning({ id: savedSearches.id });
  if (!gone[0]) throw notFound(SEARCH_NOT_FOUND);
  return search;
}

/** Gives a saved search a new feed token: the old feed address answers 404 from now on. */
export async function regenerateFeedToken(env: Env, worker: SessionUser, id: string): Promise<SavedSearchView> {
  requireWorker(worker);
  const [changed] = await getDb(env)
    .update(savedSearches)
    .set({ feedToken: randomToken() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.workerId, worker.id)))
    .returning({ id: savedSearches.id });
  if (!changed) throw notFound(SEARCH_NOT_FOUND);
  return searchOf(env, worker.id, id);
}

/** Whether the worker's alert e-mails are on (they are until the worker or an unsubscribe link turns them off). */
export async function alertEmailsOn(env: Env, workerId: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ emails: alertMail.emails })
    .from(alertMail)
    .where(eq(alertMail.workerId, workerId));
  return (row?.emails ?? 1) === 1;
}

/** Turns the worker's alert e-mails on or off; off also drops what waits for the next digest. */
export async function setAlertEmails(env: Env, worker: SessionUser, on: boolean): Promise<void> {
  requireWorker(worker);
  const db = getDb(env);
  const now = Date.now();
  const batch = newBatch(env).step(
    "alert mail",
    db
      .insert(alertMail)
      .values({ workerId: worker.id, emails: on ? 1 : 0, unsubscribeToken: randomToken() })
      .onConflictDoUpdate({ target: alertMail.workerId, set: { emails: on ? 1 : 0 } }),
  );
  if (!on) batch.step("drop unmailed", dropUnmailed(db, sql`${savedSearchMatches.workerId} = ${worker.id}`, now));
  await batch.run();
}

/** Marks a worker's matches waiting for a digest as taken, so the digest no longer reads them. */
function dropUnmailed(db: ReturnType<typeof getDb>, whose: SQL, now: number) {
  return db
    .update(savedSearchMatches)
    .set({ mailedAt: now })
    .where(and(whose, isNull(savedSearchMatches.mailedAt)));
}

/** What the unsubscribe page shows for a token: the address whose alert e-mails it stops, or null (404). */
export async function unsubscribePreview(env: Env, token: string) {
  const [row] = await getDb(env)
    .select({ email: users.email, emails: alertMail.emails })
    .from(alertMail)
    .innerJoin(users, eq(users.id, alertMail.workerId))
    .where(eq(alertMail.unsubscribeToken, token));
  return row ? { email: row.email, emailsOn: row.emails === 1 } : null;
}

/**
 * One-click unsubscribe (RFC 8058): turns off the alert e-mails of the worker this token belongs to, without a
 * session. An unknown token changes nothing (null). Notifications and feeds go on; the alerts page turns e-mails on
 * again.
 */
export async function unsubscribe(env: Env, token: string): Promise<{ email: string } | null> {
  const db = getDb(env);
  const [row] = await db
    .update(alertMail)
    .set({ emails: 0 })
    .where(eq(alertMail.unsubscribeToken, token))
    .returning({ workerId: alertMail.workerId });
  if (!row) return null;
  await dropUnmailed(db, sql`${savedSearchMatches.workerId} = ${row.workerId}`, Date.now());
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.workerId));
  return { email: user?.email ?? "" };
}

/** A feed: the saved search its token opens and its newest matching tasks, or null for an unknown token. */
export async function feedFor(env: Env, token: string) {
  const db = getDb(env);
  const [search] = await db
    .select({ ...searchColumns, workerName: users.name, language: users.language })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.workerId))
    .leftJoin(savedSearchBounds, eq(savedSearchBounds.searchId, savedSearches.id))
    .where(eq(savedSearches.feedToken, token));
  if (!search) return null;
  const entries = await db
    .select({
      taskId: tasks.id,
      title: tasks.taskTitle,
      detail: tasks.taskDetail,
      category: tasks.category,
      payableAmount: tasks.payableAmount,
      completionDate: tasks.completionDate,
      matchedAt: savedSearchMatches.createdAt,
    })
    .from(savedSearchMatches)
    .innerJoin(tasks, eq(tasks.id, savedSearchMatches.taskId))
    .where(and(eq(savedSearchMatches.searchId, search.id), isNull(tasks.deletedAt)))
    .orderBy(desc(savedSearchMatches.createdAt), desc(savedSearchMatches.taskId))
    .limit(FEED_ENTRIES);
  return { search, entries };
}

/**
 * A saved search in words, in a language (the `feed` namespace): "“logo design” in Creative Design", "every new
 * task", "every task paying at least $12.00/hour from buyers approving at least 90%".
 */
export function describeSearch(
  s: {
    words: string;
    category: string | null;
    minCentsPerHour: number | null;
    minApproval: number | null;
  },
  language: Language = "en",
): string {
  const t = serverWords(language, "feed");
  const category = s.category ?? "";
  const what = s.words
    ? t(s.category ? "search.wordsInCategory" : "search.words", { words: s.words, category })
    : s.category
      ? t("search.everyInCategory", { category })
      : "";
  const hourly =
    s.minCentsPerHour &&
    (language === "en"
      ? hourlyWords(s.minCentsPerHour)
      : serverWords(language, "errors")("time.hourly", { dollars: formatsOf(language).dollars(s.minCentsPerHour) }));
  const bounds = [
    hourly ? t("search.payingAtLeast", { hourly }) : "",
    s.minApproval ? t("search.approvalAtLeast", { percent: s.minApproval }) : "",
  ].filter(Boolean);
  if (!bounds.length) return what || t("search.everyNew");
  return t("search.withBounds", { what: what || t("search.every"), bounds: bounds.join(" ") });
}

interface NewTask {
  rowid: number;
  id: string;
  buyerId: string;
  category: string;
  title: string;
  detail: string;
  open: boolean;
}

/**
 * The saved searches a new task matches, as an INSERT of its matches. The candidates come from indexes, never from
 * every search: those sharing a word with the task (saved_search_words, stemmed like open_task_words) and those
 * without words in its category or in none. Each candidate then tests all its words against the task's own entry in
 * open_task_words (one rowid), its category, its bounds if it has a saved_search_bounds row (least pay per hour and
 * least buyer approval rate: the task list's own conditions on the task's row, the bounds row's columns as their
 * figures), the worker's blocks and that the worker can still work.
 */
function matchTask(task: NewTask, now: number, moved: SQL) {
  const anyWord = anyWordQuery(`${task.title} ${task.detail}`);
  const byWord = anyWord
    ? sql`SELECT rowid FROM saved_search_words WHERE saved_search_words MATCH ${anyWord} UNION ALL `
    : sql``;
  return sql`INSERT OR IGNORE INTO saved_search_matches (search_id, task_id, worker_id, created_at, mailed_at)
    SELECT s.id, ${task.id}, s.worker_id, ${now},
      CASE WHEN EXISTS (SELECT 1 FROM alert_mail a WHERE a.worker_id = s.worker_id AND a.emails = 1) THEN NULL ELSE ${now} END
    FROM saved_searches s
    WHERE s.rowid IN (${byWord}SELECT rowid FROM saved_searches WHERE words_query IS NULL AND category = ${task.category}
        UNION ALL SELECT rowid FROM saved_searches WHERE words_query IS NULL AND category IS NULL)
      AND (s.category IS NULL OR s.category = ${task.category})
      AND (s.words_query IS NULL
        OR EXISTS (SELECT 1 FROM open_task_words WHERE open_task_words MATCH s.words_query AND rowid = ${task.rowid}))
      AND NOT EXISTS (SELECT 1 FROM saved_search_bounds sb WHERE sb.search_id = s.id
        AND NOT EXISTS (SELECT 1 FROM tasks WHERE tasks.rowid = ${task.rowid}
          AND (sb.min_cents_per_hour IS NULL OR ${paysAtLeast(sql`sb.min_cents_per_hour`)})
          AND (sb.min_approval IS NULL OR ${approvalAtLeast(sql`sb.min_approval`)})))
      AND NOT EXISTS (SELECT 1 FROM worker_blocks b WHERE b.worker_id = s.worker_id AND b.buyer_id = ${task.buyerId})
      AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.worker_id AND u.role = 'Worker' AND u.disabled_at IS NULL)
      AND (${moved})`;
}

/** At most one alert push an hour per saved search (as the digest: at most one e-mail an hour). */
export const ALERT_PUSH_INTERVAL_MS = 60 * 60 * 1000;

/** The task's matches of this run whose search has not been pushed for an hour (or ever), as a condition on `m`. */
const pushDue = (now: number) =>
  sql`EXISTS (SELECT 1 FROM saved_searches s WHERE s.id = m.search_id
    AND (s.pushed_at IS NULL OR s.pushed_at <= ${now - ALERT_PUSH_INTERVAL_MS}))`;

/**
 * The pushes of a task's notifications (notifyMatches): one per worker with push on, when one of the searches it
 * matched has not been pushed for an hour; then those searches are marked pushed. Written after the notifications,
 * in the same batch.
 */
function pushMatches(task: NewTask, now: number, moved: SQL): [SQL, SQL] {
  const matched = sql`m.task_id = ${task.id} AND m.created_at = ${now} AND (${moved})`;
  return [
    sql`INSERT INTO push_outbox (notification_id, user_id, title_key, created_at)
      SELECT n.id, n.user_id, ${PUSH_TITLES.taskAlert}, ${now} FROM notifications n
      WHERE n.user_id IN (SELECT m.worker_id FROM saved_search_matches m WHERE ${matched} AND ${pushDue(now)})
        AND n.created_at = ${now} AND n.action_route = ${taskRoute(task)}
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = n.user_id)`,
    sql`UPDATE saved_searches SET pushed_at = ${now}
      WHERE id IN (SELECT m.search_id FROM saved_search_matches m WHERE ${matched} AND ${pushDue(now)}
        AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = m.worker_id))`,
  ];
}

const taskRoute = (task: { id: string }) => `/dashboard/tasklist/${task.id}`;

/**
 * One notification per worker for a task this run matched (whichever of their searches it matched). A run that lost
 * the cursor to another begun in the same millisecond sees the winner's pivot as its own; the NOT EXISTS keeps it from
 * writing the winner's notifications twice.
 */
function notifyMatches(task: NewTask, now: number, moved: SQL) {
  return sql`INSERT INTO notifications (id, user_id, message, action_route, created_at)
    SELECT lower(hex(randomblob(16))), m.worker_id, ${noticeFor(sql`m.worker_id`, notice("alerts.newTask", { title: task.title }))},
      ${taskRoute(task)}, ${now}
    FROM saved_search_matches m
    WHERE m.task_id = ${task.id} AND m.created_at = ${now} AND (${moved})
      AND NOT EXISTS (SELECT 1 FROM notifications n
        WHERE n.user_id = m.worker_id AND n.created_at = ${now} AND n.action_route = ${taskRoute(task)})
    GROUP BY m.worker_id`;
}

/**
 * The Cron Trigger's matching: the tasks posted since the last run (rowid above the cursor, at most TASKS_PER_RUN,
 * oldest first) are matched against the saved searches once each, and the cursor moves past them, all in one
 * batch. A run that finds no cursor starts it at the newest task: alerts are for tasks posted from then on. The
 * cursor's move is the batch's pivot, so two runs at once never match the same tasks twice. Answers how many tasks
 * were matched.
 */
export async function matchNewTasks(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const [cursor] = await db.select({ value: cronFigures.value }).from(cronFigures).where(eq(cronFigures.name, CURSOR));
  if (!cursor) {
    const [newest] = await db.select({ rowid: sql<number | null>`max(rowid)` }).from(tasks);
    await db
      .insert(cronFigures)
      .values({ name: CURSOR, value: newest?.rowid ?? 0, computedAt: now })
      .onConflictDoNothing();
    return 0;
  }
  const from = cursor.value ?? 0;
  const today = deadlineDay(now);
  const rows = await db
    .select({
      rowid: sql<number>`${tasks}.rowid`,
      id: tasks.id,
      buyerId: tasks.buyerId,
      category: tasks.category,
      title: tasks.taskTitle,
      detail: tasks.taskDetail,
      open: sql<number>`${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} > 0 AND ${tasks.completionDate} >= ${today}`,
    })
    .from(tasks)
    .where(sql`${tasks}.rowid > ${from}`)
    .orderBy(sql`${tasks}.rowid`)
    .limit(TASKS_PER_RUN);
  if (!rows.length) return 0;
  const to = rows[rows.length - 1]!.rowid;
  const moved = sql`EXISTS (SELECT 1 FROM cron_figures WHERE name = ${CURSOR} AND value = ${to} AND computed_at = ${now})`;
  const batch = newBatch(env).step(
    "cursor",
    sql`UPDATE cron_figures SET value = ${to}, computed_at = ${now} WHERE name = ${CURSOR} AND value = ${from}`,
  );
  // a task closed meanwhile (filled, deleted, past its day) is passed over: nobody could start it
  for (const row of rows.filter((r) => r.open)) {
    const task = { ...row, open: true };
    batch
      .step(`match ${task.id}`, matchTask(task, now, moved))
      .step(`notify ${task.id}`, notifyMatches(task, now, moved))
      .step(`push ${task.id}`, ...pushMatches(task, now, moved));
  }
  const result = await batch.run();
  return result.changes("cursor") ? rows.length : 0;
}

/**
 * The Cron Trigger's digests: each worker with matches not yet e-mailed, whose alert e-mails are on and whose last
 * digest is an hour old or more (at most DIGESTS_PER_RUN a run), gets one e-mail listing them. The hour is claimed
 * before the e-mail goes (a claim two runs cannot both win), so a worker never gets two within an hour. Answers how
 * many were sent.
 */
export async function sendAlertDigests(env: Env, origin: string, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const due = await db
    .selectDistinct({ workerId: savedSearchMatches.workerId })
    .from(savedSearchMatches)
    .innerJoin(alertMail, eq(alertMail.workerId, savedSearchMatches.workerId))
    .where(
      and(
        isNull(savedSearchMatches.mailedAt),
        eq(alertMail.emails, 1),
        sql`(${alertMail.lastDigestAt} IS NULL OR ${alertMail.lastDigestAt} <= ${now - DIGEST_INTERVAL_MS})`,
      ),
    )
    .limit(DIGESTS_PER_RUN);
  let sent = 0;
  for (const { workerId } of due) if (await sendDigest(env, workerId, origin, now)) sent++;
  return sent;
}

async function sendDigest(env: Env, workerId: string, origin: string, now: number): Promise<boolean> {
  const db = getDb(env);
  const unmailed = and(eq(savedSearchMatches.workerId, workerId), isNull(savedSearchMatches.mailedAt));
  const [matches, [person]] = await Promise.all([
    db
      .select({
        taskId: tasks.id,
        title: tasks.taskTitle,
        payableAmount: tasks.payableAmount,
        category: tasks.category,
        createdAt: savedSearchMatches.createdAt,
      })
      .from(savedSearchMatches)
      .innerJoin(tasks, eq(tasks.id, savedSearchMatches.taskId))
      .where(and(unmailed, isNull(tasks.deletedAt)))
      .orderBy(desc(savedSearchMatches.createdAt)),
    db
      .select({
        name: users.name,
        email: users.email,
        language: users.language,
        verified: users.emailVerifiedAt,
        token: alertMail.unsubscribeToken,
      })
      .from(users)
      .innerJoin(alertMail, eq(alertMail.workerId, users.id))
      .where(eq(users.id, workerId)),
  ]);
  // claim this hour and take the matches in one batch: a second run finds nothing left to send
  const claimed = await newBatch(env)
    .step(
      "claim",
      sql`UPDATE alert_mail SET last_digest_at = ${now} WHERE worker_id = ${workerId} AND emails = 1
        AND (last_digest_at IS NULL OR last_digest_at <= ${now - DIGEST_INTERVAL_MS})`,
    )
    .step(
      "take",
      sql`UPDATE saved_search_matches SET mailed_at = ${now} WHERE worker_id = ${workerId} AND mailed_at IS NULL
        AND EXISTS (SELECT 1 FROM alert_mail WHERE worker_id = ${workerId} AND last_digest_at = ${now})`,
    )
    .run();
  // unverified addresses are not written to: the matches still show as notifications and in the feeds
  if (!claimed.changes("claim") || !person?.verified || !matches.length) return false;
  const tasksByTask = [...new Map(matches.map((m) => [m.taskId, m])).values()];
  const t = serverWords(person.language, "email");
  await sendMail(
    env,
    alertDigestLetter(person, {
      tasks: tasksByTask.slice(0, DIGEST_TASKS).map((task) => ({
        title: task.title,
        detail: t("digest.task", { coins: task.payableAmount, category: task.category }),
        url: new URL(`/dashboard/tasklist/${task.taskId}`, origin).toString(),
      })),
      more: Math.max(0, tasksByTask.length - DIGEST_TASKS),
      alertsUrl: new URL("/dashboard/alerts", origin).toString(),
      unsubscribeUrl: new URL(unsubscribePath(person.token), origin).toString(),
    }),
  );
  return true;
}

/** The daily job: forgets matches older than MATCH_RETENTION_MS, oldest first through their age index, 5,000 a run. */
export async function purgeOldMatches(env: Env, now = Date.now()): Promise<number> {
  const result = await env.DB.prepare(
    `DELETE FROM saved_search_matches WHERE (search_id, task_id) IN (
      SELECT search_id, task_id FROM saved_search_matches WHERE created_at < ? ORDER BY created_at LIMIT 5000)`,
  )
    .bind(now - MATCH_RETENTION_MS)
    .run();
  return result.meta.changes;
}

/**
 * Closing an account forgets its saved searches (their matches go by trigger) and alert e-mail setting: the closing
 * batch's step, `when` the account ends.
 */
export function forgetAlerts(workerId: string, when: SQL): [SQL, SQL] {
  return [
    sql`DELETE FROM saved_searches WHERE worker_id = ${workerId} AND ${when}`,
    sql`DELETE FROM alert_mail WHERE worker_id = ${workerId} AND ${when}`,
  ];
}
