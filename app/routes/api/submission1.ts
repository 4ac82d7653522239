import { requireApiRole } from "~/server/auth/guards.server";
import { json, listJson, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionStatusStored, submissionWire } from "~/server/http/wire.server";
import { approveSubmission, listBuyerSubmissions, rejectSubmission } from "~/server/services/submissions.server";
import { MAX_PAGE_SIZE, reviewBody, reviewQuery, submission1Query } from "~/lib/schemas/api";

/**
 * GET /submission1?email=&status=pending: the buyer's submissions to review.
 * PATCH /submission1?id=&status=approve (or approved): pays the worker from escrow;
 * PATCH /submission1?id=&status=rejected { reason? }: returns the slot to the task. Only the task's buyer, once.
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
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

  // The body's worker e-mail, coins and task id are the spec client's; the server reads them from the submission.
  PATCH: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    const q = readQuery(request, reviewQuery);
    const body = await readBody(request, reviewBody);
    if (q.status === "rejected") return json(await rejectSubmission(env, buyer, q.id, body.reason ?? ""));
    return json(await approveSubmission(env, buyer, q.id));
  },
});
export const action = loader;
