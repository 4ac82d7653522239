import { requireApiRole } from "~/server/auth/guards.server";
import { examples, list, ok } from "~/server/http/endpoint.server";
import { json, listJson, readBody, readQuery, rest } from "~/server/http/rest.server";
import { appealWire } from "~/server/http/wire.server";
import { decideAppeal, fileAppeal, findAppealView, listAppeals } from "~/server/services/appeals.server";
import {
  appealBody,
  appealDecidedWire,
  appealDecisionQuery,
  appealsQuery,
  appealWireSchema,
  MAX_PAGE_SIZE,
} from "~/lib/schemas/api";

/**
 * POST /appeals { submission_id, text } (worker: 201): appeal your rejected submission, once, within 7 days.
 * GET /appeals?status=pending|decided (admin): the queue, pending oldest first.
 * PATCH /appeals?id=&decision=uphold|overturn (admin): decide a pending appeal, once.
 */
export const loader = rest("/appeals", "Appeals", {
  GET: {
    summary: "The appeals queue: pending (oldest first) or decided (newest decision first)",
    access: ["Admin"],
    query: appealsQuery,
    responses: [list(appealWireSchema, examples.appeal, "status=pending unless status=decided")],
    errors: [401, 403, 422],
    handler: async ({ request, context, env }) => {
      requireApiRole(context, "Admin");
      const q = readQuery(request, appealsQuery);
      const page = await listAppeals(env, {
        show: q.status ?? "pending",
        page: q.page,
        limit: q.limit ?? MAX_PAGE_SIZE,
      });
      return listJson(page.items.map(appealWire), page);
    },
  },

  POST: {
    summary: "Appeal your rejected submission",
    description:
      "Once per submission, within 7 days (7 x 24 hours) of the rejection, with a text of 10 to 500 characters. Only the submission's worker; 409 for a submission that is not rejected, an appeal already filed, or a window that has passed.",
    access: ["Worker"],
    accessNote: "Only your own submissions.",
    body: appealBody,
    responses: [ok(appealWireSchema, examples.appeal, "The appeal (pending)", 201)],
    errors: [400, 401, 403, 404, 409, 413, 415, 422],
    handler: async ({ request, context, env }) => {
      const worker = requireApiRole(context, "Worker");
      const input = await readBody(request, appealBody);
      const appeal = await fileAppeal(env, worker, input.submission_id, input.text);
      return json(appealWire((await findAppealView(env, appeal.id))!), 201);
    },
  },

  PATCH: {
    summary: "Uphold the rejection (decision=uphold) or overturn it (decision=overturn)",
    description:
      "Uphold moves no coins. Overturn approves the submission and pays the worker its payable_amount: from the task's open slot if one is left (the slot closes; a change of the task's pay since is settled with the buyer), else from the buyer's balance, and what the balance lacks becomes the buyer's debt (which blocks their spending until a purchase settles it). Both notify and are in the audit log. Once (409 afterwards); 409 too when the worker has another live submission for the task.",
    access: ["Admin"],
    query: appealDecisionQuery,
    responses: [ok(appealDecidedWire, { modifiedCount: 1, status: "overturned" })],
    errors: [400, 401, 403, 404, 409, 422],
    handler: async ({ request, context, env }) => {
      const admin = requireApiRole(context, "Admin");
      const q = readQuery(request, appealDecisionQuery);
      return json(await decideAppeal(env, admin, q.id, q.decision));
    },
  },
});
export const action = loader;
