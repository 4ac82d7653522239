// The requester API's HIT events (services/hit-notifications.server.ts) are sent after the answer of every request
// that ran a batch: the triggers wrote them in such a batch (a start, a submission, a review, an API call), so a
// request that wrote nothing, a read or a GetHIT, sends nothing and costs nothing. The sending waits for nobody
// (waitUntil), and what fails is tried again by the Cron Trigger. The pushes a request's batches queued
// (services/push.server.ts) are sent the same way, so that a notification reaches a phone seconds after its event.
import { requestWrites } from "../db/batch.server";
import { appOrigin } from "../environment.server";
import { deliverHitEvents } from "../services/hit-notifications.server";
import { deliverPushes } from "../services/push.server";

/** Answers the request within a count of its batches, then sends the HIT events due when it ran one. */
export async function sendingEventsAfter(
  request: Request,
  env: Env,
  ctx: Pick<ExecutionContext, "waitUntil">,
  answer: () => Promise<Response>,
): Promise<Response> {
  const writes: { batches: number; pushes?: boolean } = { batches: 0 };
  const response = await requestWrites.run(writes, answer);
  if (writes.batches > 0)
    ctx.waitUntil(
      deliverHitEvents(env, appOrigin(env, request)).then(
        () => undefined,
        (e: unknown) => console.warn("HIT events: sending failed, the Cron Trigger tries again", e),
      ),
    );
  if (writes.pushes)
    ctx.waitUntil(
      deliverPushes(env).then(
        () => undefined,
        (e: unknown) => console.warn("push: sending failed, the Cron Trigger tries again", e),
      ),
    );
  return response;
}
