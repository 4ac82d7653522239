// The requester API's HIT events (services/hit-notifications.server.ts) are sent after the answer of every request
// that may have written one: the write requests (a start, a submission, a review, an API call). The triggers wrote
// them in that request's own batch; the sending waits for nobody (waitUntil), and what fails is tried again by the
// Cron Trigger. A request with nothing due costs one read of an index of the unsent events alone.
import { appOrigin } from "../environment.server";
import { deliverHitEvents } from "../services/hit-notifications.server";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sendEventsAfter(request: Request, env: Env, ctx: Pick<ExecutionContext, "waitUntil">): void {
  if (READS.has(request.method)) return;
  ctx.waitUntil(
    deliverHitEvents(env, appOrigin(env, request)).then(
      () => undefined,
      (e: unknown) => console.warn("HIT events: sending failed, the Cron Trigger tries again", e),
    ),
  );
}
