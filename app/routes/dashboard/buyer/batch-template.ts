import { buyerUser } from "~/server/auth/guards.server";
import { PRIVATE_NO_STORE } from "~/server/http/response-headers.server";
import { taskBatchTemplate } from "~/server/services/task-batches.server";
import type { Route } from "./+types/batch-template";

/** GET /dashboard/batchtasks/template.csv: the template of batch posting, two example tasks due in two weeks. */
export function loader({ context }: Route.LoaderArgs) {
  buyerUser(context);
  // a byte order mark, so that spreadsheet programs open the file as UTF-8
  return new Response(`\uFEFF${taskBatchTemplate()}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="coinwork-tasks-template.csv"',
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
