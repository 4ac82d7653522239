import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, MODIFIED, OWN_EMAIL, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { json, listJson, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionStatusStored, submissionWire } from "~/server/http/wire.server";
import { approveSubmission, listBuyerSubmissions, rejectSubmission } from "~/server/services/submissions.server";
import { MAX_PAGE_SIZE, reviewBody, reviewQuery, submission1Query, submissionWireSchema } from "~/lib/schemas/api";

/**
 * GET /submission1?email=&status=pending: the buyer's submissions to review.
 * PATCH /submission1?id=&status=approve (or approved): pays the worker from escrow;
 * PATCH /submission1?id=&status=rejected { reason? }: returns the slot to the task. Only the task's buyer, once.
 */
export const loader = rest("/submission1", "Submissions", {
  GET: {
    summary: "Submissions on your tasks waiting for review",
    access: ["Buyer"],
    accessNote: OWN_EMAIL,
    query: submission1Query,
    responses: [list(submissionWireSchema, examples.submission, "status=pending unless another status is given")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env, origin }) => {
      const buyer = requireApiRole(context, "Buyer");
      const q = readQuery(request, submission1Query);
      requireOwnEmail(buyer, q.email);
      const page = await listBuyerSubmissions(env, buyer.id, {
        status: [submissionStatusStored(q.status ?? "pending")],
        page: q.page,
        limit: q.limit ?? MAX_PAGE_SIZE,
      });
      return listJson(
        page.items.map((s) => submissionWire(origin, s)),
        page,
      );
    },
  },

  // The body's worker e-mail, coins and task id are the spec client's; the server reads them from the submission.
  PATCH: {
    summary: "Approve (status=approve) or reject (status=rejected) a submission",
    description:
      "Approve pays the worker the submission's payable_amount from escrow; reject returns the slot to the task and tells the worker the optional reason. Only pending submissions, once (409 otherwise). The body's email, coin and task_id are ignored.",
    access: ["Buyer"],
    accessNote: TASK_BUYER_ONLY,
    query: reviewQuery,
    body: reviewBody,
    bodyOptional: true,
    responses: [MODIFIED],
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handler: async ({ request, context, env }) => {
      const buyer = requireApiRole(context, "Buyer");
      const q = readQuery(request, reviewQuery);
      const body = await readBody(request, reviewBody);
      if (q.status === "rejected") return json(await rejectSubmission(env, buyer, q.id, body.reason ?? ""));
      return json(await approveSubmission(env, buyer, q.id));
    },
  },
});
export const action = loader;
