import { requireApiRole, requireApiUser } from "~/server/auth/guards.server";
import { forbidden } from "~/server/errors";
import { json, listJson, readBody, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionStatusStored, submissionWire } from "~/server/http/wire.server";
import {
  createSubmission,
  findSubmissionView,
  listBuyerSubmissions,
  listWorkerSubmissions,
} from "~/server/services/submissions.server";
import { MAX_PAGE_SIZE, submissionQuery, submissionSchema } from "~/lib/schemas/api";

/**
 * GET /submission?email= (a worker's own submissions) or ?Buyer_mail= (the submissions on a buyer's own tasks)
 * POST /submission (worker: 201; the worker, buyer, title, pay, date and status are the server's)
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
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
    if (q.email !== undefined) {
      if (user.role !== "Worker") throw forbidden("Only workers have submissions");
      const page = await listWorkerSubmissions(env, user.id, opts);
      return listJson(
        page.items.map((s) => submissionWire(origin, s)),
        page,
      );
    }
    if (user.role !== "Buyer") throw forbidden("Only buyers review submissions");
    const page = await listBuyerSubmissions(env, user.id, opts);
    return listJson(
      page.items.map((s) => submissionWire(origin, s)),
      page,
    );
  },

  POST: async ({ request, context, env, origin }) => {
    const worker = requireApiRole(context, "Worker");
    const input = await readBody(request, submissionSchema);
    const row = await createSubmission(env, worker, {
      task_id: input.task_id,
      submission_details: input.submission_details ?? "",
      submission_image_url: input.submission_image_url ?? "",
    });
    return json(submissionWire(origin, (await findSubmissionView(env, row.id))!), 201);
  },
});
export const action = loader;
