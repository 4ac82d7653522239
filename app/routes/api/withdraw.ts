import { requireApiRole } from "~/server/auth/guards.server";
import { json, listJson, ownerFor, readBody, readQuery, rest } from "~/server/http/rest.server";
import { joinedWithdrawalWire, withdrawalWire } from "~/server/http/wire.server";
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
  requestWithdrawal,
} from "~/server/services/withdrawals.server";
import {
  MAX_PAGE_SIZE,
  withdrawApproveBody,
  withdrawPatchQuery,
  withdrawQuery,
  withdrawRejectBody,
  withdrawSchema,
} from "~/lib/schemas/api";

/**
 * GET /withdraw?email= (your requests; admins may name any worker) | GET /withdraw (all requests, admin; `status=` filters)
 * POST /withdraw (worker: 201; the coins are held now, the dollar amount is the server's)
 * PATCH /withdraw?id= (admin: approve) | PATCH /withdraw?id=&status=rejected { reason } (admin: coins returned)
 */
export const loader = rest({
  GET: async ({ request, context, env }) => {
    const user = requireApiRole(context, "Worker", "Admin");
    const q = readQuery(request, withdrawQuery);
    const limit = q.limit ?? MAX_PAGE_SIZE;
    let workerId: string | undefined;
    if (q.email !== undefined || user.role !== "Admin") {
      const owner = await ownerFor(env, user, q.email);
      if (!owner) return listJson([], { total: 0, page: q.page ?? 1, limit });
      workerId = owner.id;
    }
    const page = await listWithdrawals(env, { workerId, status: q.status, page: q.page, limit });
    return listJson(page.items.map(joinedWithdrawalWire), page);
  },

  POST: async ({ request, context, env }) => {
    const worker = requireApiRole(context, "Worker");
    const input = await readBody(request, withdrawSchema);
    return json(withdrawalWire(await requestWithdrawal(env, worker, input), worker), 201);
  },

  PATCH: async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const q = readQuery(request, withdrawPatchQuery);
    if (q.status === "rejected") {
      const { reason } = await readBody(request, withdrawRejectBody);
      return json(await rejectWithdrawal(env, admin, q.id, reason));
    }
    await readBody(request, withdrawApproveBody); // the spec sends none; a malformed one is still refused
    return json(await approveWithdrawal(env, admin, q.id));
  },
});
export const action = loader;
