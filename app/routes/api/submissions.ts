import { requireApiRole, requireApiUser } from "~/server/auth/guards.server";
import { forbidden } from "~/server/errors";
import { examples, list, ok, OWN_EMAIL } from "~/server/http/endpoint.server";
import { json, listJson, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionStatusStored, submissionWire } from "~/server/http/wire.server";
import {
  createSubmission,
  findSubmissionView,
  listBuyerSubmissions,
  listWorkerSubmissions,
} from "~/server/services/submissions.server";
import { MAX_PAGE_SIZE, submissionQuery, submissionSchema, submissionWireSchema } from "~/lib/schemas/api";

/**
 * GET /submission?email= (a worker's own submissions) or ?Buyer_mail= (the submissions on a buyer's own tasks)
 * POST /submission (worker: 201; the worker, buyer, title, pay, date and status are the server's)
 */
export const loader = rest("/submission", "Submissions", {
  GET: {
    summary: "A worker's submissions (email=) or those on a buyer's tasks (Buyer_mail=)",
    access: ["Worker", "Buyer"],
    accessNote: `email= is for workers, Buyer_mail= for buyers. ${OWN_EMAIL}`,
    query: submissionQuery,
    responses: [list(submissionWireSchema, examples.submission, "Newest first")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env, origin }) => {
      const user = requireApiUser(context);
      const q = readQuery(request, submissionQuery);
      const opts = {
        status: q.status ? [submissionStatusStored(q.status)] : undefined,
        page: q.page,
        limit: q.limit ?? MAX_PAGE_SIZE,
      };
      // every e-mail given must be the caller's own, even one the answer does not use
      requireOwnEmail(user, q.email);
      requireOwnEmail(user, q.Buyer_mail);
      if (q.email !== undefined && user.role !== "Worker") throw forbidden("Only workers have submissions");
      if (q.email === undefined && user.role !== "Buyer") throw forbidden("Only buyers review submissions");
      const page = await (q.email !== undefined ? listWorkerSubmissions : listBuyerSubmissions)(env, user.id, opts);
      return listJson(
        page.items.map((s) => submissionWire(origin, s)),
        page,
      );
    },
  },

  POST: {
    summary: "Submit work for a task",
    description:
      "Takes one slot of the task. Only task_id, submission_details and submission_image_url are read; the worker, buyer, title, pay, date and status are the server's. One pending or approved submission per task; none past the completion date or without slots (409).",
    access: ["Worker"],
    body: submissionSchema,
    responses: [ok(submissionWireSchema, examples.submission, "The submission (pending)", 201)],
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handler: async ({ request, context, env, origin }) => {
      const worker = requireApiRole(context, "Worker");
      const input = await readBody(request, submissionSchema);
      const row = await createSubmission(env, worker, {
        task_id: input.task_id,
        submission_details: input.submission_details ?? "",
        submission_image_url: input.submission_image_url ?? "",
      });
      return json(submissionWire(origin, (await findSubmissionView(env, row.id))!), 201);
    },
  },
});
export const action = loader;
