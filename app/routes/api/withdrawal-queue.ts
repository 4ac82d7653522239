import { ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { payoutQueue } from "~/server/services/payout-queue.server";
import { withdrawalQueueWireSchema } from "~/lib/schemas/api";

export const loader = rest("/withdraw/queue", "Withdrawals", {
  GET: {
    summary: "When will I be paid: your pending withdrawals' places in the queue and the admins' median wait",
    description:
      "Admins decide pending withdrawals oldest first; queue_place 1 is decided next. median_wait_hours is the median time from request to decision of the withdrawals decided in the last 30 days (worked out every 15 minutes; null when none was decided).",
    access: ["Worker"],
    accessNote: "Only your own withdrawals.",
    responses: [
      ok(withdrawalQueueWireSchema, {
        median_wait_hours: 19.5,
        pending: [{ _id: "0d9b6c1e-2f4a-4b8e-9c7d-3a5e1f2b4c6d", queue_place: 3 }],
      }),
    ],
    handler: async ({ user: worker, env }) => {
      const queue = await payoutQueue(env, worker.id);
      return json({
        median_wait_hours: queue.medianWaitHours,
        pending: Object.entries(queue.places).map(([id, place]) => ({ _id: id, queue_place: place })),
      });
    },
  },
});
export const action = loader;
