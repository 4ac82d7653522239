import { buyerUser } from "~/server/auth/guards.server";
import { csvAttachment } from "~/server/http/response-headers.server";
import { taskBatchTemplateFile } from "~/server/services/task-batches.server";
import type { Route } from "./+types/batch-template";

/** GET /dashboard/batchtasks/template.csv: the template of batch posting, two example tasks due in two weeks. */
export function loader({ context }: Route.LoaderArgs) {
  buyerUser(context);
  return csvAttachment(taskBatchTemplateFile());
}
