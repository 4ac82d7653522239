// The MTurk Requester API's HIT types, bonuses, blocks and worker messages, driven by the real AWS SDK
// (@aws-sdk/client-mturk) inside workerd on real local D1: each over the service the pages use.
import { describe, expect, it } from "vitest";
import {
  CreateHITCommand,
  CreateHITTypeCommand,
  CreateHITWithHITTypeCommand,
  CreateWorkerBlockCommand,
  DeleteWorkerBlockCommand,
  GetAccountBalanceCommand,
  ListBonusPaymentsCommand,
  ListWorkerBlocksCommand,
  NotifyWorkersCommand,
  RequestError,
  SendBonusCommand,
} from "@aws-sdk/client-mturk";
import { balance, env, funded, holds, mailTo, PASSWORD, row, sessionUser, uniqueToken } from "./fixtures";
import { approvedAssignment, hitInput, refusal, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { createRequesterKey, requesterByKey } from "~/server/services/requester-keys.server";
import { errorAnswer } from "~/server/mturk/wire.server";
import { refusal as appRefusal } from "~/server/errors";

const typeInput = (overrides: Record<string, unknown> = {}) => ({
  Title: `Tag a photo ${uniqueToken()}`,
  Description: "Name what the photo shows.",
  Reward: "0.25",
  AssignmentDurationInSeconds: 900,
  Keywords: "photo, tagging",
  ...overrides,
});

describe("HIT types", () => {
  it("answers the same HITTypeId for the same properties, and posts HITs of a type with its properties", async () => {
    const { user, mturk } = await requester(500);
    const props = typeInput();
    const first = await mturk.send(new CreateHITTypeCommand(props));
    const again = await mturk.send(new CreateHITTypeCommand(props));
    const other = await mturk.send(new CreateHITTypeCommand({ ...props, Reward: "0.50" }));
    expect(first.HITTypeId).toMatch(/^[0-9A-F]{30}$/);
    expect(again.HITTypeId).toBe(first.HITTypeId);
    expect(other.HITTypeId).not.toBe(first.HITTypeId);
    expect(await balance(user.id)).toBe(500);

    const { HIT } = await mturk.send(
      new CreateHITWithHITTypeCommand({ HITTypeId: first.HITTypeId, MaxAssignments: 4, LifetimeInSeconds: 86_400 }),
    );
    expect(HIT).toMatchObject({
      HITTypeId: first.HITTypeId,
      Title: props.Title,
      Reward: "0.25",
      Keywords: "photo, tagging",
      MaxAssignments: 4,
    });
    // $0.25 is 5 coins, four assignments escrow 20; the hold lasts the assignment's 15 minutes
    expect(await balance(user.id)).toBe(480);
    expect(await row("SELECT payable_amount, time_allowance_minutes FROM tasks WHERE id = ?", HIT!.HITId)).toEqual({
      payable_amount: 5,
      time_allowance_minutes: 15,
    });
    // CreateHIT with the same properties is a HIT of the same type
    const { HIT: sameType } = await mturk.send(
      new CreateHITCommand({ ...props, MaxAssignments: 1, LifetimeInSeconds: 86_400 }),
    );
    expect(sameType!.HITTypeId).toBe(first.HITTypeId);
    expect(await holds([user.id])).toBe(true);
  });

  it("refuses an unknown or another requester's HIT type, and bad properties, making and charging nothing", async () => {
    const owner = await requester(500);
    const other = await requester(500);
    const { HITTypeId } = await owner.mturk.send(new CreateHITTypeCommand(typeInput()));
    for (const id of [HITTypeId, "NOSUCHTYPE"]) {
      const e = await refusal(
        other.mturk.send(new CreateHITWithHITTypeCommand({ HITTypeId: id, LifetimeInSeconds: 86_400 })),
      );
      expect(e).toBeInstanceOf(RequestError);
      expect(e.TurkErrorCode).toBe("AWS.MechanicalTurk.HITTypeDoesNotExist");
    }
    const short = await refusal(
      owner.mturk.send(new CreateHITTypeCommand(typeInput({ AssignmentDurationInSeconds: 60 }))),
    );
    expect(short.message).toMatch(/AssignmentDurationInSeconds must be between 300 and 86400/);
    expect(await balance(other.user.id)).toBe(500);
    expect(await row("SELECT id FROM tasks WHERE buyer_id = ?", other.user.id)).toBeNull();
  });

  it("rounds a reward to whole coins before its HIT type's id is taken: $0.33 and $0.35 are both 7 coins", async () => {
    const { mturk } = await requester(500);
    const props = typeInput();
    const odd = await mturk.send(new CreateHITTypeCommand({ ...props, Reward: "0.33" }));
    const even = await mturk.send(new CreateHITTypeCommand({ ...props, Reward: "0.35" }));
    expect(odd.HITTypeId).toBe(even.HITTypeId);
    const { HIT } = await mturk.send(
      new CreateHITWithHITTypeCommand({ HITTypeId: odd.HITTypeId, MaxAssignments: 1, LifetimeInSeconds: 86_400 }),
    );
    expect(HIT!.Reward).toBe("0.35");
  });

  it("applies the approval-rate and approved-count qualifications, and refuses others by name", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          MaxAssignments: 1,
          QualificationRequirements: [
            { QualificationTypeId: "000000000000000000L0", Comparator: "GreaterThanOrEqualTo", IntegerValues: [95] },
            { QualificationTypeId: "00000000000000000040", Comparator: "GreaterThan", IntegerValues: [99] },
          ],
        }),
      ),
    );
    expect(
      await row("SELECT min_approval_rate, min_approved FROM task_requirements WHERE task_id = ?", HIT!.HITId),
    ).toEqual({ min_approval_rate: 95, min_approved: 100 });
    // a new worker has no approved submissions: the requirement keeps them from starting
    const worker = await funded("Worker", 10);
    await expect(startTask(env, await sessionUser(worker.id), HIT!.HITId!)).rejects.toThrow();
    // MTurk's Adult Content qualification and its Masters: refused by name
    for (const [id, words] of [
      ["00000000000000000060", "00000000000000000060 is not supported"],
      ["2F1QJWKUDD8XADTFD2Q0G6UTO95ALH", "Coinwork has no Masters"],
    ]) {
      const e = await refusal(
        mturk.send(
          new CreateHITCommand(
            hitInput({ QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }] }),
          ),
        ),
      );
      expect(e.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationTypeDoesNotExist");
      expect(e.message).toContain(words);
    }
    expect(await balance(user.id)).toBe(490);
  });
});

describe("bonuses", () => {
  it("pays a bonus once per UniqueRequestToken and lists it by HIT and by assignment", async () => {
    const { user, mturk, worker, hitId, assignmentId } = await approvedAssignment(1_000);
    const before = await balance(user.id);
    const bonus = {
      WorkerId: worker.id,
      AssignmentId: assignmentId,
      BonusAmount: "1.00",
      Reason: "Careful work, thank you",
      UniqueRequestToken: uniqueToken("bonus"),
    };
    await mturk.send(new SendBonusCommand(bonus));
    await mturk.send(new SendBonusCommand(bonus));
    // $1.00 is 20 coins, paid once
    expect(await balance(user.id)).toBe(before - 20);
    expect(await balance(worker.id)).toBe(10 + 10 + 20);
    for (const scope of [{ HITId: hitId }, { AssignmentId: assignmentId }]) {
      const listed = await mturk.send(new ListBonusPaymentsCommand(scope));
      expect(listed.NumResults).toBe(1);
      expect(listed.BonusPayments![0]).toMatchObject({
        WorkerId: worker.id,
        AssignmentId: assignmentId,
        BonusAmount: "1.00",
        Reason: "Careful work, thank you",
      });
    }
    // the same token for another amount pays nothing and says why
    const reused = await refusal(mturk.send(new SendBonusCommand({ ...bonus, BonusAmount: "2.00" })));
    expect(reused).toBeInstanceOf(RequestError);
    expect(await balance(worker.id)).toBe(40);
    expect(await holds([user.id, worker.id])).toBe(true);
  });

  it("refuses a bonus to the wrong worker or beyond the balance, paying nothing", async () => {
    const { user, mturk, worker, assignmentId } = await approvedAssignment(100);
    const stranger = await funded("Worker", 10);
    const wrong = await refusal(
      mturk.send(
        new SendBonusCommand({ WorkerId: stranger.id, AssignmentId: assignmentId, BonusAmount: "0.05", Reason: "x" }),
      ),
    );
    expect(wrong).toBeInstanceOf(RequestError);
    const dear = await refusal(
      mturk.send(
        new SendBonusCommand({ WorkerId: worker.id, AssignmentId: assignmentId, BonusAmount: "500.00", Reason: "x" }),
      ),
    );
    expect(dear.TurkErrorCode).toBe("AWS.MechanicalTurk.InsufficientFunds");
    expect(await balance(worker.id)).toBe(20);
    expect(await balance(stranger.id)).toBe(10);
    expect(await holds([user.id, worker.id, stranger.id])).toBe(true);
  });

  it("keeps another requester's assignments and HITs out of ListBonusPayments and SendBonus", async () => {
    const owner = await approvedAssignment(500);
    const other = await requester(500);
    for (const attempt of [
      other.mturk.send(new ListBonusPaymentsCommand({ HITId: owner.hitId })),
      other.mturk.send(new ListBonusPaymentsCommand({ AssignmentId: owner.assignmentId })),
      other.mturk.send(
        new SendBonusCommand({
          WorkerId: owner.worker.id,
          AssignmentId: owner.assignmentId,
          BonusAmount: "0.05",
          Reason: "x",
        }),
      ),
    ]) {
      const e = await refusal(attempt);
      expect(e.message).toMatch(/does not exist/);
    }
    expect(await balance(other.user.id)).toBe(500);
  });
});

describe("worker blocks", () => {
  it("blocks a worker from starting the requester's HITs, lists and lifts the block", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const worker = await funded("Worker", 10);
    await mturk.send(new CreateWorkerBlockCommand({ WorkerId: worker.id, Reason: "Copied answers" }));
    const listed = await mturk.send(new ListWorkerBlocksCommand({}));
    expect(listed.WorkerBlocks).toEqual([{ WorkerId: worker.id, Reason: "Copied answers" }]);
    await expect(startTask(env, await sessionUser(worker.id), HIT!.HITId!)).rejects.toThrow();
    await mturk.send(new DeleteWorkerBlockCommand({ WorkerId: worker.id }));
    // lifting again changes nothing and succeeds, as on MTurk
    await mturk.send(new DeleteWorkerBlockCommand({ WorkerId: worker.id }));
    expect((await mturk.send(new ListWorkerBlocksCommand({}))).WorkerBlocks).toEqual([]);
    await startTask(env, await sessionUser(worker.id), HIT!.HITId!);
    const noReason = await refusal(mturk.send(new CreateWorkerBlockCommand({ WorkerId: worker.id, Reason: " " })));
    expect(noReason).toBeInstanceOf(RequestError);
    const notWorker = await refusal(
      mturk.send(new CreateWorkerBlockCommand({ WorkerId: (await funded("Buyer", 50)).id, Reason: "x" })),
    );
    expect(notWorker.TurkErrorCode).toBe("AWS.MechanicalTurk.PermissionDenied");
  });

  it("pages ListWorkerBlocks with MaxResults and NextToken", async () => {
    const { mturk } = await requester(50);
    const workers = await Promise.all([1, 2, 3].map(() => funded("Worker", 10)));
    for (const w of workers) await mturk.send(new CreateWorkerBlockCommand({ WorkerId: w.id, Reason: "spam" }));
    const first = await mturk.send(new ListWorkerBlocksCommand({ MaxResults: 2 }));
    expect(first.WorkerBlocks).toHaveLength(2);
    const second = await mturk.send(new ListWorkerBlocksCommand({ MaxResults: 2, NextToken: first.NextToken }));
    expect(second.WorkerBlocks).toHaveLength(1);
    // as MTurk answers: a page that lists something carries a token; the empty page after the last carries none
    const third = await mturk.send(new ListWorkerBlocksCommand({ MaxResults: 2, NextToken: second.NextToken }));
    expect(third.WorkerBlocks).toEqual([]);
    expect(third.NextToken).toBeUndefined();
    const seen = [...first.WorkerBlocks!, ...second.WorkerBlocks!].map((b) => b.WorkerId).sort();
    expect(seen).toEqual(workers.map((w) => w.id).sort());
    const bad = await refusal(mturk.send(new ListWorkerBlocksCommand({ NextToken: "nonsense" })));
    expect(bad).toBeInstanceOf(RequestError);
  });
});

describe("NotifyWorkers", () => {
  it("notifies and e-mails only the workers who worked for the requester", async () => {
    const { worker, mturk } = await approvedAssignment(500);
    const stranger = await funded("Worker", 10);
    const subject = `New batch ${uniqueToken()}`;
    const { NotifyWorkersFailureStatuses } = await mturk.send(
      new NotifyWorkersCommand({
        Subject: subject,
        MessageText: "More photos tomorrow.",
        WorkerIds: [worker.id, stranger.id],
      }),
    );
    expect(NotifyWorkersFailureStatuses).toEqual([
      expect.objectContaining({ WorkerId: stranger.id, NotifyWorkersFailureCode: "HardFailure" }),
    ]);
    const note = await row<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = ? AND message LIKE ?",
      worker.id,
      `%${subject}%`,
    );
    expect(note!.message).toContain("More photos tomorrow.");
    expect((await mailTo(worker.email)).some((m) => m.subject.includes(subject))).toBe(true);
    expect(
      await row("SELECT id FROM notifications WHERE user_id = ? AND message LIKE ?", stranger.id, `%${subject}%`),
    ).toBeNull();
    expect((await mailTo(stranger.email)).some((m) => m.subject.includes(subject))).toBe(false);
    const empty = await refusal(
      mturk.send(new NotifyWorkersCommand({ Subject: "x", MessageText: "y", WorkerIds: [] })),
    );
    expect(empty).toBeInstanceOf(RequestError);
  });
});

describe("requester keys without MTURK_KEY_SECRET", () => {
  it("fails closed with its own fault: no key made or accepted, and the API answers a ServiceFault saying why", async () => {
    const buyer = await funded("Buyer", 50);
    const bare = { ...env, MTURK_KEY_SECRET: "" } as Env;
    const made = await createRequesterKey(bare, await sessionUser(buyer.id), {
      currentPassword: PASSWORD,
      signedInAt: null,
      origin: "https://coinwork.test",
    }).catch((e: unknown) => e);
    expect(appRefusal(made)).toMatchObject({ status: 503, code: "keys_unavailable" });
    const checked = await requesterByKey(bare, "AKCWAAAAAAAAAAAAAAAA").catch((e: unknown) => e);
    const answer = errorAnswer(checked);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      __type: "ServiceFault",
      Message: expect.stringContaining("MTURK_KEY_SECRET"),
    });
    // a configured server still answers
    const { mturk } = await requester(50);
    expect((await mturk.send(new GetAccountBalanceCommand({}))).AvailableBalance).toBe("2.50");
  });
});
