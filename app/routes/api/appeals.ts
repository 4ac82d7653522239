import { requireApiRole } from "~/server/auth/guards.server";
import { json, listJson, readBody, readQuery, rest } from "~/server/http/rest.server";
import { appealWire } from "~/server/http/wire.server";
import { decideAppeal, fileAppeal, findAppealView, listAppeals } from "~/server/services/appeals.server";
import { appealBody, appealDecisionQuery, appealsQuery, MAX_PAGE_SIZE } from "~/lib/schemas/api";

/**
 * POST /appeals { submission_id, text } (worker: 201): appeal your rejected submission, once, within 7 days.
 * GET /appeals?status=pending|decided (admin): the queue, pending oldest first.
 * PATCH /appeals?id=&decision=uphold|overturn (admin): decide a pending appeal, once.
 */
export const loader = rest({
  GET: async ({ request, context, env }) => {
    requireApiRole(context, "Admin");
    const q = readQuery(request, appealsQuery);
    const page = await listAppeals(env, { show: q.status ?? "pending", page: q.page, limit: q.limit ?? MAX_PAGE_SIZE });
    return listJson(page.items.map(appealWire), page);
  },

  POST: async ({ request, context, env }) => {
    const worker = requireApiRole(context, "Worker");
    const input = await readBody(request, appealBody);
    const appeal = await fileAppeal(env, worker, input.submission_id, input.text);
    return json(appealWire((await findAppealView(env, appeal.id))!), 201);
  },

  PATCH: async ({ request, context, env }) => {
    const admin = requireApiRole(context, "Admin");
    const q = readQuery(request, appealDecisionQuery);
    return json(await decideAppeal(env, admin, q.id, q.decision));
  },
});
export const action = loader;
