import { DELETED, list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { blockWorker, liftBlock, listBlocks, type BlockView } from "~/server/services/blocks.server";
import { workerBlockBody, workerBlockQuery, workerBlocksQuery, workerBlockWireSchema } from "~/lib/schemas/quality";

const example = {
  worker_id: "5f0c1f4e-2b7a-4d7e-9a51-0c4f2e8b6d13",
  worker_name: "Rafi Worker",
  worker_email: "rafi@example.com",
  reason: "Copied proof on several tasks.",
  created_at: "2026-11-20T09:30:00.000Z",
};

const blockWire = (b: BlockView) => ({
  worker_id: b.workerId,
  worker_name: b.workerName,
  worker_email: b.workerEmail,
  reason: b.reason,
  created_at: new Date(b.createdAt).toISOString(),
});

export const loader = rest("/worker-blocks", "Quality", {
  GET: {
    summary: "The workers you block, newest first",
    description: "Each with its id and name; worker_email only for a worker who sent you work, null for anyone else.",
    access: ["Buyer"],
    query: workerBlocksQuery,
    responses: [list(workerBlockWireSchema, example, "Your blocks with their private reasons")],
    handler: async ({ user: buyer, query: q, env }) =>
      pagedList(q, (paging) => listBlocks(env, buyer.id, paging), blockWire),
  },
  POST: {
    summary: "Block a worker from your tasks",
    description:
      "The worker no longer sees or starts your tasks (their list, a task's page and POST /submission leave them out); work they already sent stays for your review. The reason is private: the worker never sees it. Blocking again replaces the reason. 403 for an account that is not a worker's. worker_email is given only for a worker who sent you work.",
    access: ["Buyer"],
    body: workerBlockBody,
    responses: [ok(workerBlockWireSchema, example, "The block", 201)],
    errors: [404],
    handler: async ({ user: buyer, body: input, env }) =>
      json(blockWire(await blockWorker(env, buyer, { workerId: input.worker_id, reason: input.reason })), 201),
  },
  DELETE: {
    summary: "Lift a block",
    access: ["Buyer"],
    query: workerBlockQuery,
    responses: [DELETED],
    errors: [404],
    handler: async ({ user: buyer, query: q, env }) => {
      await liftBlock(env, buyer, q.worker_id);
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
