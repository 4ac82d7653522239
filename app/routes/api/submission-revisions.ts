import { ok, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { requestRevision } from "~/server/services/revisions.server";
import { revisionBody, revisionWireSchema } from "~/lib/schemas/api";

export const loader = rest("/submission-revisions", "Submissions", {
  POST: {
    summary: "Ask for a revision of a pending submission instead of rejecting it",
    description:
      "Once per submission, with a note of up to 1,000 characters. The worker has 48 hours to send a revision (the edit of a pending submission, on its page /dashboard/mysubmissions/:id: the REST API has no edit): it waits for review again with a fresh review window. Meanwhile the submission stays pending and its coins in escrow; it cannot be approved or rejected (409) and is not auto-approved. Without a revision in time the original proof waits for review again. A revision request is never counted as a rejection.",
    access: ["Buyer"],
    accessNote: TASK_BUYER_ONLY,
    body: revisionBody,
    responses: [
      ok(
        revisionWireSchema,
        {
          submission_id: "4f0c…",
          revision_note: "The screenshot is cut off: show the whole page.",
          revision_due_at: "2026-11-28T15:00:00.000Z",
        },
        "The revision asked",
        201,
      ),
    ],
    errors: [404, 409],
    handler: async ({ user: buyer, body: input, env }) => {
      const done = await requestRevision(env, buyer, input.submission_id, input.note);
      return json(
        {
          submission_id: done.id,
          revision_note: done.revisionNote,
          revision_due_at: new Date(done.revisionDueAt).toISOString(),
        },
        201,
      );
    },
  },
});
export const action = loader;
