// Web Push notifications (docs/product/task-alerts.md, decision 099): the browsers a person turned push on in, the
// pushes the services queue in the batch that writes a notification, and their sending, right after the answer of
// the request that queued them and again by the every-minute Cron Trigger for what failed. The sending itself
// (VAPID, encryption, the POST) is app/server/push's.
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch, requestWrites } from "../db/batch.server";
import { notifications, pushOutbox, pushSubscriptions, users } from "../db/schema";
import { AppError } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { isProduction } from "../environment.server";
import {
  NO_VAPID_KEY,
  pushEndpointAllowed,
  sendPush,
  vapidKeys,
  vapidPublicKey,
  type PushPayload,
} from "../push/sender.server";
import type { PushSubscriptionInput } from "~/lib/schemas/alerts";
import type { Key } from "~/lib/i18n/messages";
import type { Language } from "~/lib/i18n/languages";
import { serverWords } from "~/lib/i18n/words.server";

export const PUSH_UNAVAILABLE = "Push notifications are not set up on this server.";
export const PUSH_ENDPOINT_REFUSED = "This browser's push service address cannot be used.";
/** The browsers one person may have push on in; turning it on in one more forgets the oldest. */
export const PUSH_DEVICE_LIMIT = 10;
/** The pushes one sending takes (each to every browser of its person). */
export const PUSHES_PER_RUN = 20;
/** A claimed push is left to its sender this long before another sender takes it. */
const CLAIM_MS = 60_000;
/** A push still unsent this long after its notification is dropped: the notification is in the bell by then. */
export const PUSH_MAX_AGE_MS = 60 * 60 * 1000;
/** Sendings a push may fail (every browser unreachable) before it is dropped. */
const PUSH_ATTEMPTS = 3;
/** The words of a push: the notification's, cut to what a phone shows (and well within a payload's 3,993 bytes). */
const BODY_CHARACTERS = 400;

/**
 * A push's title, what kind of news it is, as a key of the `notifications` words (its body is the notification's
 * own words): written in the person's language when the push is sent.
 */
export const PUSH_TITLES = {
  taskAlert: "push.taskAlert",
  revisionRequested: "push.revisionRequested",
  approved: "push.approved",
  rejected: "push.rejected",
  message: "push.message",
} as const satisfies Record<string, Key<"notifications">>;
export type PushTitle = (typeof PUSH_TITLES)[keyof typeof PUSH_TITLES];

/** The server's public VAPID key (browsers subscribe to it), and the endpoints of this person's browsers. */
export async function pushSetup(env: Env, userId: string): Promise<{ publicKey: string | null; endpoints: string[] }> {
  const publicKey = vapidPublicKey(env);
  if (!publicKey) return { publicKey, endpoints: [] };
  const rows = await getDb(env)
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return { publicKey, endpoints: rows.map((r) => r.endpoint) };
}

/**
 * Turns push on in a browser for this person: its subscription is stored (replacing the browser's earlier one, under
 * any account), and the oldest of theirs beyond PUSH_DEVICE_LIMIT is forgotten. Refused without a VAPID key
 * (production fails closed) and for an endpoint the server must not post to (pushEndpointAllowed).
 */
export async function savePushSubscription(env: Env, user: SessionUser, input: PushSubscriptionInput) {
  if (!vapidPublicKey(env)) {
    if (isProduction(env)) console.error(NO_VAPID_KEY);
    throw new AppError("push_unavailable", PUSH_UNAVAILABLE);
  }
  if (!pushEndpointAllowed(env, input.endpoint))
    throw new AppError("validation_failed", PUSH_ENDPOINT_REFUSED, { endpoint: [PUSH_ENDPOINT_REFUSED] });
  const db = getDb(env);
  const row = { id: newId(), userId: user.id, ...input, createdAt: Date.now() };
  await newBatch(env)
    .step(
      "subscribe",
      db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { id: row.id, userId: user.id, p256dh: input.p256dh, auth: input.auth, createdAt: row.createdAt },
        }),
    )
    .step(
      "oldest beyond the limit",
      sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id} AND id NOT IN (
        SELECT id FROM push_subscriptions WHERE user_id = ${user.id} ORDER BY created_at DESC LIMIT ${PUSH_DEVICE_LIMIT})`,
    )
    .run();
}

/** Turns push off in a browser: its subscription is forgotten (only this person's; an unknown one changes nothing). */
export async function deletePushSubscription(env: Env, user: SessionUser, endpoint: string): Promise<void> {
  await getDb(env)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * A batch step that queues a push of a notification written earlier in the same batch: only if that notification
 * was written (its `when` held) and its person has push on somewhere. The request's answer is followed by a sending
 * (http/hit-events.server.ts), which this marks as due.
 */
export function queuePush(notificationId: string, userId: string, title: PushTitle): SQL {
  const writes = requestWrites.getStore();
  if (writes) writes.pushes = true;
  return sql`INSERT INTO push_outbox (notification_id, user_id, title_key, created_at)
    SELECT n.id, n.user_id, ${title}, n.created_at FROM notifications n
    WHERE n.id = ${notificationId} AND n.user_id = ${userId}
      AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = ${userId})`;
}

/**
 * A batch step for when a person's sessions all end (signing out, `when` the account closes): the browsers they were
 * signed in on get no more of their pushes, which on a shared phone would reach whoever uses it next.
 */
export function forgetPushSubscriptions(userId: string, when: SQL = sql`1`): SQL {
  return sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND ${when}`;
}

interface Claimed {
  id: number;
  notificationId: string;
  titleKey: string;
  language: Language;
  attempts: number;
  createdAt: number;
  message: string;
  actionRoute: string | null;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The notification as its push: its words, and the page it opens (the notifications page when it names none). */
function payloadOf(row: Claimed): PushPayload {
  const body = row.message.length > BODY_CHARACTERS ? `${row.message.slice(0, BODY_CHARACTERS - 1)}…` : row.message;
  const url = row.actionRoute?.startsWith("/") ? row.actionRoute : "/dashboard/notifications";
  const title = serverWords(row.language, "notifications")(row.titleKey as PushTitle);
  return { title, body, url, tag: row.notificationId };
}

/**
 * Sends the queued pushes (at most PUSHES_PER_RUN, oldest first), each to every browser of its person. A push is
 * claimed first (a second sender leaves it for a minute), then deleted once sent, refused, or too old; a
 * subscription its push service answers 404 or 410 is deleted; a push every browser failed for a passing reason is
 * tried again by a later run, at most PUSH_ATTEMPTS times. Without a VAPID key nothing is sent: the queue is dropped
 * and the log says why. Answers how many pushes went to at least one browser.
 */
export async function deliverPushes(env: Env, now = Date.now()): Promise<number> {
  const db = getDb(env);
  const claimed = await env.DB.prepare(
    `UPDATE push_outbox SET claimed_at = ?1 WHERE id IN (
      SELECT id FROM push_outbox WHERE claimed_at IS NULL OR claimed_at <= ?2 ORDER BY id LIMIT ?3)
    RETURNING id`,
  )
    .bind(now, now - CLAIM_MS, PUSHES_PER_RUN)
    .all<{ id: number }>();
  const ids = claimed.results.map((r) => r.id);
  if (!ids.length) return 0;
  const keys = await vapidKeys(env);
  if (!keys) {
    console.error(`${NO_VAPID_KEY}: ${ids.length} push(es) dropped`);
    await db.delete(pushOutbox).where(inArray(pushOutbox.id, ids));
    return 0;
  }
  const rows = await db
    .select({
      id: pushOutbox.id,
      notificationId: pushOutbox.notificationId,
      titleKey: pushOutbox.titleKey,
      language: users.language,
      attempts: pushOutbox.attempts,
      createdAt: pushOutbox.createdAt,
      message: notifications.message,
      actionRoute: notifications.actionRoute,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(notifications, eq(notifications.id, pushOutbox.notificationId))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, pushOutbox.userId))
    .innerJoin(users, eq(users.id, pushOutbox.userId))
    .where(inArray(pushOutbox.id, ids))
    .orderBy(asc(pushOutbox.id));

  const outcomes = await Promise.all(
    rows.map(async (row) => ({
      row,
      outcome: now - row.createdAt > PUSH_MAX_AGE_MS ? ("refused" as const) : await sendPush(keys, row, payloadOf(row)),
    })),
  );
  const byPush = Map.groupBy(outcomes, (o) => o.row.id);
  // a push is tried again only when every browser of its person failed for a reason that may pass
  const retry = ids.filter((id) => {
    const tries = byPush.get(id);
    return tries?.every((t) => t.outcome === "failed") && tries[0]!.row.attempts + 1 < PUSH_ATTEMPTS;
  });
  const done = ids.filter((id) => !retry.includes(id));
  const gone = outcomes.filter((o) => o.outcome === "gone").map((o) => o.row.subscriptionId);
  const batch = newBatch(env);
  if (done.length) batch.step("done", db.delete(pushOutbox).where(inArray(pushOutbox.id, done)));
  if (retry.length)
    batch.step(
      "retry",
      db
        .update(pushOutbox)
        .set({ claimedAt: null, attempts: sql`${pushOutbox.attempts} + 1` })
        .where(inArray(pushOutbox.id, retry)),
    );
  if (gone.length) batch.step("gone", db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone)));
  await batch.run();
  return [...byPush.values()].filter((tries) => tries.some((t) => t.outcome === "sent")).length;
}
