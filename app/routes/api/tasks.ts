import { minimumPayOf } from "~/server/services/pay-rate.server";
import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, ok, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { adminRemoval, buyerTasksResponse } from "~/server/http/rest-handlers.server";
import { json, pagedList, readBody, readQuery, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { deleteTask, listAllTasks, postTask, updateTask } from "~/server/services/tasks.server";
import { addTaskSchema, idQuery, idReasonQuery, tasksQuery, taskWireSchema, updateTaskSchema } from "~/lib/schemas/api";

export const loader = rest("/tasks", "Tasks", {
  GET: {
    summary: "A buyer's tasks (email=) or every task (admin)",
    access: ["Buyer", "Admin"],
    accessNote: "email= must be your own; an admin may name any buyer, and without email= reads every live task.",
    query: tasksQuery,
    responses: [list(taskWireSchema, examples.task, "Live tasks, newest first")],
    handler: async ({ request, context, env, origin }) => {
      const user = requireApiRole(context, "Buyer", "Admin");
      const q = readQuery(request, tasksQuery);
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
      "Charges required_workers x payable_amount coins into escrow. The owner, name and user_email are the signed-in buyer's; client values are ignored. Not enough coins: 409 'Not available Coin.  Purchase Coin' with `missing`.",
    access: ["Buyer"],
    body: addTaskSchema,
    responses: [ok(taskWireSchema, examples.task, "The task", 201)],
    errors: [409],
    handler: async ({ request, context, env, origin }) => {
      const buyer = requireApiRole(context, "Buyer");
      const input = await readBody(request, addTaskSchema);
      return json(joinedTaskWire(origin, await postTask(env, buyer, input), minimumPayOf(env)), 201);
    },
  },

  PUT: {
    summary: "Update your task",
    description:
      "Charges or refunds new total - old total of the open slots. Over the balance: 409 'Insufficient Coins' with `missing`.",
    access: ["Buyer"],
    accessNote: TASK_BUYER_ONLY,
    query: idQuery,
    body: updateTaskSchema,
    responses: [ok(taskWireSchema, examples.task, "The updated task")],
    errors: [404, 409],
    handler: async ({ request, context, env, origin }) => {
      const buyer = requireApiRole(context, "Buyer");
      const { id } = readQuery(request, idQuery);
      const input = await readBody(request, updateTaskSchema);
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
