import { ok } from "~/server/http/endpoint.server";
import { json, readFileBody, rest } from "~/server/http/rest.server";
import { rateLimitUploads } from "~/server/services/images.server";
import { FILE_TOO_LARGE, postTaskFile, type PostedBatch } from "~/server/services/task-batches.server";
import { taskBatchQuery, taskBatchWireSchema } from "~/lib/schemas/quality";
import { MAX_BATCH_BYTES } from "~/lib/task-batch";

const example = {
  request_key: "catalogue-2026-11-26",
  tasks: 2,
  task_ids: ["3f6b1c2d-9e4a-8b7c-9d1e-2f3a4b5c6d7e", "8a9b0c1d-2e3f-8a4b-b5c6-d7e8f9a0b1c2"],
  coins: 130,
};

const batchWire = (requestKey: string, posted: PostedBatch) => ({
  request_key: requestKey,
  tasks: posted.tasks,
  task_ids: posted.taskIds,
  coins: posted.coins,
});

export const loader = rest("/task-batches", "Tasks", {
  POST: {
    summary: "Post many tasks at once from a CSV file",
    description:
      'The body is the file: UTF-8, at most 1 MB and 1,000 tasks, a header row with the template\'s columns (GET /task-batches/template) and one task a row, each checked as POST /tasks checks its body. Every task is posted and its escrow charged in one batch, or nothing: a file that cannot be a batch (no tasks, too many, unknown or missing columns) is 422 with its words; rows with errors are 422 with every row\'s errors in `fields`, under "row <n>.<column>" (or "row <n>" for the row as a whole; row 1 is the first under the header); coins short is 409 with how many are `missing`. request_key makes the posting once: the same key again answers the posting it made (200) and posts and charges nothing more, whatever the body. Rate limited as uploads are.',
    access: ["Buyer"],
    query: taskBatchQuery,
    fileBody: { contentType: "text/csv", description: "The CSV file of tasks (UTF-8, at most 1 MB, 1,000 tasks)." },
    responses: [
      ok(taskBatchWireSchema, example, "Posted now: the tasks' ids in the file's order and the coins held", 201),
      ok(taskBatchWireSchema, example, "The posting this request_key already made"),
    ],
    errors: [409, 429],
    handler: async ({ user: buyer, query: { request_key }, request, env }) => {
      await rateLimitUploads(env, request, buyer.id);
      const bytes = await readFileBody(request, {
        contentType: "text/csv",
        maxBytes: MAX_BATCH_BYTES,
        tooLarge: FILE_TOO_LARGE,
      });
      const posted = await postTaskFile(env, buyer, bytes, request_key);
      return json(batchWire(request_key, posted), posted.created ? 201 : 200);
    },
  },
});
export const action = loader;
