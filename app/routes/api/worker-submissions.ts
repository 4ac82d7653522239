import { examples, list, OWN_EMAIL } from "~/server/http/endpoint.server";
import { submissionList } from "~/server/http/rest-handlers.server";
import { requireOwnEmail, rest } from "~/server/http/rest.server";
import { listWorkerSubmissions } from "~/server/services/submissions.server";
import { submission2Query, submissionWireSchema } from "~/lib/schemas/api";

export const loader = rest("/submission2", "Submissions", {
  GET: {
    summary: "Your submissions (email=), or by status (workermail=&status=pending|approve)",
    access: ["Worker"],
    accessNote: OWN_EMAIL,
    query: submission2Query,
    responses: [list(submissionWireSchema, examples.submission, "Newest first")],
    handler: async ({ user: worker, query: q, env, origin }) => {
      requireOwnEmail(worker, q.email);
      requireOwnEmail(worker, q.workermail);
      return submissionList(origin, q, (filter) => listWorkerSubmissions(env, worker.id, filter));
    },
  },
});
export const action = loader;
