import { minimumPayOf } from "~/server/services/pay-rate.server";
import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, ok, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { adminRemoval, buyerTasksResponse } from "~/server/http/rest-handlers.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { deleteTask, listAllTasks, postTask, updateTask } from "~/server/services/tasks.server";
import { idQuery, idReasonQuery, postTaskBody, putTaskBody, tasksQuery, taskWireSchema } from "~/lib/schemas/api";

export const loader = rest("/tasks", "Tasks", {
  GET: {
    summary: "A buyer's tasks (email=) or every task (admin)",
    access: ["Buyer", "Admin"],
    accessNote: "email= must be your own; an admin may name any buyer, and without email= reads every live task.",
    query: tasksQuery,
    responses: [list(taskWireSchema, examples.task, "Live tasks, newest first")],
    handler: async ({ user, query: q, context, env, origin }) => {
      if (q.email !== undefined) return buyerTasksResponse(env, origin, user, q);
      requireApiRole(context, "Admin");
      return pagedList(
        q,
        (paging) => listAllTasks(env, paging),
        (t) => joinedTaskWire(origin, t, minimumPayOf(env)),
      );
    },
  },

  // The owner, name and user_email come from the session; coins are checked and escrowed by the service.
  POST: {
    summary: "Post a task",
    description:
      "Charges required_workers x payable_amount coins into escrow. The owner, name and user_email are the signed-in buyer's; client values are ignored. estimate_minutes (the minutes one worker's work takes, 1 to 480) is required: without it 422 naming the field, and a payable_amount under the minimum hourly pay at it is 422 with the least pay. Not enough coins: 409 'Not available Coin.  Purchase Coin' with `missing` (the coins short), `cost` and `tasks`, as POST /task-batches answers.",
    access: ["Buyer"],
    body: postTaskBody,
    responses: [ok(taskWireSchema, examples.task, "The task", 201)],
    errors: [409],
    handler: async ({ user: buyer, body: input, env, origin }) =>
      json(joinedTaskWire(origin, await postTask(env, buyer, input), minimumPayOf(env)), 201),
  },

  PUT: {
    summary: "Update your task",
    description:
      "Charges or refunds new total - old total of the open slots. estimate_minutes is required, as on POST /tasks; on a task paused for paying under the minimum at the median time its first five workers took (a HIT), a payable_amount that meets it there reopens it, and a lower one is 422 with the least pay. Over the balance: 409 'Insufficient Coins' with `missing`.",
    access: ["Buyer"],
    accessNote: TASK_BUYER_ONLY,
    query: idQuery,
    body: putTaskBody,
    responses: [ok(taskWireSchema, examples.task, "The updated task")],
    errors: [404, 409],
    handler: async ({ user: buyer, query: { id }, body: input, env, origin }) => {
      const { task } = await updateTask(env, buyer, id, input);
      return json(joinedTaskWire(origin, task, minimumPayOf(env)));
    },
  },

  DELETE: adminRemoval({
    summary: "Delete any task (admin)",
    description:
      "Refunds the open slots; pending submissions are cancelled and refunded to the buyer too. An optional reason is recorded.",
    query: idReasonQuery,
    remove: deleteTask,
    errors: [404],
  }),
});
export const action = loader;
