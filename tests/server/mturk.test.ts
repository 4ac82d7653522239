// The MTurk Requester API driven by the real AWS SDK (@aws-sdk/client-mturk) inside workerd: its requests go
// through the Worker's own fetch (no network), signed by the SDK, answered on real local D1.
import { describe, expect, it } from "vitest";
import {
  ApproveAssignmentCommand,
  CreateHITCommand,
  DeleteHITCommand,
  GetAccountBalanceCommand,
  GetAssignmentCommand,
  GetHITCommand,
  ListAssignmentsForHITCommand,
  ListHITsCommand,
  ListReviewableHITsCommand,
  GetFileUploadURLCommand,
  RejectAssignmentCommand,
  RequestError,
  UpdateExpirationForHITCommand,
} from "@aws-sdk/client-mturk";
import { balance, env, funded, holds, row, sessionUser, submissionBy, uniqueToken } from "./fixtures";
import { hitInput, mturkClient as client, refusal, requester } from "./fixtures/mturk";
import { revokeRequesterKey } from "~/server/services/requester-keys.server";

describe("the MTurk Requester API through @aws-sdk/client-mturk", () => {
  it("runs the loop: balance, CreateHIT with escrow, a worker submits, list, approve and reject, ledger holding", async () => {
    const { user, mturk } = await requester(1_000);
    // 1,000 coins at 20 per dollar
    expect((await mturk.send(new GetAccountBalanceCommand({}))).AvailableBalance).toBe("50.00");

    const { HIT } = await mturk.send(new CreateHITCommand(hitInput()));
    // $0.50 is 10 coins, three assignments escrow 30
    expect(await balance(user.id)).toBe(970);
    expect(HIT).toMatchObject({
      Reward: "0.50",
      MaxAssignments: 3,
      HITStatus: "Assignable",
      NumberOfAssignmentsAvailable: 3,
    });
    const task = await row<{ payable_amount: number; required_workers: number }>(
      "SELECT payable_amount, required_workers FROM tasks WHERE id = ?",
      HIT!.HITId,
    );
    expect(task).toEqual({ payable_amount: 10, required_workers: 3 });

    const [w1, w2] = await Promise.all([funded("Worker", 10), funded("Worker", 10)]);
    const s1 = await submissionBy(w1, HIT!.HITId!, "It is a cat");
    const s2 = await submissionBy(w2, HIT!.HITId!, "no idea");

    const listed = await mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId, MaxResults: 1 }));
    expect(listed.Assignments).toHaveLength(1);
    expect(listed.NextToken).toBeTruthy();
    const rest = await mturk.send(
      new ListAssignmentsForHITCommand({ HITId: HIT!.HITId, MaxResults: 1, NextToken: listed.NextToken }),
    );
    const ids = [listed.Assignments![0].AssignmentId, rest.Assignments![0].AssignmentId];
    expect(ids.sort()).toEqual([s1.id, s2.id].sort());

    const got = await mturk.send(new GetAssignmentCommand({ AssignmentId: s1.id }));
    expect(got.Assignment).toMatchObject({ AssignmentStatus: "Submitted", WorkerId: w1.id, HITId: HIT!.HITId });
    expect(got.Assignment!.Answer).toContain("<FreeText>It is a cat</FreeText>");
    // a slot is still open: the HIT is Assignable, not yet Reviewable
    expect((await mturk.send(new ListReviewableHITsCommand({}))).HITs!.map((h) => h.HITId)).not.toContain(HIT!.HITId);

    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: s1.id }));
    expect(await balance(w1.id)).toBe(20);
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s2.id, RequesterFeedback: "Not a cat answer" }));
    const after = await mturk.send(new GetHITCommand({ HITId: HIT!.HITId }));
    // one approved and one rejected (MTurk's completed); the rejected one's slot reopened, so the HIT has one more
    expect(after.HIT).toMatchObject({
      NumberOfAssignmentsCompleted: 2,
      NumberOfAssignmentsAvailable: 2,
      MaxAssignments: 4,
    });
    const twice = await refusal(mturk.send(new ApproveAssignmentCommand({ AssignmentId: s1.id })));
    expect(twice).toBeInstanceOf(RequestError);
    expect(await balance(w1.id)).toBe(20);

    expect((await mturk.send(new ListHITsCommand({}))).HITs!.map((h) => h.HITId)).toEqual([HIT!.HITId]);
    await mturk.send(new DeleteHITCommand({ HITId: HIT!.HITId }));
    // the two open slots (one never taken, one reopened by the rejection) give back their 20 coins
    expect(await balance(user.id)).toBe(990);
    expect(await holds([user.id, w1.id, w2.id])).toBe(true);
  });

  it("makes one HIT per UniqueRequestToken and charges once", async () => {
    const { user, mturk } = await requester(200);
    const input = hitInput({ UniqueRequestToken: uniqueToken("req"), MaxAssignments: 2 });
    const { HIT } = await mturk.send(new CreateHITCommand(input));
    const again = await refusal(mturk.send(new CreateHITCommand(input)));
    expect(again).toBeInstanceOf(RequestError);
    expect(again.TurkErrorCode).toBe("AWS.MechanicalTurk.HitAlreadyExists");
    expect(again.message).toContain(HIT!.HITId);
    expect(await balance(user.id)).toBe(180);
    expect((await mturk.send(new ListHITsCommand({}))).HITs).toHaveLength(1);
    expect(await holds([user.id])).toBe(true);
  });

  it("moves a HIT's expiration, and expiring it now returns its open slots' escrow", async () => {
    const { user, mturk } = await requester(200);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 4 })));
    expect(await balance(user.id)).toBe(160);
    const later = new Date(Date.now() + 10 * 86_400_000);
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: HIT!.HITId, ExpireAt: later }));
    const moved = (await mturk.send(new GetHITCommand({ HITId: HIT!.HITId }))).HIT!;
    expect(moved.Expiration!.toISOString().slice(0, 10)).toBe(later.toISOString().slice(0, 10));
    const worker = await funded("Worker", 10);
    await submissionBy(worker, HIT!.HITId!, "done");
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: HIT!.HITId, ExpireAt: new Date(0) }));
    // three open slots of 10 coins come back; the submitted one stays escrowed for its review
    expect(await balance(user.id)).toBe(190);
    const expired = (await mturk.send(new GetHITCommand({ HITId: HIT!.HITId }))).HIT!;
    // the submitted assignment waits for review: neither open, nor being worked on, nor completed
    expect(expired).toMatchObject({
      HITStatus: "Reviewable",
      MaxAssignments: 1,
      NumberOfAssignmentsAvailable: 0,
      NumberOfAssignmentsPending: 0,
      NumberOfAssignmentsCompleted: 0,
    });
    expect(await holds([user.id, worker.id])).toBe(true);
  });

  it("rounds a reward that is not whole coins up to the next coin, in the worker's favour, and refuses more than the balance", async () => {
    const { user, mturk } = await requester(100);
    const dear = await refusal(mturk.send(new CreateHITCommand(hitInput({ Reward: "5.00", MaxAssignments: 2 }))));
    expect(dear.TurkErrorCode).toBe("AWS.MechanicalTurk.InsufficientFunds");
    expect(await balance(user.id)).toBe(100);
    expect((await mturk.send(new ListHITsCommand({}))).HITs).toHaveLength(0);
    // $0.07 is 1.4 coins: each of the 3 workers earns 2 coins ($0.10), and the answer says so
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ Reward: "0.07" })));
    expect(HIT!.Reward).toBe("0.10");
    expect(await row("SELECT payable_amount FROM tasks WHERE id = ?", HIT!.HITId)).toEqual({ payable_amount: 2 });
    expect(await balance(user.id)).toBe(94);
    expect((await mturk.send(new ListHITsCommand({}))).HITs!.map((h) => h.Reward)).toEqual(["0.10"]);
  });

  it("refuses bad signatures, unknown and revoked keys, stale requests and unsupported operations", async () => {
    const { user, mturk, key, secret } = await requester(100);
    const wrong = await refusal(client(key, secret.slice(1) + "x").send(new CreateHITCommand(hitInput())));
    expect(wrong.name).toBe("InvalidSignatureException");
    const unknown = await refusal(client("AKCWNOSUCHKEY0000000", secret).send(new GetAccountBalanceCommand({})));
    expect(unknown.name).toBe("UnrecognizedClientException");
    // the SDK signs with a clock 20 minutes behind
    const stale = await refusal(
      client(key, secret, { systemClockOffset: -20 * 60_000 }).send(new CreateHITCommand(hitInput())),
    );
    expect(stale.name).toBe("InvalidSignatureException");
    const unsupported = await refusal(
      mturk.send(new GetFileUploadURLCommand({ AssignmentId: "x", QuestionIdentifier: "photo" })),
    );
    expect(unsupported).toBeInstanceOf(RequestError);
    expect(unsupported.message).toContain("GetFileUploadURL");
    await revokeRequesterKey(env, await sessionUser(user.id), key);
    const revoked = await refusal(mturk.send(new CreateHITCommand(hitInput())));
    expect(revoked.name).toBe("UnrecognizedClientException");
    expect(await balance(user.id)).toBe(100);
    expect(await row("SELECT id FROM tasks WHERE buyer_id = ?", user.id)).toBeNull();
  });

  it("keeps another requester's HITs and assignments out of reach, changing nothing", async () => {
    const owner = await requester(500);
    const other = await requester(500);
    const { HIT } = await owner.mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const worker = await funded("Worker", 10);
    const s = await submissionBy(worker, HIT!.HITId!, "done");
    for (const attempt of [
      other.mturk.send(new GetHITCommand({ HITId: HIT!.HITId })),
      other.mturk.send(new DeleteHITCommand({ HITId: HIT!.HITId })),
      other.mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId })),
      other.mturk.send(new GetAssignmentCommand({ AssignmentId: s.id })),
      other.mturk.send(new ApproveAssignmentCommand({ AssignmentId: s.id })),
      other.mturk.send(new RejectAssignmentCommand({ AssignmentId: s.id, RequesterFeedback: "no" })),
    ]) {
      const e = await refusal(attempt);
      expect(e).toBeInstanceOf(RequestError);
      expect(e.message).toMatch(/does not exist/);
    }
    expect(await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", s.id)).toEqual({
      status: "pending",
    });
    expect(await balance(worker.id)).toBe(10);
    expect(await holds([owner.user.id, other.user.id, worker.id])).toBe(true);
  });
});
