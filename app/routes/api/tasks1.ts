import { requireApiRole } from "~/server/auth/guards.server";
import { buyerTasksResponse } from "~/server/http/rest-lists.server";
import { json, readQuery, requireOwnEmail, rest } from "~/server/http/rest.server";
import { joinedTaskWire } from "~/server/http/wire.server";
import { deleteTask, taskForOwner } from "~/server/services/tasks.server";
import { idQuery, tasks1Query } from "~/lib/schemas/api";

/**
 * GET /tasks1?email= (your tasks) or ?id= (one task you own; admins may read any)
 * DELETE /tasks1?id= (the task's buyer: open slots refunded; refused while submissions await review)
 */
export const loader = rest({
  GET: async ({ request, context, env, origin }) => {
    const user = requireApiRole(context, "Buyer", "Admin");
    const q = readQuery(request, tasks1Query);
    if (q.id !== undefined) {
      // an e-mail beside the id is still checked: it must be yours (an admin may name anyone)
      if (q.email !== undefined && user.role !== "Admin") requireOwnEmail(user, q.email);
      return json(joinedTaskWire(origin, await taskForOwner(env, user, q.id)));
    }
    return buyerTasksResponse(env, origin, user, q);
  },

  DELETE: async ({ request, context, env }) => {
    const buyer = requireApiRole(context, "Buyer");
    const { id } = readQuery(request, idQuery);
    return json(await deleteTask(env, buyer, id));
  },
});
export const action = loader;
