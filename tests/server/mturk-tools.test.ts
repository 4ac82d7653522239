// What research tools built on the MTurk API (psiTurk, Mephisto, Dallinger) read and do, driven through the real
// AWS SDK (@aws-sdk/client-mturk) inside workerd on real local D1 (docs/mturk.md): the HIT and Assignment shapes,
// the HITStatus lifecycle, NextToken as MTurk answers it, MTurk's words where tools match them, and the money
// semantics decided worker-first (bonuses before review and rounded up, rejections without a reason, approvals
// that override a rejection).
import { describe, expect, it } from "vitest";
import {
  ApproveAssignmentCommand,
  CreateHITCommand,
  CreateHITTypeCommand,
  CreateHITWithHITTypeCommand,
  CreateQualificationTypeCommand,
  DeleteHITCommand,
  GetAssignmentCommand,
  GetHITCommand,
  ListAssignmentsForHITCommand,
  ListBonusPaymentsCommand,
  ListHITsCommand,
  ListReviewableHITsCommand,
  UpdateHITReviewStatusCommand,
  ListWorkerBlocksCommand,
  ListWorkersWithQualificationTypeCommand,
  RejectAssignmentCommand,
  RequestError,
  SendBonusCommand,
  UpdateExpirationForHITCommand,
  paginateListHITs,
  type MTurkClient,
} from "@aws-sdk/client-mturk";
import {
  balance,
  env,
  expectBooksAgree,
  expectCountersAgree,
  funded,
  getPage,
  holds,
  htmlOf,
  isoDay,
  rest,
  row,
  sessionUser,
  submissionBy,
  uniqueToken,
} from "./fixtures";
import { CAT_QUESTION, hitInput, refusal, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { assignmentOfHold } from "~/server/services/hit-questions.server";
import { reviewWindowDays } from "~/lib/review";

const latestNotice = (userId: string) =>
  row<{ message: string }>(
    "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
    userId,
  );

const hitOf = async (mturk: MTurkClient, HITId: string) => (await mturk.send(new GetHITCommand({ HITId }))).HIT!;

describe("the HIT and Assignment as MTurk shapes them", () => {
  it("answers CreateHIT and GetHIT with every field of MTurk's HIT that a tool reads", async () => {
    const { user, mturk } = await requester(500);
    const annotation = `batch-${uniqueToken()}`;
    const { HIT: made } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          MaxAssignments: 2,
          AssignmentDurationInSeconds: 900,
          Keywords: "photo, cats",
          RequesterAnnotation: annotation,
          QualificationRequirements: [
            { QualificationTypeId: "000000000000000000L0", Comparator: "GreaterThanOrEqualTo", IntegerValues: [80] },
          ],
        }),
      ),
    );
    const got = await hitOf(mturk, made!.HITId!);
    // psiTurk's and Dallinger's readers index these fields directly: each must be there
    for (const hit of [made!, got])
      expect(hit).toMatchObject({
        HITId: made!.HITId,
        HITTypeId: expect.stringMatching(/^[0-9A-F]{30}$/),
        HITGroupId: made!.HITTypeId,
        Question: CAT_QUESTION,
        Keywords: "photo, cats",
        HITStatus: "Assignable",
        MaxAssignments: 2,
        Reward: "0.50",
        AutoApprovalDelayInSeconds: reviewWindowDays(env.REVIEW_WINDOW_DAYS) * 86_400,
        AssignmentDurationInSeconds: 900,
        RequesterAnnotation: annotation,
        QualificationRequirements: [
          {
            QualificationTypeId: "000000000000000000L0",
            Comparator: "GreaterThanOrEqualTo",
            IntegerValues: [80],
            RequiredToPreview: false,
            ActionsGuarded: "Accept",
          },
        ],
        HITReviewStatus: "NotReviewed",
        NumberOfAssignmentsPending: 0,
        NumberOfAssignmentsAvailable: 2,
        NumberOfAssignmentsCompleted: 0,
      });
    expect(got.CreationTime).toBeInstanceOf(Date);
    expect(got.Expiration!.getTime()).toBeGreaterThan(Date.now());
    expect(await holds([user.id])).toBe(true);
  });

  it("answers an Assignment's accept time, deadline and the requester's feedback on approval and rejection", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const [w1, w2] = await Promise.all([funded("Worker", 10), funded("Worker", 10)]);
    const s1 = await submissionBy(w1, HIT!.HITId!, "a cat");
    const s2 = await submissionBy(w2, HIT!.HITId!, "a dog");
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: s1.id, RequesterFeedback: "Spot on, thanks." }));
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s2.id, RequesterFeedback: "It is a cat." }));
    const approved = (await mturk.send(new GetAssignmentCommand({ AssignmentId: s1.id }))).Assignment!;
    // accepted when the worker started; the deadline is the start plus the assignment's duration (600 s)
    expect(approved.AcceptTime!.getTime()).toBe(Math.floor(s1.startedAt! / 1000) * 1000);
    expect(approved.Deadline!.getTime() - approved.AcceptTime!.getTime()).toBe(600_000);
    expect(approved).toMatchObject({ AssignmentStatus: "Approved", RequesterFeedback: "Spot on, thanks." });
    expect(approved.ApprovalTime).toBeInstanceOf(Date);
    expect((await latestNotice(w1.id))!.message).toContain("The buyer wrote: Spot on, thanks.");
    const rejected = (await mturk.send(new GetAssignmentCommand({ AssignmentId: s2.id }))).Assignment!;
    expect(rejected).toMatchObject({ AssignmentStatus: "Rejected", RequesterFeedback: "It is a cat." });
    expect(rejected.RejectionTime).toBeInstanceOf(Date);
  });

  it("finds an assignment by the assignmentId its question's frame gave the worker (what psiTurk and Mephisto keep)", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const w = await funded("Worker", 10);
    const hold = await startTask(env, await sessionUser(w.id), HIT!.HITId!);
    const frameId = await assignmentOfHold(env, { taskId: HIT!.HITId!, workerId: w.id, startedAt: hold.startedAt });
    const posted = await fetchExternalSubmit({ assignmentId: frameId, cat: "yes" });
    expect(posted.status).toBe(200);
    const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId }));
    expect(Assignments!.map((a) => a.AssignmentId)).toEqual([frameId]);
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: frameId }));
    expect(await balance(w.id)).toBe(20);
    expect((await mturk.send(new GetAssignmentCommand({ AssignmentId: frameId }))).Assignment!.AssignmentStatus).toBe(
      "Approved",
    );
    expect(await holds([user.id, w.id])).toBe(true);
  });
});

/** The question's form as its sandboxed frame posts it. */
async function fetchExternalSubmit(fields: Record<string, string>) {
  const { exports } = await import("cloudflare:workers");
  return (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default.fetch(
    new Request("https://coinwork.test/mturk/externalSubmit", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "null" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe("the HITStatus lifecycle", () => {
  it("runs Assignable, Unassignable while every slot is held, Reviewable once all is sent, and stays Reviewable once reviewed", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const id = HIT!.HITId!;
    const w = await funded("Worker", 10);
    const worker = await sessionUser(w.id);
    await startTask(env, worker, id);
    expect(await hitOf(mturk, id)).toMatchObject({
      HITStatus: "Unassignable",
      NumberOfAssignmentsPending: 1,
      NumberOfAssignmentsAvailable: 0,
    });
    // a start whose time ran out counts as open at once
    await env.DB.prepare("UPDATE task_holds SET expires_at = ? WHERE task_id = ?")
      .bind(Date.now() - 1, id)
      .run();
    expect(await hitOf(mturk, id)).toMatchObject({ HITStatus: "Assignable", NumberOfAssignmentsAvailable: 1 });
    const s = await submissionBy(w, id, "a cat");
    const sent = await hitOf(mturk, id);
    expect(sent).toMatchObject({
      HITStatus: "Reviewable",
      NumberOfAssignmentsPending: 0,
      NumberOfAssignmentsAvailable: 0,
      NumberOfAssignmentsCompleted: 0,
    });
    // psiTurk's count of submissions needing action
    expect(
      sent.MaxAssignments! -
        sent.NumberOfAssignmentsCompleted! -
        sent.NumberOfAssignmentsPending! -
        sent.NumberOfAssignmentsAvailable!,
    ).toBe(1);
    expect((await mturk.send(new ListReviewableHITsCommand({}))).HITs!.map((h) => h.HITId)).toEqual([id]);
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: s.id }));
    expect(await hitOf(mturk, id)).toMatchObject({ HITStatus: "Reviewable", NumberOfAssignmentsCompleted: 1 });
    expect((await mturk.send(new ListReviewableHITsCommand({}))).HITs!.map((h) => h.HITId)).toEqual([id]);
  });

  it("makes a HIT past its day Reviewable with its open slots still counted, Reviewing when marked, Disposed once deleted", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 3 })));
    const id = HIT!.HITId!;
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), id).run();
    // Mephisto reads a Reviewable HIT with assignments available as expired
    expect(await hitOf(mturk, id)).toMatchObject({ HITStatus: "Reviewable", NumberOfAssignmentsAvailable: 3 });
    await mturk.send(new UpdateHITReviewStatusCommand({ HITId: id, Revert: false }));
    expect((await hitOf(mturk, id)).HITStatus).toBe("Reviewing");
    const reviewing = await mturk.send(new ListReviewableHITsCommand({ Status: "Reviewing" }));
    expect(reviewing.HITs!.map((h) => h.HITId)).toEqual([id]);
    expect((await mturk.send(new ListReviewableHITsCommand({}))).HITs).toEqual([]);
    await mturk.send(new UpdateHITReviewStatusCommand({ HITId: id, Revert: true }));
    expect((await hitOf(mturk, id)).HITStatus).toBe("Reviewable");

    await mturk.send(new DeleteHITCommand({ HITId: id }));
    expect((await hitOf(mturk, id)).HITStatus).toBe("Disposed");
    // Dallinger matches these words to know the HIT is gone already
    const again = await refusal(mturk.send(new DeleteHITCommand({ HITId: id })));
    expect(again.message).toContain("currently in the state 'Disposed'");
    expect((await mturk.send(new ListHITsCommand({}))).HITs).toEqual([]);
  });

  it("lists Reviewable HITs by HIT type, and an expired-now HIT (UpdateExpirationForHIT) as Reviewable", async () => {
    const { mturk } = await requester(500);
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({
        Title: `Type ${uniqueToken()}`,
        Description: "d",
        Reward: "0.05",
        AssignmentDurationInSeconds: 300,
      }),
    );
    const { HIT: typed } = await mturk.send(
      new CreateHITWithHITTypeCommand({
        HITTypeId,
        MaxAssignments: 1,
        LifetimeInSeconds: 86_400,
        Question: CAT_QUESTION,
      }),
    );
    const { HIT: other } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    for (const h of [typed!, other!])
      await mturk.send(new UpdateExpirationForHITCommand({ HITId: h.HITId, ExpireAt: new Date(0) }));
    const all = await mturk.send(new ListReviewableHITsCommand({}));
    expect(all.HITs!.map((h) => h.HITId).sort()).toEqual([typed!.HITId, other!.HITId].sort());
    const ofType = await mturk.send(new ListReviewableHITsCommand({ HITTypeId }));
    expect(ofType.HITs!.map((h) => h.HITId)).toEqual([typed!.HITId]);
  });
});

describe("NextToken, as MTurk answers it", () => {
  it("ends a while-NextToken loop, the SDK's paginator and a loop that stops at an empty page, each seeing every HIT once", async () => {
    const { mturk } = await requester(500);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })))).HIT!.HITId!);

    // psiTurk, Dallinger: ask again while a NextToken comes
    const seen: string[] = [];
    let answer = await mturk.send(new ListHITsCommand({ MaxResults: 2 }));
    let calls = 1;
    seen.push(...answer.HITs!.map((h) => h.HITId!));
    while (answer.NextToken && calls < 10) {
      answer = await mturk.send(new ListHITsCommand({ MaxResults: 2, NextToken: answer.NextToken }));
      calls += 1;
      seen.push(...answer.HITs!.map((h) => h.HITId!));
    }
    expect(answer.NextToken).toBeUndefined();
    expect(seen.sort()).toEqual([...made].sort());
    // the last page of HITs still carries a token (Mephisto reads it); the page after it is empty and carries none
    expect(calls).toBe(3);

    const paged: string[] = [];
    for await (const page of paginateListHITs({ client: mturk, pageSize: 2 }, {}))
      paged.push(...page.HITs!.map((h) => h.HITId!));
    expect(paged.sort()).toEqual([...made].sort());

    // Mephisto: `while len(new_hits["HITs"]) > 0: list_hits(NextToken=new_hits["NextToken"])`
    let page = await mturk.send(new ListHITsCommand({ MaxResults: 3 }));
    const mephisto = [...page.HITs!];
    while (page.HITs!.length > 0) {
      expect(page.NextToken).toBeTruthy();
      page = await mturk.send(new ListHITsCommand({ MaxResults: 3, NextToken: page.NextToken }));
      mephisto.push(...page.HITs!);
    }
    expect(mephisto).toHaveLength(3);
  });

  it("answers a forged NextToken with a RequestError on every list, never a fault", async () => {
    const { mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const { QualificationType } = await mturk.send(
      new CreateQualificationTypeCommand({
        Name: `Forged ${uniqueToken()}`,
        Description: "d",
        QualificationTypeStatus: "Active",
      }),
    );
    const forged = [
      "nonsense!",
      btoa('[1e999,"x"]'),
      btoa('[-5,"x"]'),
      btoa('[1.5,"x"]'),
      btoa('[1,{"a":1}]'),
      btoa("null"),
      btoa(`[1,"${"x".repeat(100)}"]`),
      btoa("page:1e300"),
      btoa("page:99999999999"),
      btoa("page:0"),
      "A".repeat(5000),
    ];
    // one call at a time: each is awaited as it is made
    const lists = (NextToken: string) => [
      () => mturk.send(new ListHITsCommand({ NextToken })),
      () => mturk.send(new ListReviewableHITsCommand({ NextToken })),
      () => mturk.send(new ListAssignmentsForHITCommand({ HITId: HIT!.HITId, NextToken })),
      () => mturk.send(new ListBonusPaymentsCommand({ HITId: HIT!.HITId, NextToken })),
      () => mturk.send(new ListWorkerBlocksCommand({ NextToken })),
      () =>
        mturk.send(
          new ListWorkersWithQualificationTypeCommand({
            QualificationTypeId: QualificationType!.QualificationTypeId,
            NextToken,
          }),
        ),
    ];
    for (const token of forged)
      for (const call of lists(token)) {
        const e = await refusal(call());
        expect(e, token).toBeInstanceOf(RequestError);
        expect(e.$metadata?.httpStatusCode, token).toBe(400);
      }
  });
});

describe("MTurk's words where tools match them", () => {
  it("refuses a second QualificationType of the same name in MTurk's words (Mephisto and Dallinger look for them)", async () => {
    const { mturk } = await requester(50);
    const Name = `Done before ${uniqueToken()}`;
    await mturk.send(new CreateQualificationTypeCommand({ Name, Description: "d", QualificationTypeStatus: "Active" }));
    const again = await refusal(
      mturk.send(new CreateQualificationTypeCommand({ Name, Description: "d", QualificationTypeStatus: "Active" })),
    );
    expect(again).toBeInstanceOf(RequestError);
    expect(again.message.startsWith("You have already created a QualificationType with this name.")).toBe(true);
  });
});

describe("bonuses, as tools pay them", () => {
  it("pays a bonus on a submitted assignment not yet reviewed, rounding cents up to a whole coin, and lists what was paid", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const w = await funded("Worker", 10);
    const s = await submissionBy(w, HIT!.HITId!, "a cat");
    const before = await balance(user.id);
    // $0.07 is 1.4 coins: the worker gets 2 ($0.10)
    await mturk.send(
      new SendBonusCommand({ WorkerId: w.id, AssignmentId: s.id, BonusAmount: "0.07", Reason: "Quick and careful" }),
    );
    expect(await balance(user.id)).toBe(before - 2);
    expect(await balance(w.id)).toBe(12);
    const listed = await mturk.send(new ListBonusPaymentsCommand({ AssignmentId: s.id }));
    expect(listed.BonusPayments).toEqual([expect.objectContaining({ BonusAmount: "0.10", WorkerId: w.id })]);
    // then approved, as oTree-style tools do
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: s.id }));
    expect(await balance(w.id)).toBe(22);
    expect(await holds([user.id, w.id])).toBe(true);
  });

  it("refuses what the Bonuses page refuses (nothing, more than 10,000 coins) with a validation error, not insufficient funds", async () => {
    const { user, mturk } = await requester(60);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const w = await funded("Worker", 10);
    const s = await submissionBy(w, HIT!.HITId!, "a cat");
    for (const BonusAmount of ["500.05", "10000.00", "0.00"]) {
      const e = await refusal(
        mturk.send(new SendBonusCommand({ WorkerId: w.id, AssignmentId: s.id, BonusAmount, Reason: "x" })),
      );
      expect(e, BonusAmount).toBeInstanceOf(RequestError);
      expect(e.TurkErrorCode, BonusAmount).toBe("AWS.MechanicalTurk.InvalidParameterValue");
      expect(e.message, BonusAmount).toContain("at most $500.00 (10,000 coins)");
    }
    // within the bounds, beyond the balance: that is insufficient funds
    const dear = await refusal(
      mturk.send(new SendBonusCommand({ WorkerId: w.id, AssignmentId: s.id, BonusAmount: "500.00", Reason: "x" })),
    );
    expect(dear.TurkErrorCode).toBe("AWS.MechanicalTurk.InsufficientFunds");
    expect(await balance(w.id)).toBe(10);
    expect(await holds([user.id, w.id])).toBe(true);
  });
});

describe("reviews, as tools send them", () => {
  it("rejects with an empty RequesterFeedback: the worker reads that no reason was given, and the buyer's record counts it", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const [w1, w2] = await Promise.all([funded("Worker", 10), funded("Worker", 10)]);
    const s1 = await submissionBy(w1, HIT!.HITId!, "x");
    const s2 = await submissionBy(w2, HIT!.HITId!, "y");
    // psiTurk rejects with RequesterFeedback=''
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s1.id, RequesterFeedback: "" }));
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s2.id, RequesterFeedback: "Off topic." }));
    expect((await latestNotice(w1.id))!.message).toContain("was rejected. The requester gave no reason.");
    expect((await mturk.send(new GetAssignmentCommand({ AssignmentId: s1.id }))).Assignment!.RequesterFeedback).toBe(
      undefined,
    );
    const api = await rest<Record<string, unknown>>("GET", `/buyer-reputation?id=${user.id}`);
    expect(api.body).toMatchObject({ approval_rate_all_time: 0, rejections_without_reason: 1 });
    const page = await htmlOf(await getPage(`/buyers/${user.id}`), true);
    expect(page).toMatch(/Rejections without a reason<\/dt><dd[^>]*>1</);
    const mine = await htmlOf(await getPage(`/dashboard/mysubmissions`, w1.cookie), true);
    expect(mine).toContain("The requester gave no reason.");
    await expectCountersAgree();
  });

  it("approves with OverrideRejection=true: a submitted assignment as any approval, a rejected one reversed and paid from the balance", async () => {
    const { user, mturk } = await requester(500);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const [w1, w2] = await Promise.all([funded("Worker", 10), funded("Worker", 10)]);
    const s1 = await submissionBy(w1, HIT!.HITId!, "x");
    const s2 = await submissionBy(w2, HIT!.HITId!, "y");
    // Mephisto approves every assignment this way
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: s1.id, OverrideRejection: true }));
    expect(await balance(w1.id)).toBe(20);

    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s2.id, RequesterFeedback: "Not a cat." }));
    // the worker appeals; then the buyer reverses the rejection themselves
    await fileAppeal(env, await sessionUser(w2.id), s2.id, "It is a cat, look again.");
    const without = await refusal(mturk.send(new ApproveAssignmentCommand({ AssignmentId: s2.id })));
    expect(without).toBeInstanceOf(RequestError);
    const before = await balance(user.id);
    await mturk.send(
      new ApproveAssignmentCommand({ AssignmentId: s2.id, OverrideRejection: true, RequesterFeedback: "Sorry!" }),
    );
    expect(await balance(user.id)).toBe(before - 10);
    expect(await balance(w2.id)).toBe(20);
    expect(await row("SELECT status, reject_reason FROM submissions WHERE id = ?", s2.id)).toEqual({
      status: "approved",
      reject_reason: null,
    });
    const ledger = await env.DB.prepare(
      "SELECT user_id AS user, delta, kind FROM coin_ledger WHERE submission_id = ? ORDER BY delta",
    )
      .bind(s2.id)
      .all();
    expect(ledger.results).toEqual([
      { user: user.id, delta: -10, kind: "appeal_charge" },
      { user: w2.id, delta: 10, kind: "submission_payout" },
    ]);
    // the appeal has nothing left to decide
    expect(await row("SELECT id FROM appeals WHERE submission_id = ?", s2.id)).toBeNull();
    expect((await latestNotice(w2.id))!.message).toContain("reversed their rejection");
    const a = (await mturk.send(new GetAssignmentCommand({ AssignmentId: s2.id }))).Assignment!;
    expect(a).toMatchObject({ AssignmentStatus: "Approved", RequesterFeedback: "Sorry!" });
    // once only
    const twice = await refusal(
      mturk.send(new ApproveAssignmentCommand({ AssignmentId: s2.id, OverrideRejection: true })),
    );
    expect(twice).toBeInstanceOf(RequestError);
    expect(await balance(w2.id)).toBe(20);
    await expectBooksAgree([user.id, w1.id, w2.id]);
  });

  it("refuses to reverse a rejection the balance cannot pay, changing nothing", async () => {
    const { user, mturk } = await requester(20);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const w = await funded("Worker", 10);
    const s = await submissionBy(w, HIT!.HITId!, "x");
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: s.id, RequesterFeedback: "No." }));
    expect(await balance(user.id)).toBe(0);
    const e = await refusal(mturk.send(new ApproveAssignmentCommand({ AssignmentId: s.id, OverrideRejection: true })));
    expect(e.TurkErrorCode).toBe("AWS.MechanicalTurk.InsufficientFunds");
    expect(await row("SELECT status FROM submissions WHERE id = ?", s.id)).toEqual({ status: "rejected" });
    expect(await balance(w.id)).toBe(10);
    expect(await holds([user.id, w.id])).toBe(true);
  });
});
