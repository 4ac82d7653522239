import { requireApiRole } from "~/server/auth/guards.server";
import { adminRemoval } from "~/server/http/rest-handlers.server";
import { buyerTasksResponse } from "~/server/http/rest-lists.server";
import { json, listJson, readBody, readQuery, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { deleteTask, listAllTasks, postTask, updateTask } from "~/server/services/tasks.server";
import { addTaskSchema, idQuery, idReasonQuery, MAX_PAGE_SIZE, tasksQuery, updateTaskSchema } from "~/lib/schemas/api";

/**
 * GET /tasks?email= (your tasks; admins may name any buyer) | GET /tasks (every task, admin)
 * POST /tasks (buyer: 201 with the task; the cost is escrowed) | PUT /tasks?id= (the task's buyer)
 * DELETE /tasks?id= (admin: pending submissions are cancelled and everything escrowed is refunded)
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
    const user = requireApiRole(context, "Buyer", "Admin");
    const q = readQuery(request, tasksQuery);
    if (q.email !== undefined) return buyerTasksResponse(env, origin, user, q);
    requireApiRole(context, "Admin");
    const page = await listAllTasks(env, { page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
    return listJson(
      page.items.map((t) => joinedTaskWire(origin, t)),
      page,
    );
  },

  // The owner, name and user_email come from the session; coins are checked and escrowed by the service.
  POST: async ({ request, context, env, origin }) => {
    const buyer = requireApiRole(context, "Buyer");
    const input = await readBody(request, addTaskSchema);
    return json(joinedTaskWire(origin, await postTask(env, buyer, input)), 201);
  },

  PUT: async ({ request, context, env, origin }) => {
    const buyer = requireApiRole(context, "Buyer");
    const { id } = readQuery(request, idQuery);
    const input = await readBody(request, updateTaskSchema);
    const { task } = await updateTask(env, buyer, id, input);
    return json(joinedTaskWire(origin, task));
  },

  DELETE: adminRemoval(idReasonQuery, deleteTask),
});
export const action = loader;
