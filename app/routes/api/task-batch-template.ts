import { rest } from "~/server/http/rest.server";
import { csvAttachment } from "~/server/http/response-headers.server";
import { taskBatchTemplateFile } from "~/server/services/task-batches.server";

export const loader = rest("/task-batches/template", "Tasks", {
  GET: {
    summary: "The CSV template of batch posting",
    description:
      "The header row with every column POST /task-batches reads (Add Task's fields; task_image_url, min_approval_rate and min_approved may be left out) and two example tasks due in two weeks, as UTF-8 with a byte order mark.",
    access: ["Buyer"],
    responses: [{ status: 200, description: "The template", contentType: "text/csv" }],
    handler: () => csvAttachment(taskBatchTemplateFile()),
  },
});
export const action = loader;
