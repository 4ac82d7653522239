// The REST shapes of the buyers' quality tools (docs/product/quality.md, batch-posting.md): blocks, bonuses, batch
// posting. The fields reuse the page forms' schemas and messages.
import * as v from "valibot";
import { said } from "../i18n/validation";
import { id, paging } from "./api";
import { requiredText, UNKNOWN_ACTION, wholeNumber } from "./fields";
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
  worker_email: v.pipe(
    v.nullable(v.string()),
    v.description("only for a worker who sent you work (a submission); null for anyone else"),
  ),
  reason: v.string(),
  created_at: v.string(),
});

/** The most one bonus pays, in coins (every door: the Bonuses page, POST /bonuses, the MTurk API's SendBonus). */
export const BONUS_MAX_COINS = 10_000;
/** A bonus in coins: a whole number from 1 to 10,000, read from a form field or JSON. */
export const bonusCoins = wholeNumber(
  said("bonus.coinsRequired", "Enter the bonus in coins"),
  1,
  said("bonus.atLeastOne", "At least 1 coin"),
  BONUS_MAX_COINS,
);
export const BONUS_REASON_REQUIRED = "Tell the worker what the bonus is for.";
export const bonusReason = requiredText(said("bonus.reasonRequired", BONUS_REASON_REQUIRED), 500);
/**
 * The caller's key of one bonus or batch request (MTurk's UniqueRequestToken): letters, digits, - and _, at most 64.
 */
export const requestKey = v.pipe(
  v.string("request_key is required"),
  v.trim(),
  v.nonEmpty("request_key is required"),
  v.maxLength(64, "request_key: at most 64 characters"),
  v.regex(/^[\w-]+$/, "request_key: letters, digits, - and _ only"),
);

/** The Bonuses page's confirmed action: the submission (`id`), the coins (`addcoin`), the reason and the row's key. */
export const bonusActionSchema = v.variant(
  "intent",
  [v.object({ intent: v.literal("bonus"), id: id(), addcoin: bonusCoins, reason: bonusReason, key: requestKey })],
  UNKNOWN_ACTION,
);

/** GET /bonuses: the bonuses the buyer paid or the worker received, newest first. */
export const bonusesQuery = v.object({ submission_id: v.optional(id("submission_id")), ...paging });
/** POST /bonuses */
export const bonusBody = v.object({
  submission_id: id("submission_id"),
  coins: bonusCoins,
  reason: bonusReason,
  request_key: requestKey,
});

export const bonusWireSchema = v.strictObject({
  _id: v.string(),
  submission_id: v.string(),
  task_title: v.string(),
  coins: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: v.string(),
  worker_id: v.string(),
  worker_name: v.string(),
  buyer_name: v.string(),
  request_key: v.string(),
  created_at: v.string(),
});

/** POST /task-batches?request_key=: the CSV is the body; the key makes the posting once. */
export const taskBatchQuery = v.object({ request_key: requestKey });

export const taskBatchWireSchema = v.strictObject({
  request_key: v.string(),
  /** how many tasks the file made, and their ids in the file's order */
  tasks: v.pipe(v.number(), v.integer(), v.minValue(1)),
  task_ids: v.array(v.string()),
  /** the escrow charged for them, in coins */
  coins: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
