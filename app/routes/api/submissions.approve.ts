import { requireApiRole } from "~/server/auth/guards.server";
import { json, readBody, rest } from "~/server/http/rest.server";
import { approveSubmissions } from "~/server/services/reviews.server";
import { bulkApproveBody } from "~/lib/schemas/api";

/**
 * POST /submissions/approve { ids }: approves several of the buyer's pending submissions, each as
 * PATCH /submission1?status=approve does (its own batch), and says what happened to each.
 */
export const loader = rest({
  POST: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    const { ids } = await readBody(request, bulkApproveBody);
    const done = await approveSubmissions(env, buyer, ids);
    return json({
      approved: done.approved,
      refused: done.refused,
      summary: done.summary,
      results: done.results.map((r) => ({
        _id: r.id,
        approved: r.approved,
        outcome: r.outcome,
        ...(r.code ? { code: r.code, message: r.message } : {}),
        ...(r.workerName ? { worker_name: r.workerName, task_title: r.taskTitle } : {}),
      })),
    });
  },
});
export const action = loader;
