import { examples, ok } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { approveSubmissions } from "~/server/services/reviews.server";
import { BULK_APPROVE_LIMIT } from "~/lib/review";
import { bulkApprovalWire, bulkApproveBody } from "~/lib/schemas/api";

export const loader = rest("/submissions/approve", "Submissions", {
  POST: {
    summary: "Approve several submissions at once",
    description: `Each id is approved as PATCH /submission1?status=approve does it, in its own all-or-nothing step, in the order sent: one refused (already reviewed, not yours, not found) leaves the others approved, and results says what happened to each. At most ${BULK_APPROVE_LIMIT} ids (422 otherwise); a repeated id counts once.`,
    access: ["Buyer"],
    accessNote:
      "Only the task's buyer approves; another buyer's submission is reported as not yours and left unchanged.",
    body: bulkApproveBody,
    responses: [
      ok(bulkApprovalWire, {
        approved: 1,
        refused: 1,
        summary: "1 approved, 1 already reviewed",
        results: [
          {
            _id: examples.id,
            approved: true,
            outcome: "approved",
            worker_name: "Rafi Worker",
            task_title: examples.task.task_title,
          },
          {
            _id: "a3c1f1d0-6f7e-4a11-8b9c-0d1e2f3a4b5c",
            approved: false,
            outcome: "already reviewed",
            code: "conflict",
            message: "This submission has already been reviewed.",
            worker_name: "Nadia Worker",
            task_title: examples.task.task_title,
          },
        ],
      }),
    ],
    handler: async ({ user: buyer, body: { ids }, env }) => {
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
  },
});
export const action = loader;
