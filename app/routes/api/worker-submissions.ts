import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, OWN_EMAIL } from "~/server/http/endpoint.server";
import { listJson, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionStatusStored, submissionWire } from "~/server/http/wire.server";
import { listWorkerSubmissions } from "~/server/services/submissions.server";
import { MAX_PAGE_SIZE, submission2Query, submissionWireSchema } from "~/lib/schemas/api";

/** GET /submission2?email= (your submissions) or ?workermail=&status=pending|approve (yours, by status). */
export const loader = rest("/submission2", "Submissions", {
  GET: {
    summary: "Your submissions (email=), or by status (workermail=&status=pending|approve)",
    access: ["Worker"],
    accessNote: OWN_EMAIL,
    query: submission2Query,
    responses: [list(submissionWireSchema, examples.submission, "Newest first")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env, origin }) => {
      const worker = requireApiRole(context, "Worker");
      const q = readQuery(request, submission2Query);
      requireOwnEmail(worker, q.email);
      requireOwnEmail(worker, q.workermail);
      const page = await listWorkerSubmissions(env, worker.id, {
        status: q.status ? [submissionStatusStored(q.status)] : undefined,
        page: q.page,
        limit: q.limit ?? MAX_PAGE_SIZE,
      });
      return listJson(
        page.items.map((s) => submissionWire(origin, s)),
        page,
      );
    },
  },
});
export const action = loader;
