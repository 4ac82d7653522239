import { list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { listBonuses, payBonus, type BonusView } from "~/server/services/bonuses.server";
import { bonusBody, bonusesQuery, bonusWireSchema } from "~/lib/schemas/quality";

const example = {
  _id: "9a1e2c3d-4b5f-4a6e-8d7c-1b2a3c4d5e6f",
  submission_id: "5f0c1f4e-2b7a-4d7e-9a51-0c4f2e8b6d13",
  task_title: "Write a 200-word product review",
  coins: 5,
  reason: "Thorough and on time.",
  worker_id: "0d3f9c1e-5a7b-4c2d-9e8f-1a2b3c4d5e6f",
  worker_name: "Rafi Worker",
  buyer_name: "Maya Buyer",
  request_key: "bonus-2026-11-20-rafi",
  created_at: "2026-11-20T09:30:00.000Z",
};

const bonusWire = (b: BonusView) => ({
  _id: b.id,
  submission_id: b.submissionId,
  task_title: b.taskTitle,
  coins: b.coins,
  reason: b.reason,
  worker_id: b.workerId,
  worker_name: b.workerName,
  buyer_name: b.buyerName,
  request_key: b.requestKey,
  created_at: new Date(b.createdAt).toISOString(),
});

export const loader = rest("/bonuses", "Quality", {
  GET: {
    summary: "Bonuses you paid (buyer) or received (worker), newest first",
    access: ["Buyer", "Worker"],
    accessNote: "Only your own.",
    query: bonusesQuery,
    responses: [list(bonusWireSchema, example, "Bonuses, optionally of one submission (submission_id=)")],
    handler: async ({ user, query: q, env }) =>
      pagedList(q, (paging) => listBonuses(env, user, { submissionId: q.submission_id, ...paging }), bonusWire),
  },
  POST: {
    summary: "Pay a bonus on a reviewed submission",
    description:
      "Moves coins (1 to 10,000) from your balance to the submission's worker, with a reason the worker reads, and notifies them: one batch under the ledger kind 'bonus', never from escrow. The submission must be approved or rejected (409 otherwise). request_key makes the request idempotent: the same key with the same submission, coins and reason answers the bonus already paid (200) and pays nothing more; with anything else, 409. Not enough coins: 409 with how many are missing.",
    access: ["Buyer"],
    accessNote: "Only submissions on your tasks.",
    body: bonusBody,
    responses: [
      ok(bonusWireSchema, example, "The bonus, paid now", 201),
      ok(bonusWireSchema, example, "The bonus this request_key already paid"),
    ],
    errors: [404, 409],
    handler: async ({ user: buyer, body: input, env }) => {
      const paid = await payBonus(env, buyer, {
        submissionId: input.submission_id,
        coins: input.coins,
        reason: input.reason,
        requestKey: input.request_key,
      });
      return json(bonusWire(paid.bonus), paid.created ? 201 : 200);
    },
  },
});
export const action = loader;
