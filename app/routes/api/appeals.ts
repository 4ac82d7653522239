import { examples, list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { appealWire } from "~/server/http/wire.server";
import { decideAppeal, fileAppeal, findAppealView, listAppeals } from "~/server/services/appeals.server";
import { appealBody, appealDecidedWire, appealDecisionQuery, appealsQuery, appealWireSchema } from "~/lib/schemas/api";

export const loader = rest("/appeals", "Appeals", {
  GET: {
    summary: "The appeals queue: pending (oldest first) or decided (newest decision first)",
    access: ["Admin"],
    query: appealsQuery,
    responses: [list(appealWireSchema, examples.appeal, "status=pending unless status=decided")],
    handler: async ({ query: q, env }) =>
      pagedList(q, (paging) => listAppeals(env, { show: q.status ?? "pending", ...paging }), appealWire),
  },

  POST: {
    summary: "Appeal your rejected submission",
    description:
      "Once per submission, within 7 days (7 x 24 hours) of the rejection, with a text of 10 to 500 characters. Only the submission's worker; 409 for a submission that is not rejected, an appeal already filed, or a window that has passed.",
    access: ["Worker"],
    accessNote: "Only your own submissions.",
    body: appealBody,
    responses: [ok(appealWireSchema, examples.appeal, "The appeal (pending)", 201)],
    errors: [404, 409],
    handler: async ({ user: worker, body: input, env }) => {
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
    errors: [400, 404, 409],
    handler: async ({ user: admin, query: q, env }) => json(await decideAppeal(env, admin, q.id, q.decision)),
  },
});
export const action = loader;
