import { requireApiUser } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors";
import { examples, list, ok } from "~/server/http/endpoint.server";
import { json, listJson, readQuery, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { findTask, listOpenTasks } from "~/server/services/tasks.server";
import { MAX_PAGE_SIZE, tasks2Query, taskWireSchema } from "~/lib/schemas/api";

/**
 * GET /tasks2: the available tasks (a slot left, completion date today or later), newest first; `q`, `category`,
 * `sort` (newest, pay, deadline), `page`, `limit` optional. GET /tasks2?id=: one task.
 */
export const loader = rest("/tasks2", "Tasks", {
  GET: {
    summary: "Available tasks, or one task (id=)",
    description:
      "Open tasks (a slot left, completion date today or later), newest first unless sort= says otherwise. Without parameters it answers the plain array the spec's client reads.",
    access: "signed-in",
    query: tasks2Query,
    responses: [list(taskWireSchema, examples.task, "Open tasks"), ok(taskWireSchema, examples.task, "id=: one task")],
    errors: [401, 404, 422],
    handler: async ({ request, context, env, origin }) => {
      requireApiUser(context);
      const q = readQuery(request, tasks2Query);
      if (q.id !== undefined) {
        const task = await findTask(env, q.id);
        if (!task) throw notFound("Task not found");
        return json(joinedTaskWire(origin, task));
      }
      const page = await listOpenTasks(env, {
        q: q.q || undefined,
        category: q.category,
        sort: q.sort,
        page: q.page,
        limit: q.limit ?? MAX_PAGE_SIZE,
      });
      return listJson(
        page.items.map((t) => joinedTaskWire(origin, t)),
        page,
      );
    },
  },
});
export const action = loader;
