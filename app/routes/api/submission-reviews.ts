import { examples, list, MODIFIED, OWN_EMAIL, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { submissionList } from "~/server/http/rest-handlers.server";
import { json, requireOwnEmail, rest } from "~/server/http/rest.server";
import { approveSubmission, listBuyerSubmissions, rejectSubmission } from "~/server/services/submissions.server";
import { reviewBody, reviewQuery, submission1Query, submissionWireSchema } from "~/lib/schemas/api";

export const loader = rest("/submission1", "Submissions", {
  GET: {
    summary: "Submissions on your tasks waiting for review",
    access: ["Buyer"],
    accessNote: OWN_EMAIL,
    query: submission1Query,
    responses: [list(submissionWireSchema, examples.submission, "status=pending unless another status is given")],
    handler: async ({ user: buyer, query: q, env, origin }) => {
      requireOwnEmail(buyer, q.email);
      const pending = { ...q, status: q.status ?? "pending" };
      return submissionList(origin, pending, (filter) => listBuyerSubmissions(env, buyer.id, filter));
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
    errors: [404, 409],
    handler: async ({ user: buyer, query: q, body, env }) => {
      if (q.status === "rejected") return json(await rejectSubmission(env, buyer, q.id, body.reason ?? ""));
      return json(await approveSubmission(env, buyer, q.id));
    },
  },
});
export const action = loader;
