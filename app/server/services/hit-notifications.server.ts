// The requester API's notifications (docs/mturk.md, docs/decisions/087-hit-events-written-by-triggers-sent-after-the-answer.md):
// a HIT type's specification (transport, destination, events), and the sending of its HITs' events. The triggers
// of migrations/0070 write each event in the statement that makes it happen; `deliverHitEvents` sends what is due,
// after the answer of every write request and from the Cron Trigger, as MTurk's message (a JSON document of
// events), by e-mail through the Email Service binding, or posted to an HTTPS webhook signed with HMAC-SHA256.
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { hitAssignments, hitEvents, hitTypeNotifications } from "../db/schema";
import { sendMail } from "../email/mailer.server";
import { hitEventsLetter } from "../email/letters.server";
import type { Language } from "~/lib/i18n/languages";
import { requesterByKey } from "./requester-keys.server";
import { deadlineDay } from "~/lib/deadline";

/** MTurk's event names; Ping only in SendTestEventNotification. */
export const EVENT_TYPES = [
  "AssignmentAccepted",
  "AssignmentAbandoned",
  "AssignmentReturned",
  "AssignmentSubmitted",
  "AssignmentRejected",
  "AssignmentApproved",
  "HITCreated",
  "HITExtended",
  "HITDisposed",
  "HITReviewable",
  "HITExpired",
  "Ping",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface NotificationSpec {
  transport: "Email" | "HTTPS";
  destination: string;
  version: string;
  eventTypes: EventType[];
}

/** The header that carries the webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = "Coinwork-Signature";
/** What the webhook's signing key is derived from the access key's secret with (docs/mturk.md says how). */
export const SIGNING_KEY_LABEL = "coinwork-webhook";

/** An event is tried this many times, further apart each time, then given up with its failure kept. */
const MAX_ATTEMPTS = 8;
/** A claimed event is not taken by another sender for this long (a sender that died leaves it to the next). */
const LEASE_MS = 60_000;
/** At most this many events are claimed per call. */
const CLAIM = 50;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

async function hmac(key: BufferSource, message: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, new TextEncoder().encode(message));
}

/**
 * The webhook's signing key for a requester key: HMAC-SHA256 of "coinwork-webhook" under the secret access key, so
 * the requester derives it from the secret they hold, and the secret itself signs nothing but their requests.
 */
export function webhookKey(secretAccessKey: string): Promise<ArrayBuffer> {
  return hmac(new TextEncoder().encode(secretAccessKey), SIGNING_KEY_LABEL);
}

/** The signature header's value for a body sent at `seconds`. */
export async function webhookSignature(secretAccessKey: string, body: string, seconds: number): Promise<string> {
  return `t=${seconds},v1=${hex(await hmac(await webhookKey(secretAccessKey), `${seconds}.${body}`))}`;
}

export interface WireEvent {
  EventType: string;
  EventTimestamp: string;
  HITId?: string;
  AssignmentId?: string;
  HITTypeId?: string;
}

const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** MTurk's notification message (the body SNS and SQS carried): its events, an id, the requester, the version. */
export function notificationMessage(requesterId: string, version: string, events: WireEvent[]): string {
  return JSON.stringify({
    Events: events,
    EventDocId: newId().replaceAll("-", ""),
    SourceAccount: "coinwork",
    CustomerId: requesterId,
    EventDocVersion: version,
  });
}

/** Sends one message; throws why it could not be sent. */
async function send(
  env: Env,
  spec: Pick<NotificationSpec, "transport" | "destination">,
  signer: { secretAccessKey: string; name: string; email: string; language: Language },
  message: string,
  events: WireEvent[],
  origin: string,
): Promise<void> {
  if (spec.transport === "Email") {
    await sendMail(
      env,
      hitEventsLetter(
        { name: signer.name, email: spec.destination, language: signer.language },
        events,
        message,
        origin,
      ),
    );
    return;
  }
  const seconds = Math.floor(Date.now() / 1000);
  const res = await fetch(spec.destination, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Coinwork-Notifications/1.0",
      [SIGNATURE_HEADER]: await webhookSignature(signer.secretAccessKey, message, seconds),
    },
    body: message,
    redirect: "manual",
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  if (res.status < 200 || res.status > 299) throw new Error(`the webhook answered ${res.status}`);
}

/** The key that set a specification, opened: its secret signs, its buyer's name greets; null when revoked. */
async function signerOf(env: Env, accessKeyId: string) {
  const key = await requesterByKey(env, accessKeyId);
  return key
    ? { secretAccessKey: key.secretAccessKey, name: key.user.name, email: key.user.email, language: key.user.language }
    : null;
}

/** SendTestEventNotification: one message with the test event, sent now; throws why it could not be sent. */
export async function sendTestEvent(
  env: Env,
  accessKeyId: string,
  requesterId: string,
  spec: NotificationSpec,
  eventType: EventType,
  origin: string,
) {
  const signer = await signerOf(env, accessKeyId);
  if (!signer) throw new Error("the key that signed this request is not live");
  const events = [{ EventType: eventType, EventTimestamp: timestamp(Date.now()) }];
  await send(env, spec, signer, notificationMessage(requesterId, spec.version, events), events, origin);
}

/** UpdateNotificationSettings with a specification: replaces the type's, signed from now on with `accessKeyId`. */
export async function saveNotificationSpec(
  env: Env,
  row: { hitTypeId: string; buyerId: string; accessKeyId: string; spec: NotificationSpec; active: boolean },
) {
  const values = {
    hitTypeId: row.hitTypeId,
    buyerId: row.buyerId,
    accessKeyId: row.accessKeyId,
    transport: row.spec.transport,
    destination: row.spec.destination,
    version: row.spec.version,
    eventTypes: JSON.stringify(row.spec.eventTypes),
    active: row.active ? 1 : 0,
    updatedAt: Date.now(),
  };
  await getDb(env)
    .insert(hitTypeNotifications)
    .values(values)
    .onConflictDoUpdate({ target: hitTypeNotifications.hitTypeId, set: values });
}

/** UpdateNotificationSettings with Active alone: false when the type has no specification to switch. */
export async function setNotificationsActive(env: Env, buyerId: string, hitTypeId: string, active: boolean) {
  const done = await getDb(env)
    .update(hitTypeNotifications)
    .set({ active: active ? 1 : 0, updatedAt: Date.now() })
    .where(and(eq(hitTypeNotifications.hitTypeId, hitTypeId), eq(hitTypeNotifications.buyerId, buyerId)))
    .returning({ id: hitTypeNotifications.hitTypeId });
  return done.length > 0;
}

type Claimed = typeof hitEvents.$inferSelect;

/** The AssignmentId of each event: the submission's, else the hold's assignmentId when its frame was given one. */
async function assignmentIds(env: Env, events: Claimed[]): Promise<Map<number, string>> {
  const ids = new Map<number, string>();
  const holds = events.filter((e) => !e.submissionId && e.workerId && e.startedAt !== null);
  const found = holds.length
    ? await getDb(env)
        .select({
          id: hitAssignments.id,
          taskId: hitAssignments.taskId,
          workerId: hitAssignments.workerId,
          startedAt: hitAssignments.startedAt,
        })
        .from(hitAssignments)
        .where(
          and(
            inArray(hitAssignments.workerId, [...new Set(holds.map((e) => e.workerId!))]),
            inArray(hitAssignments.taskId, [...new Set(holds.map((e) => e.hitId))]),
          ),
        )
    : [];
  for (const e of events) {
    if (e.submissionId) ids.set(e.id, e.submissionId);
    const hold = found.find((a) => a.taskId === e.hitId && a.workerId === e.workerId && a.startedAt === e.startedAt);
    if (!e.submissionId && hold) ids.set(e.id, hold.id);
  }
  return ids;
}

/**
 * HITExpired for the HITs whose completion day has passed (a HIT expires at the end of its day, when no statement
 * runs), of the types that send it: written once per HIT (a UNIQUE index), at most 500 a call. The Cron Trigger calls
 * it before sending. Returns how many it wrote.
 */
export async function recordExpiredHits(env: Env, now = Date.now()): Promise<number> {
  const today = deadlineDay(now);
  const done = await getDb(env).run(
    sql`INSERT OR IGNORE INTO hit_events (hit_type_id, event_type, hit_id, event_time, due_at)
      SELECT h.hit_type_id, 'HITExpired', t.id,
        CAST((julianday(t.completion_date) + 1 - 2440587.5) * 86400000 AS INTEGER), ${now}
      FROM hit_type_notifications n
        JOIN mturk_hits h ON h.hit_type_id = n.hit_type_id
        JOIN tasks t ON t.id = h.task_id
      WHERE n.active = 1 AND instr(n.event_types, '"HITExpired"') > 0
        AND t.deleted_at IS NULL AND t.completion_date < ${today}
        AND NOT EXISTS (SELECT 1 FROM hit_events e WHERE e.hit_id = t.id AND e.event_type = 'HITExpired')
      LIMIT 500`,
  );
  return done.meta.changes ?? 0;
}

/** How long after its n-th failed attempt an event is tried again: 1, 2, 4 … minutes, at most an hour. */
const retryIn = (attempts: number) => Math.min(60, 2 ** (attempts - 1)) * 60_000;

/**
 * Sends the events that are due (at most 50 a call), one message per HIT type, and returns how many were sent. The
 * events are claimed first by one UPDATE … RETURNING (so two senders never send the same one); a message that fails
 * is tried again later, and given up after 8 attempts with its failure kept. `origin`: the links of the e-mails.
 */
export async function deliverHitEvents(env: Env, origin: string, now = Date.now()): Promise<number> {
  const db = getDb(env);
  // what most requests find: nothing due (a read of the index of the unsent events, before any write)
  const due = await db
    .select({ id: hitEvents.id })
    .from(hitEvents)
    .where(and(isNull(hitEvents.doneAt), lte(hitEvents.dueAt, now)))
    .limit(1);
  if (!due.length) return 0;
  const claimed = await db.all<Record<string, unknown>>(
    sql`UPDATE hit_events SET attempts = attempts + 1, due_at = ${now + LEASE_MS}
      WHERE id IN (SELECT id FROM hit_events WHERE done_at IS NULL AND due_at <= ${now} ORDER BY due_at LIMIT ${CLAIM})
      RETURNING id, hit_type_id, event_type, hit_id, worker_id, started_at, submission_id, event_time, attempts`,
  );
  if (!claimed.length) return 0;
  const events: Claimed[] = claimed.map((r) => ({
    id: Number(r.id),
    hitTypeId: String(r.hit_type_id),
    eventType: String(r.event_type),
    hitId: String(r.hit_id),
    workerId: (r.worker_id as string | null) ?? null,
    startedAt: (r.started_at as number | null) ?? null,
    submissionId: (r.submission_id as string | null) ?? null,
    eventTime: Number(r.event_time),
    attempts: Number(r.attempts),
    dueAt: now + LEASE_MS,
    doneAt: null,
    failure: null,
  }));
  const typeIds = [...new Set(events.map((e) => e.hitTypeId))];
  const [specs, ids] = await Promise.all([
    db.select().from(hitTypeNotifications).where(inArray(hitTypeNotifications.hitTypeId, typeIds)),
    assignmentIds(env, events),
  ]);
  let sent = 0;
  for (const hitTypeId of typeIds) {
    const batch = events.filter((e) => e.hitTypeId === hitTypeId);
    const spec = specs.find((s) => s.hitTypeId === hitTypeId);
    const finish = (failure: string | null) =>
      db
        .update(hitEvents)
        .set({ doneAt: now, failure })
        .where(
          inArray(
            hitEvents.id,
            batch.map((e) => e.id),
          ),
        );
    if (!spec || !spec.active) {
      await finish("the HIT type's notifications were switched off before it was sent");
      continue;
    }
    const signer = await signerOf(env, spec.accessKeyId);
    if (!signer) {
      await finish(`the key ${spec.accessKeyId} that set these notifications was revoked`);
      continue;
    }
    const wire: WireEvent[] = batch.map((e) => ({
      EventType: e.eventType,
      EventTimestamp: timestamp(e.eventTime),
      HITId: e.hitId,
      ...(ids.has(e.id) ? { AssignmentId: ids.get(e.id) } : {}),
      HITTypeId: e.hitTypeId,
    }));
    try {
      await send(env, spec, signer, notificationMessage(spec.buyerId, spec.version, wire), wire, origin);
      await finish(null);
      sent += batch.length;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const attempts = Math.max(...batch.map((x) => x.attempts));
      if (attempts >= MAX_ATTEMPTS) await finish(`given up after ${attempts} attempts: ${why}`);
      else
        await db
          .update(hitEvents)
          .set({ dueAt: now + retryIn(attempts), failure: why })
          .where(
            inArray(
              hitEvents.id,
              batch.map((x) => x.id),
            ),
          );
    }
  }
  return sent;
}
