import { minimumPayOf } from "~/server/services/pay-rate.server";
import { notFound } from "~/server/errors";
import { examples, list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { findTaskForWorker, listOpenTasks } from "~/server/services/tasks.server";
import { tasks2Query, taskWireSchema } from "~/lib/schemas/api";

export const loader = rest("/tasks2", "Tasks", {
  GET: {
    summary: "Available tasks, or one task (id=)",
    description:
      "Open tasks (a slot left, completion date today or later), newest first unless sort= says otherwise; a worker does not see the tasks of buyers who block them. Without parameters it answers the plain array the spec's client reads.",
    access: "signed-in",
    query: tasks2Query,
    responses: [list(taskWireSchema, examples.task, "Open tasks"), ok(taskWireSchema, examples.task, "id=: one task")],
    errors: [404],
    handler: async ({ user, query: q, env, origin }) => {
      // a worker does not see the tasks of buyers who block them (docs/product/quality.md)
      const workerId = user.role === "Worker" ? user.id : undefined;
      if (q.id !== undefined) {
        // the task as workers see it (its open slots now), whoever asks
        const task = await findTaskForWorker(env, workerId, q.id);
        if (!task) throw notFound("Task not found");
        return json(joinedTaskWire(origin, task, minimumPayOf(env)));
      }
      return pagedList(
        q,
        (paging) =>
          listOpenTasks(env, {
            q: q.q || undefined,
            category: q.category,
            sort: q.sort,
            workerId,
            minCentsPerHour: q.min_hourly ? q.min_hourly * 100 : undefined,
            minApproval: q.min_approval,
            ...paging,
          }),
        (t) => joinedTaskWire(origin, t, minimumPayOf(env)),
      );
    },
  },
});
export const action = loader;
