import { minimumPayOf } from "~/server/services/pay-rate.server";
import { DELETED, examples, list, ok, TASK_BUYER_ONLY } from "~/server/http/endpoint.server";
import { buyerTasksResponse } from "~/server/http/rest-handlers.server";
import { json, requireOwnEmail, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { deleteTask, taskForOwner } from "~/server/services/tasks.server";
import { idQuery, tasks1Query, taskWireSchema } from "~/lib/schemas/api";

export const loader = rest("/tasks1", "Tasks", {
  GET: {
    summary: "Your tasks (email=) or one of them (id=)",
    access: ["Buyer", "Admin"],
    accessNote: "email= must be your own (an admin may name any buyer); id= must be your task (an admin may read any).",
    query: tasks1Query,
    responses: [
      list(taskWireSchema, examples.task, "email=: your live tasks"),
      ok(taskWireSchema, examples.task, "id=: one task"),
    ],
    errors: [404],
    handler: async ({ user, query: q, env, origin }) => {
      if (q.id !== undefined) {
        // an e-mail beside the id is still checked: it must be yours (an admin may name anyone)
        if (q.email !== undefined && user.role !== "Admin") requireOwnEmail(user, q.email);
        return json(joinedTaskWire(origin, await taskForOwner(env, user, q.id), minimumPayOf(env)));
      }
      return buyerTasksResponse(env, origin, user, q);
    },
  },

  DELETE: {
    summary: "Delete your task",
    description: "Refunds the open slots. Refused (409) while submissions await review: review them first.",
    access: ["Buyer"],
    accessNote: TASK_BUYER_ONLY,
    query: idQuery,
    responses: [DELETED],
    errors: [404, 409],
    handler: async ({ user: buyer, query: { id }, env }) => {
      return json(await deleteTask(env, buyer, id));
    },
  },
});
export const action = loader;
