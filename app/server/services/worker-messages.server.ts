// A buyer's message to workers (the requester API's NotifyWorkers, docs/mturk.md): a notification and an e-mail to
// each named worker who has worked for this buyer (sent them a submission); anyone else gets nothing, and is said
// to have been refused, so a buyer cannot write to the whole marketplace.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, newId } from "../db/client.server";
import { newBatch } from "../db/batch.server";
import { users } from "../db/schema";
import { forbidden } from "../errors";
import type { SessionUser } from "../auth/session.server";
import { requireVerifiedEmail } from "../auth/guards.server";
import { buyerMessageLetter } from "../email/letters.server";
import { sendMail } from "../email/mailer.server";
import { notification } from "./ledger.server";
import { PUSH_TITLES, queuePush } from "./push.server";
import { NOTIFICATION_LINKS } from "~/lib/notifications";

export const NOT_WORKED_FOR = "This worker has not worked for you, so you cannot message them.";

export interface WorkerMessage {
  subject: string;
  message: string;
  /** at most 100 */
  workerIds: string[];
}

/** Notifies and e-mails the named workers who worked for this buyer; answers who was not (with why). */
export async function messageWorkers(
  env: Env,
  buyer: SessionUser,
  input: WorkerMessage,
  origin: string,
): Promise<{ sent: string[]; refused: { workerId: string; reason: string }[]; unmailed: string[] }> {
  if (buyer.role !== "Buyer") throw forbidden("Only buyers can message workers");
  requireVerifiedEmail(buyer);
  const asked = [...new Set(input.workerIds)].slice(0, 100);
  // each worker's own submissions (submissions_worker_idx), probed for one to this buyer
  const workedFor = asked.length
    ? await getDb(env)
        .select({ id: users.id, name: users.name, email: users.email, language: users.language })
        .from(users)
        .where(
          and(
            inArray(users.id, asked),
            eq(users.role, "Worker"),
            isNull(users.disabledAt),
            sql`EXISTS (SELECT 1 FROM submissions s WHERE s.worker_id = ${users.id} AND s.buyer_id = ${buyer.id})`,
          ),
        )
    : [];
  const known = new Set(workedFor.map((w) => w.id));
  const refused = asked.filter((id) => !known.has(id)).map((workerId) => ({ workerId, reason: NOT_WORKED_FOR }));
  if (!workedFor.length) return { sent: [], refused, unmailed: [] };
  const now = Date.now();
  const batch = newBatch(env);
  for (const w of workedFor) {
    const noticeId = newId();
    batch
      .step(
        `notify ${w.id}`,
        notification({
          id: noticeId,
          userId: w.id,
          message: () => `${buyer.name}: ${input.subject}. ${input.message}`,
          actionRoute: NOTIFICATION_LINKS.buyerMessage,
          now,
        }),
      )
      .step(`push ${w.id}`, queuePush(noticeId, w.id, PUSH_TITLES.message));
  }
  await batch.run();
  // the notifications are made; an e-mail that fails is said (the worker still reads the notification)
  const unmailed: string[] = [];
  for (const w of workedFor) {
    try {
      await sendMail(env, buyerMessageLetter(w, buyer.name, input.subject, input.message, `${origin}/dashboard`));
    } catch (e) {
      console.error("worker message: e-mail not sent", e);
      unmailed.push(w.id);
    }
  }
  return { sent: workedFor.map((w) => w.id), refused, unmailed };
}
