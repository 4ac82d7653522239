// The REST shapes of the buyers' quality tools (docs/product/quality.md): blocks, bonuses. The fields reuse the
// page forms' schemas and messages.
import * as v from "valibot";
import { id, paging } from "./api";
import { blockReason } from "./review";

/** GET /worker-blocks: the buyer's blocks, newest first. */
export const workerBlocksQuery = v.object({ ...paging });
/** POST /worker-blocks: block a worker with a private reason (again: the reason is replaced). */
export const workerBlockBody = v.object({ worker_id: id("worker_id"), reason: blockReason });
/** DELETE /worker-blocks?worker_id=: lift a block. */
export const workerBlockQuery = v.object({ worker_id: id("worker_id") });

export const workerBlockWireSchema = v.strictObject({
  worker_id: v.string(),
  worker_name: v.string(),
  worker_email: v.string(),
  reason: v.string(),
  created_at: v.string(),
});
