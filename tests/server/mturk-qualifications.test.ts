// The MTurk Requester API's qualification operations and a HIT's category, driven by the real AWS SDK
// (@aws-sdk/client-mturk) inside workerd on real local D1: each over the qualifications service the pages use.
import { describe, expect, it } from "vitest";
import {
  AssociateQualificationWithWorkerCommand,
  CreateHITCommand,
  CreateHITTypeCommand,
  CreateQualificationTypeCommand,
  DisassociateQualificationFromWorkerCommand,
  GetQualificationScoreCommand,
  ListWorkersWithQualificationTypeCommand,
  RequestError,
  type MTurkClient,
} from "@aws-sdk/client-mturk";
import { balance, env, funded, holds, row, sessionUser, uniqueToken } from "./fixtures";
import { hitInput, qualificationType, refusal, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { takeTest, testForWorker } from "~/server/services/qualifications.server";

const score = (mturk: MTurkClient, QualificationTypeId: string, WorkerId: string) =>
  mturk.send(new GetQualificationScoreCommand({ QualificationTypeId, WorkerId }));

const notices = (userId: string) =>
  env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ message: string }>()
    .then((r) => r.results.map((n) => n.message));

const selection = (id: string, text: string) =>
  `<Selection><SelectionIdentifier>${id}</SelectionIdentifier><Text>${text}</Text></Selection>`;
const choiceQuestion = (id: string, prompt: string, choices: string) =>
  `<Question><QuestionIdentifier>${id}</QuestionIdentifier><QuestionContent><Text>${prompt}</Text></QuestionContent>
  <AnswerSpecification><SelectionAnswer><StyleSuggestion>radiobutton</StyleSuggestion><Selections>${choices}</Selections>
  </SelectionAnswer></AnswerSpecification></Question>`;
const testForm = (...questions: string[]) =>
  `<QuestionForm xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2017-11-06/QuestionForm.xsd">${questions.join("")}</QuestionForm>`;
const FREE_TEXT = `<Question><QuestionIdentifier>capital</QuestionIdentifier><QuestionContent><Text>Which capital?</Text>
  </QuestionContent><AnswerSpecification><FreeTextAnswer/></AnswerSpecification></Question>`;
/** An MTurk test as requesters write it: two multiple-choice questions, one right option each, as a percentage. */
const TEST = testForm(
  choiceQuestion("capital", "The capital of France?", selection("a", "Lyon") + selection("b", "Paris")),
  choiceQuestion("sum", "2 + 2?", selection("x", "4") + selection("y", "5") + selection("z", "22")),
);
const KEY = `<AnswerKey xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2005-10-01/AnswerKey.xsd">
  <Question><QuestionIdentifier>capital</QuestionIdentifier>
    <AnswerOption><SelectionIdentifier>b</SelectionIdentifier><AnswerScore>1</AnswerScore></AnswerOption>
    <AnswerOption><SelectionIdentifier>a</SelectionIdentifier><AnswerScore>0</AnswerScore></AnswerOption></Question>
  <Question><QuestionIdentifier>sum</QuestionIdentifier>
    <AnswerOption><SelectionIdentifier>x</SelectionIdentifier><AnswerScore>1</AnswerScore></AnswerOption></Question>
  <QualificationValueMapping><PercentageMapping><MaximumSummedScore>2</MaximumSummedScore></PercentageMapping></QualificationValueMapping>
</AnswerKey>`;

describe("qualification types and grants", () => {
  it("takes an MTurk Test and AnswerKey as a Coinwork test, graded on the server into the score the API reads", async () => {
    const { mturk } = await requester(50);
    const type = await qualificationType(mturk, {
      Test: TEST,
      AnswerKey: KEY,
      TestDurationInSeconds: 600,
      RetryDelayInSeconds: 0,
    });
    expect(type.IsRequestable).toBe(true);
    const id = type.QualificationTypeId!;
    const worker = await funded("Worker", 10);
    const test = await testForWorker(env, worker.id, id);
    // the worker is sent the prompts and choices in order, never the key
    expect(test.questions.map((q) => [q.prompt, q.choices])).toEqual([
      ["The capital of France?", ["Lyon", "Paris"]],
      ["2 + 2?", ["4", "5", "22"]],
    ]);
    expect(JSON.stringify(test)).not.toMatch(/"answer"/);
    const [capital, sum] = test.questions;
    // Paris right, 5 wrong: half
    await takeTest(env, await sessionUser(worker.id), id, { [capital.id]: 2, [sum.id]: 2 });
    expect((await score(mturk, id, worker.id)).Qualification!.IntegerValue).toBe(50);
    await takeTest(env, await sessionUser(worker.id), id, { [capital.id]: 2, [sum.id]: 1 });
    expect((await score(mturk, id, worker.id)).Qualification!.IntegerValue).toBe(100);
  });

  it("creates a type, grants, scores, lists by page and revokes it, telling the worker when asked", async () => {
    const { mturk, user } = await requester(50);
    const type = await qualificationType(mturk, { Keywords: "photos, care", RetryDelayInSeconds: 5400 });
    expect(type).toMatchObject({
      QualificationTypeStatus: "Active",
      Description: "Labels photos carefully.",
      RetryDelayInSeconds: 7200,
      // without a test, workers ask for it and the requester decides (qualification requests), as on MTurk
      IsRequestable: true,
      AutoGranted: false,
    });
    expect(type.CreationTime).toBeInstanceOf(Date);
    // the same definition the Qualifications page lists, its retake wait rounded up to whole hours
    expect(
      await row("SELECT buyer_id, name, retake_hours FROM qualifications WHERE id = ?", type.QualificationTypeId),
    ).toEqual({ buyer_id: user.id, name: type.Name, retake_hours: 2 });

    const [a, b, c] = await Promise.all([1, 2, 3].map(() => funded("Worker", 10)));
    const id = type.QualificationTypeId!;
    await mturk.send(
      new AssociateQualificationWithWorkerCommand({
        QualificationTypeId: id,
        WorkerId: a.id,
        IntegerValue: 80,
        SendNotification: true,
      }),
    );
    // MTurk's IntegerValue when none is given is 1; no notification unless asked
    await mturk.send(new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: b.id }));
    await mturk.send(
      new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: c.id, IntegerValue: 0 }),
    );
    expect((await score(mturk, id, a.id)).Qualification).toMatchObject({
      QualificationTypeId: id,
      WorkerId: a.id,
      IntegerValue: 80,
      Status: "Granted",
    });
    expect((await score(mturk, id, b.id)).Qualification!.IntegerValue).toBe(1);
    expect(await notices(a.id)).toEqual([expect.stringContaining(`“${type.Name}” with a score of 80`)]);
    expect(await notices(b.id)).toEqual([]);
    // granting again replaces the score
    await mturk.send(
      new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: a.id, IntegerValue: 95 }),
    );
    expect((await score(mturk, id, a.id)).Qualification!.IntegerValue).toBe(95);

    const pageOfTwo = (NextToken?: string) =>
      mturk.send(new ListWorkersWithQualificationTypeCommand({ QualificationTypeId: id, MaxResults: 2, NextToken }));
    const first = await pageOfTwo();
    expect(first.NumResults).toBe(2);
    const second = await pageOfTwo(first.NextToken);
    expect(second.NumResults).toBe(1);
    // as MTurk answers: the page after the last is empty and carries no token
    const third = await pageOfTwo(second.NextToken);
    expect(third).toMatchObject({ NumResults: 0, Qualifications: [] });
    expect(third.NextToken).toBeUndefined();
    const listed = [...first.Qualifications!, ...second.Qualifications!];
    expect(listed.map((q) => q.WorkerId).sort()).toEqual([a.id, b.id, c.id].sort());
    // newest grant first: a's was replaced last
    expect(listed[0]).toMatchObject({ WorkerId: a.id, IntegerValue: 95, Status: "Granted" });

    await mturk.send(
      new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: id, WorkerId: b.id, Reason: "Too hasty" }),
    );
    await mturk.send(new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: id, WorkerId: c.id }));
    expect(await notices(b.id)).toEqual([expect.stringContaining("was removed: Too hasty")]);
    expect(await notices(c.id)).toEqual([]);
    const gone = await refusal(score(mturk, id, b.id));
    expect(gone).toBeInstanceOf(RequestError);
    expect(gone.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationDoesNotExist");
    const again = await refusal(
      mturk.send(new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: id, WorkerId: b.id })),
    );
    expect(again.message).toMatch(/does not hold/);
    expect(
      (await mturk.send(new ListWorkersWithQualificationTypeCommand({ QualificationTypeId: id }))).Qualifications,
    ).toEqual([expect.objectContaining({ WorkerId: a.id })]);
  });

  it("refuses what Coinwork cannot honour by name, and keeps another requester's type unreachable", async () => {
    const owner = await requester(50);
    const other = await requester(50);
    const base = { Name: `Judge ${uniqueToken()}`, Description: "Judges.", QualificationTypeStatus: "Active" };
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ Test: testForm(FREE_TEXT) }, /A Test needs its AnswerKey/],
      [
        {
          Test: testForm(FREE_TEXT, choiceQuestion("sum", "2 + 2?", selection("x", "4") + selection("y", "5"))),
          AnswerKey: KEY,
        },
        /question capital must be a SelectionAnswer/,
      ],
      [
        { Test: TEST, AnswerKey: KEY.replace(/<QualificationValueMapping>.*<\/QualificationValueMapping>/s, "") },
        /PercentageMapping whose MaximumSummedScore is 2/,
      ],
      [
        { Test: TEST, AnswerKey: KEY.replace("<AnswerScore>0</AnswerScore>", "<AnswerScore>1</AnswerScore>") },
        /exactly one AnswerOption/,
      ],
      [{ Test: TEST.replace("<Text>Paris</Text>", ""), AnswerKey: KEY }, /must be a SelectionAnswer/],
      [{ Test: "<QuestionForm><Question>", AnswerKey: KEY }, /Test is not well-formed XML/],
      [{ AutoGranted: true }, /AutoGranted is not supported/],
      [{ QualificationTypeStatus: "Inactive" }, /QualificationTypeStatus Inactive is not supported/],
      [{ Name: "x".repeat(81) }, /^Name: /],
      [{ RetryDelayInSeconds: -1 }, /RetryDelayInSeconds/],
    ];
    for (const [fields, message] of refusals) {
      const e = await refusal(owner.mturk.send(new CreateQualificationTypeCommand({ ...base, ...fields } as never)));
      expect(e).toBeInstanceOf(RequestError);
      expect(e.message).toMatch(message);
    }
    expect(await row("SELECT id FROM qualifications WHERE buyer_id = ?", owner.user.id)).toBeNull();
    const type = await qualificationType(owner.mturk, { Name: base.Name });
    const taken = await refusal(owner.mturk.send(new CreateQualificationTypeCommand(base as never)));
    expect(taken.message).toMatch(/^You have already created a QualificationType with this name\./);

    const id = type.QualificationTypeId!;
    const worker = await funded("Worker", 10);
    await owner.mturk.send(
      new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: worker.id, IntegerValue: 70 }),
    );
    const outOfRange = await refusal(
      owner.mturk.send(
        new AssociateQualificationWithWorkerCommand({
          QualificationTypeId: id,
          WorkerId: worker.id,
          IntegerValue: 101,
        }),
      ),
    );
    expect(outOfRange.message).toMatch(/IntegerValue must be a score from 0 to 100/);
    const buyer = await funded("Buyer", 10);
    const notWorker = await refusal(
      owner.mturk.send(new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: buyer.id })),
    );
    expect(notWorker.TurkErrorCode).toBe("AWS.MechanicalTurk.PermissionDenied");
    const revoked = await refusal(
      owner.mturk.send(new ListWorkersWithQualificationTypeCommand({ QualificationTypeId: id, Status: "Revoked" })),
    );
    expect(revoked.message).toMatch(/keeps no revoked grants/);

    // another requester: every operation answers "does not exist", and the grant stays as it was
    for (const attempt of [
      other.mturk.send(
        new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: worker.id, IntegerValue: 0 }),
      ),
      other.mturk.send(
        new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: id, WorkerId: worker.id }),
      ),
      other.mturk.send(new ListWorkersWithQualificationTypeCommand({ QualificationTypeId: id })),
      score(other.mturk, id, worker.id),
      other.mturk.send(
        new CreateHITCommand(
          hitInput({ QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }] }),
        ),
      ),
      other.mturk.send(
        new CreateHITTypeCommand({
          ...hitInput(),
          QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }],
        }),
      ),
      score(other.mturk, "NOSUCHTYPE", worker.id),
    ]) {
      const e = await refusal(attempt);
      expect(e).toBeInstanceOf(RequestError);
      expect(e.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationTypeDoesNotExist");
    }
    expect((await score(owner.mturk, id, worker.id)).Qualification!.IntegerValue).toBe(70);
    expect(await row("SELECT id FROM tasks WHERE buyer_id = ?", other.user.id)).toBeNull();
    expect(await row("SELECT id FROM hit_types WHERE buyer_id = ?", other.user.id)).toBeNull();
    expect(await balance(other.user.id)).toBe(50);
    expect(await holds([owner.user.id, other.user.id])).toBe(true);
  });
});

describe("QualificationRequirements on the requester's own type", () => {
  it("requires a least score of the type to start the HIT, and refuses comparators it cannot apply", async () => {
    const { mturk, user } = await requester(500);
    const id = (await qualificationType(mturk)).QualificationTypeId!;
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          MaxAssignments: 2,
          QualificationRequirements: [{ QualificationTypeId: id, Comparator: "GreaterThan", IntegerValues: [69] }],
        }),
      ),
    );
    const hitId = HIT!.HITId!;
    expect(await row("SELECT qualification_id, min_score FROM task_qualifications WHERE task_id = ?", hitId)).toEqual({
      qualification_id: id,
      min_score: 70,
    });
    const [none, low, enough] = await Promise.all([1, 2, 3].map(() => funded("Worker", 10)));
    await mturk.send(
      new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: low.id, IntegerValue: 69 }),
    );
    await mturk.send(
      new AssociateQualificationWithWorkerCommand({ QualificationTypeId: id, WorkerId: enough.id, IntegerValue: 70 }),
    );
    await expect(startTask(env, await sessionUser(none.id), hitId)).rejects.toThrow(/you do not hold it/);
    await expect(startTask(env, await sessionUser(low.id), hitId)).rejects.toThrow(/your score is 69/);
    await startTask(env, await sessionUser(enough.id), hitId);
    // revoking closes the task to the worker at once
    await mturk.send(new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: id, WorkerId: low.id }));

    const exists = await mturk.send(
      new CreateHITCommand(
        hitInput({ MaxAssignments: 1, QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }] }),
      ),
    );
    const top = await mturk.send(
      new CreateHITCommand(
        hitInput({
          MaxAssignments: 1,
          QualificationRequirements: [{ QualificationTypeId: id, Comparator: "EqualTo", IntegerValues: [100] }],
        }),
      ),
    );
    for (const [hit, least] of [
      [exists.HIT!, 0],
      [top.HIT!, 100],
    ] as const)
      expect(await row("SELECT min_score FROM task_qualifications WHERE task_id = ?", hit.HITId)).toEqual({
        min_score: least,
      });
    const coins = await balance(user.id);
    expect(coins).toBe(500 - 2 * 10 - 10 - 10);

    const second = (await qualificationType(mturk)).QualificationTypeId!;
    for (const [requirements, message] of [
      [[{ QualificationTypeId: id, Comparator: "EqualTo", IntegerValues: [50] }], /compares EqualTo 50/],
      [[{ QualificationTypeId: id, Comparator: "LessThan", IntegerValues: [50] }], /compares LessThan 50/],
      [[{ QualificationTypeId: id, Comparator: "In", IntegerValues: [50, 60] }], /compares In/],
      [[{ QualificationTypeId: id, Comparator: "GreaterThanOrEqualTo", IntegerValues: [101] }], /compares/],
      [
        [{ QualificationTypeId: id, Comparator: "NotEqualTo", IntegerValues: [101] }],
        /NotEqualTo with one IntegerValue/,
      ],
      [
        [
          { QualificationTypeId: id, Comparator: "Exists" },
          { QualificationTypeId: id, Comparator: "DoesNotExist" },
        ],
        /required twice/,
      ],
      [
        [
          { QualificationTypeId: second, Comparator: "Exists" },
          { QualificationTypeId: "NOSUCHTYPE", Comparator: "Exists" },
        ],
        /does not exist/,
      ],
    ] as const) {
      const e = await refusal(
        mturk.send(new CreateHITCommand(hitInput({ QualificationRequirements: requirements as never }))),
      );
      expect(e).toBeInstanceOf(RequestError);
      expect(e.message).toMatch(message);
    }
    expect(await balance(user.id)).toBe(coins);
    expect(await holds([user.id, none.id, low.id, enough.id])).toBe(true);
  });
});

describe("a HIT's category", () => {
  it("is the Coinwork category one of its Keywords names (by name or slug, any case), else Survey & Feedback", async () => {
    const { mturk } = await requester(500);
    for (const [keywords, category] of [
      ["photo, TRANSLATION, french", "Translation"],
      ["data-entry", "Data Entry"],
      ["app & website testing, seo & marketing", "App & Website Testing"],
      ["cats, photos", "Survey & Feedback"],
      [undefined, "Survey & Feedback"],
    ] as const) {
      const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1, Keywords: keywords })));
      expect(await row("SELECT category FROM tasks WHERE id = ?", HIT!.HITId)).toEqual({ category });
    }
  });
});
