// The operations about workers: bonuses (SendBonus, ListBonusPayments), blocks (CreateWorkerBlock,
// DeleteWorkerBlock, ListWorkerBlocks) and messages (NotifyWorkers), each over the service the pages use.
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { listBonuses, payBonus } from "../services/bonuses.server";
import { blockWorker, liftBlock, listBlocks, NO_SUCH_BLOCK } from "../services/blocks.server";
import { messageWorkers } from "../services/worker-messages.server";
import { appOrigin } from "../environment.server";
import { boundedText, numberedPaging, numberedToken, text, type Input } from "./input.server";
import { ownAssignment, ownHit } from "./owned.server";
import { rewardCoins, wireDollars } from "./shapes.server";
import { requestError } from "./wire.server";
import { BONUS_MAX_COINS, bonusCoins } from "~/lib/schemas/quality";
import { formatCoins } from "~/lib/format";

type Operation = (env: Env, requester: SessionUser, input: Input, request: Request) => Promise<unknown>;

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * BonusAmount as coins (rounded up to a whole coin, in the worker's favour), within the bounds the Bonuses page
 * keeps (more than 0, at most 10,000 coins): outside them a validation error, before any balance is looked at.
 */
function bonusCoinsOf(amount: string): number {
  const coins = rewardCoins(amount, "BonusAmount");
  const bounded = v.safeParse(bonusCoins, coins);
  if (!bounded.success)
    throw requestError(
      `BonusAmount ${amount} is ${formatCoins(coins)}: a bonus is more than $0.00 and at most $${wireDollars(BONUS_MAX_COINS)} (${formatCoins(BONUS_MAX_COINS)}).`,
    );
  return bounded.output;
}

export const WORKER_OPERATIONS: Record<string, Operation> = {
  // payBonus's request key is the UniqueRequestToken: the same token again pays nothing more
  SendBonus: async (env, requester, input) => {
    const assignment = await ownAssignment(env, requester, text(input, "AssignmentId"));
    const workerId = text(input, "WorkerId");
    if (assignment.submission.workerId !== workerId)
      throw requestError(`Worker ${workerId} did not do assignment ${assignment.submission.id}.`);
    const reason = boundedText(input, "Reason", 1024).trim();
    if (!reason) throw requestError("Reason is required: the worker reads why they get the bonus.");
    const token = boundedText(input, "UniqueRequestToken", 64, false);
    await payBonus(env, requester, {
      submissionId: assignment.submission.id,
      coins: bonusCoinsOf(text(input, "BonusAmount")),
      reason,
      requestKey: token ? `mturk:${token}` : crypto.randomUUID(),
    });
    return {};
  },

  ListBonusPayments: async (env, requester, input) => {
    const hitId = text(input, "HITId", false);
    const assignmentId = text(input, "AssignmentId", false);
    if (Boolean(hitId) === Boolean(assignmentId)) throw requestError("Give either HITId or AssignmentId.");
    const scope = hitId
      ? { taskId: (await ownHit(env, requester, hitId)).task.id }
      : { submissionId: (await ownAssignment(env, requester, assignmentId)).submission.id };
    const p = numberedPaging(input);
    const list = await listBonuses(env, requester, { ...scope, page: p.page, limit: p.limit });
    return {
      NumResults: list.items.length,
      BonusPayments: list.items.map((b) => ({
        WorkerId: b.workerId,
        BonusAmount: wireDollars(b.coins),
        AssignmentId: b.submissionId,
        Reason: b.reason,
        GrantTime: seconds(b.createdAt),
      })),
      ...numberedToken(list),
    };
  },

  CreateWorkerBlock: async (env, requester, input) => {
    const reason = boundedText(input, "Reason", 500).trim();
    if (!reason) throw requestError("Reason is required.");
    await blockWorker(env, requester, { workerId: text(input, "WorkerId"), reason });
    return {};
  },

  // as on MTurk, lifting a block that is not there changes nothing and succeeds
  DeleteWorkerBlock: async (env, requester, input) => {
    await liftBlock(env, requester, text(input, "WorkerId")).catch((e: unknown) => {
      if (!(e instanceof Error && e.message === NO_SUCH_BLOCK)) throw e;
    });
    return {};
  },

  ListWorkerBlocks: async (env, requester, input) => {
    const p = numberedPaging(input);
    const list = await listBlocks(env, requester.id, { page: p.page, limit: p.limit });
    return {
      NumResults: list.items.length,
      WorkerBlocks: list.items.map((b) => ({ WorkerId: b.workerId, Reason: b.reason })),
      ...numberedToken(list),
    };
  },

  NotifyWorkers: async (env, requester, input, request) => {
    const subject = boundedText(input, "Subject", 200).trim();
    const message = boundedText(input, "MessageText", 4096).trim();
    const ids = input.WorkerIds;
    if (!Array.isArray(ids) || !ids.length || ids.length > 100 || ids.some((id) => typeof id !== "string"))
      throw requestError("WorkerIds must list 1 to 100 worker ids.");
    if (!subject || !message) throw requestError("Subject and MessageText are required.");
    const done = await messageWorkers(env, requester, { subject, message, workerIds: ids }, appOrigin(env, request));
    return {
      NotifyWorkersFailureStatuses: [
        ...done.refused.map((r) => ({
          NotifyWorkersFailureCode: "HardFailure",
          NotifyWorkersFailureMessage: r.reason,
          WorkerId: r.workerId,
        })),
        ...done.unmailed.map((workerId) => ({
          NotifyWorkersFailureCode: "SoftFailure",
          NotifyWorkersFailureMessage: "The e-mail could not be sent; the notification was.",
          WorkerId: workerId,
        })),
      ],
    };
  },
};
