import { forbidden } from "~/server/errors";
import { examples, list, ok, OWN_EMAIL } from "~/server/http/endpoint.server";
import { submissionList } from "~/server/http/rest-handlers.server";
import { json, requireOwnEmail, rest } from "~/server/http/rest.server";
import { submissionWire } from "~/server/http/wire.server";
import {
  createSubmission,
  findSubmissionView,
  listBuyerSubmissions,
  listWorkerSubmissions,
} from "~/server/services/submissions.server";
import { submissionQuery, submissionSchema, submissionWireSchema } from "~/lib/schemas/api";

export const loader = rest("/submission", "Submissions", {
  GET: {
    summary: "A worker's submissions (email=) or those on a buyer's tasks (Buyer_mail=)",
    access: ["Worker", "Buyer"],
    accessNote: `email= is for workers, Buyer_mail= for buyers. ${OWN_EMAIL}`,
    query: submissionQuery,
    responses: [list(submissionWireSchema, examples.submission, "Newest first")],
    handler: async ({ user, query: q, env, origin }) => {
      // every e-mail given must be the caller's own, even one the answer does not use
      requireOwnEmail(user, q.email);
      requireOwnEmail(user, q.Buyer_mail);
      if (q.email !== undefined && user.role !== "Worker") throw forbidden("Only workers have submissions");
      if (q.email === undefined && user.role !== "Buyer") throw forbidden("Only buyers review submissions");
      const list = q.email !== undefined ? listWorkerSubmissions : listBuyerSubmissions;
      return submissionList(origin, q, (filter) => list(env, user.id, filter));
    },
  },

  POST: {
    summary: "Submit work for a task",
    description:
      "Sends work from the slot the worker started (POST /task-starts); without a start, starts and submits in one step when a slot is free. Only task_id, submission_details, submission_image_url and check_answer (the answer to the task's check question, required when it has one: 422) are read; the worker, buyer, title, pay, date and status are the server's. One pending or approved submission per task; none past the completion date or without slots (409).",
    access: ["Worker"],
    body: submissionSchema,
    responses: [ok(submissionWireSchema, examples.submission, "The submission (pending)", 201)],
    errors: [404, 409],
    handler: async ({ user: worker, body: input, env, origin }) => {
      const row = await createSubmission(
        env,
        worker,
        {
          task_id: input.task_id,
          submission_details: input.submission_details ?? "",
          submission_image_url: input.submission_image_url ?? "",
          check_answer: input.check_answer,
        },
        { startIfNeeded: true },
      );
      return json(submissionWire(origin, (await findSubmissionView(env, row.id))!), 201);
    },
  },
});
export const action = loader;
