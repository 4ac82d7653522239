import { requireApiUser } from "~/server/auth/guards.server";
import { notFound } from "~/server/errors";
import { json, listJson, readQuery, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { findTask, listOpenTasks } from "~/server/services/tasks.server";
import { MAX_PAGE_SIZE, tasks2Query } from "~/lib/schemas/api";

/**
 * GET /tasks2: the available tasks (a slot left, completion date today or later), newest first; `q`, `category`,
 * `sort` (newest, pay, deadline), `page`, `limit` optional. GET /tasks2?id=: one task.
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
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
});
export const action = loader;
