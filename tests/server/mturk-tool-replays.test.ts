// The MTurk calls of psiTurk (psiturk/amt_services.py), Mephisto (mephisto/abstractions/providers/mturk/mturk_utils.py)
// and Dallinger (dallinger/mturk.py), replayed as each tool's source makes them (operation, parameters, paging) with
// the real AWS SDK (@aws-sdk/client-mturk) inside workerd on real local D1, through a whole cycle per tool: a
// qualification, a HIT type and a HIT with the tool's own question and requirements, a worker doing the HIT through
// its ExternalQuestion, the tool's list loops, approval, a bonus. Each asserts the fields the tool reads
// (docs/mturk.md, "Tested with psiTurk, Mephisto and Dallinger").
import { describe, expect, it } from "vitest";
import {
  ApproveAssignmentCommand,
  AssociateQualificationWithWorkerCommand,
  CreateAdditionalAssignmentsForHITCommand,
  CreateHITTypeCommand,
  CreateHITWithHITTypeCommand,
  CreateQualificationTypeCommand,
  CreateWorkerBlockCommand,
  DeleteHITCommand,
  DeleteQualificationTypeCommand,
  DeleteWorkerBlockCommand,
  DisassociateQualificationFromWorkerCommand,
  GetAccountBalanceCommand,
  GetAssignmentCommand,
  GetHITCommand,
  GetQualificationScoreCommand,
  ListAssignmentsForHITCommand,
  ListBonusPaymentsCommand,
  ListHITsCommand,
  ListQualificationTypesCommand,
  ListWorkerBlocksCommand,
  ListWorkersWithQualificationTypeCommand,
  NotifyWorkersCommand,
  RejectAssignmentCommand,
  SendBonusCommand,
  UpdateExpirationForHITCommand,
  paginateListAssignmentsForHIT,
  paginateListHITs,
  paginateListQualificationTypes,
  type HIT,
  type MTurkClient,
} from "@aws-sdk/client-mturk";
import { exports } from "cloudflare:workers";
import { balance, env, funded, holds, sessionUser, uniqueToken } from "./fixtures";
import { refusal, requester } from "./fixtures/mturk";
import { startTask } from "~/server/services/slots.server";
import { assignmentOfHold } from "~/server/services/hit-questions.server";
import { updateProfile } from "~/server/services/accounts.server";

/** The ExternalQuestion each of the three tools writes (psiTurk's ad, Mephisto's task page, Dallinger's ad). */
const externalQuestion = (url: string, frameHeight: number) =>
  `<ExternalQuestion xmlns="http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd"><ExternalURL>${url}</ExternalURL><FrameHeight>${frameHeight}</FrameHeight></ExternalQuestion>`;

/** A worker in the given country (the tools' Locale requirements read it). */
async function workerIn(country: string) {
  const w = await funded("Worker", 10);
  await updateProfile(env, await sessionUser(w.id), { name: "Worker Tester", photo: null, country });
  return w;
}

/**
 * A worker does an ExternalQuestion HIT: starts it (the frame gets its assignmentId) and the requester's page on its
 * own site posts the form to externalSubmit, as the tools' pages do. Answers the assignmentId.
 */
async function workerDoes(workerId: string, hitId: string, site: string, fields: Record<string, string>) {
  const hold = await startTask(env, await sessionUser(workerId), hitId);
  const assignmentId = await assignmentOfHold(env, { taskId: hitId, workerId, startedAt: hold.startedAt });
  const res = await (exports as unknown as { default: { fetch: (r: Request) => Promise<Response> } }).default.fetch(
    new Request("https://coinwork.test/mturk/externalSubmit", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: new URLSearchParams({ assignmentId, ...fields }).toString(),
    }),
  );
  expect(res.status).toBe(200);
  return assignmentId;
}

/** The fields a tool indexes in a HIT, each checked present (where the tool would raise a KeyError). */
function indexed<Read extends Record<string, unknown>>(read: Read): Read {
  for (const [field, value] of Object.entries(read)) expect(value, field).toBeDefined();
  return read;
}

/** A tool's AssociateQualificationWithWorker request: the qualification to the worker, with what else it sends. */
const grant = (
  QualificationTypeId: string,
  WorkerId: string,
  sends: { IntegerValue?: number; SendNotification?: boolean } = {},
) => new AssociateQualificationWithWorkerCommand({ QualificationTypeId, WorkerId, ...sends });

/** psiTurk's _hit_xml_to_object: every field it indexes, and its count of submissions needing action. */
function psiturkHit(hit: HIT) {
  const read = indexed({
    hitid: hit.HITId!,
    title: hit.Title!,
    status: hit.HITStatus!,
    max_assignments: hit.MaxAssignments!,
    number_assignments_completed: hit.NumberOfAssignmentsCompleted!,
    number_assignments_pending: hit.NumberOfAssignmentsPending!,
    number_assignments_available: hit.NumberOfAssignmentsAvailable!,
    creation_time: hit.CreationTime!,
    expiration: hit.Expiration!,
    duration_in_seconds: hit.AssignmentDurationInSeconds!,
    reward: hit.Reward!,
    description: hit.Description!,
  });
  return {
    ...read,
    number_submissions_needing_action:
      read.max_assignments -
      read.number_assignments_completed -
      read.number_assignments_pending -
      read.number_assignments_available,
  };
}

/** Dallinger's _translate_hit: every field it indexes (RequesterAnnotation with .get). */
function dallingerHit(hit: HIT) {
  const read = indexed({
    id: hit.HITId!,
    type_id: hit.HITTypeId!,
    created: hit.CreationTime!,
    expiration: hit.Expiration!,
    max_assignments: hit.MaxAssignments!,
    title: hit.Title!,
    description: hit.Description!,
    qualification_type_ids: hit.QualificationRequirements!.map((q) => q.QualificationTypeId!),
    reward: Number(hit.Reward!),
    review_status: hit.HITReviewStatus!,
    status: hit.HITStatus!,
    assignments_available: hit.NumberOfAssignmentsAvailable!,
    assignments_completed: hit.NumberOfAssignmentsCompleted!,
    assignments_pending: hit.NumberOfAssignmentsPending!,
  });
  return {
    ...read,
    keywords: (hit.Keywords ?? "")
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean),
    annotation: hit.RequesterAnnotation,
  };
}

/** Dallinger's _is_ok: boto3's answer holds nothing but its ResponseMetadata (the SDK's: nothing but $metadata). */
const isOk = (answer: object) => expect(Object.keys(answer)).toEqual(["$metadata"]);

/** Mephisto's get_outstanding_hits: list_hits(MaxResults=100) again with NextToken while the last page had HITs. */
async function mephistoOutstandingHits(mturk: MTurkClient) {
  let page = await mturk.send(new ListHITsCommand({ MaxResults: 100 }));
  const all = [...page.HITs!];
  while (page.HITs!.length > 0) {
    page = await mturk.send(new ListHITsCommand({ MaxResults: 100, NextToken: page.NextToken }));
    all.push(...page.HITs!);
  }
  return all;
}

/** Dallinger's get_hits: list_hits(MaxResults=100) again while the answer has a NextToken. */
async function dallingerHits(mturk: MTurkClient) {
  const all: HIT[] = [];
  let next: string | undefined;
  for (;;) {
    const page = await mturk.send(new ListHITsCommand({ MaxResults: 100, ...(next ? { NextToken: next } : {}) }));
    all.push(...page.HITs!);
    if (!page.NextToken) return all;
    next = page.NextToken;
  }
}

describe("psiTurk (psiturk/amt_services.py)", () => {
  it("runs its cycle: balance, HIT type with its requirements, ExternalQuestion HIT, paginated lists, bonus, approve, reject and unreject, extend, expire, delete", async () => {
    const { user, mturk } = await requester(1_000);
    // verify_aws_login and check_balance
    const { AvailableBalance } = await mturk.send(new GetAccountBalanceCommand({}));
    expect(AvailableBalance).toBe("50.00");
    // the requester's own types for require_qualification_ids / block_qualification_ids (list_qualification_types)
    const make = (Name: string) =>
      mturk.send(
        new CreateQualificationTypeCommand({ Name, Description: "psiTurk list", QualificationTypeStatus: "Active" }),
      );
    const marker = uniqueToken();
    const required = (await make(`Took part ${marker}`)).QualificationType!.QualificationTypeId!;
    const blocked = (await make(`Did the pilot ${marker}`)).QualificationType!.QualificationTypeId!;
    const types = [];
    for await (const page of paginateListQualificationTypes(
      { client: mturk },
      { MustBeRequestable: false, MustBeOwnedByCaller: true, Query: marker },
    ))
      types.push(...page.QualificationTypes!);
    expect(types.map((t) => t.QualificationTypeId).sort()).toEqual([required, blocked].sort());

    // configure_hit: approval rate (approve_requirement; Coinwork's new workers start at a smoothed 80%, so 80 here
    // rather than psiTurk's sample 95), number approved, us_only, a required and a blocking qualification
    const hitType = await mturk.send(
      new CreateHITTypeCommand({
        Title: `Stroop task ${marker}`,
        Description: "Name the colour of each word.",
        Reward: "1.0",
        AssignmentDurationInSeconds: 3_600,
        Keywords: "psychology, stroop",
        QualificationRequirements: [
          { QualificationTypeId: "000000000000000000L0", Comparator: "GreaterThanOrEqualTo", IntegerValues: [80] },
          { QualificationTypeId: "00000000000000000040", Comparator: "GreaterThanOrEqualTo", IntegerValues: [0] },
          { QualificationTypeId: "00000000000000000071", Comparator: "EqualTo", LocaleValues: [{ Country: "US" }] },
          { QualificationTypeId: required, Comparator: "Exists" },
          { QualificationTypeId: blocked, Comparator: "DoesNotExist" },
        ],
      }),
    );
    const created = await mturk.send(
      new CreateHITWithHITTypeCommand({
        HITTypeId: hitType.HITTypeId,
        Question: externalQuestion("https://psiturk.example.org/ad", 600),
        LifetimeInSeconds: 86_400,
        MaxAssignments: 3,
      }),
    );
    const hitId = created.HIT!.HITId!;
    expect(psiturkHit(created.HIT!)).toMatchObject({ status: "Assignable", max_assignments: 3, reward: "1.00" });

    const worker = await workerIn("US");
    await mturk.send(grant(required, worker.id, { IntegerValue: 1 }));
    const assignmentId = await workerDoes(worker.id, hitId, "https://psiturk.example.org", {
      hitId,
      workerId: worker.id,
    });

    // get_all_hits: the list_hits paginator, every HIT read as _hit_xml_to_object reads it
    const hits: HIT[] = [];
    for await (const page of paginateListHITs({ client: mturk }, {})) hits.push(...page.HITs!);
    const listed = hits.map(psiturkHit).find((h) => h.hitid === hitId)!;
    expect(listed).toMatchObject({
      status: "Assignable",
      duration_in_seconds: 3_600,
      number_assignments_available: 2,
      number_submissions_needing_action: 1,
    });
    // get_assignments(assignment_status="Submitted"): the list_assignments_for_hit paginator
    const assignments = [];
    for await (const page of paginateListAssignmentsForHIT(
      { client: mturk },
      { HITId: hitId, AssignmentStatuses: ["Submitted"] },
    ))
      assignments.push(...page.Assignments!);
    expect(assignments).toHaveLength(1);
    const a = assignments[0]!;
    expect({ hitId: a.HITId, assignmentId: a.AssignmentId, workerId: a.WorkerId, status: a.AssignmentStatus }).toEqual({
      hitId,
      assignmentId,
      workerId: worker.id,
      status: "Submitted",
    });
    expect(a.SubmitTime).toBeInstanceOf(Date);
    expect(a.AcceptTime).toBeInstanceOf(Date);

    // bonus_assignment without a worker id: get_assignment for it, then send_bonus with str(amount) and the reason
    // the shell's bonus command is given
    const { Assignment } = await mturk.send(new GetAssignmentCommand({ AssignmentId: assignmentId }));
    expect(Assignment).toMatchObject({ HITId: hitId, WorkerId: worker.id, AssignmentStatus: "Submitted" });
    await mturk.send(
      new SendBonusCommand({
        WorkerId: Assignment!.WorkerId,
        AssignmentId: assignmentId,
        BonusAmount: "0.5",
        Reason: "Thanks for taking part",
      }),
    );
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: assignmentId, OverrideRejection: false }));
    expect(await balance(worker.id)).toBe(10 + 10 + 20);

    // reject_assignment sends an empty RequesterFeedback; unreject_assignment approves with OverrideRejection=True
    const second = await workerIn("US");
    await mturk.send(grant(required, second.id, { IntegerValue: 1 }));
    const secondId = await workerDoes(second.id, hitId, "https://psiturk.example.org", { hitId });
    await mturk.send(new RejectAssignmentCommand({ AssignmentId: secondId, RequesterFeedback: "" }));
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: secondId, OverrideRejection: true }));
    expect((await mturk.send(new GetAssignmentCommand({ AssignmentId: secondId }))).Assignment!.AssignmentStatus).toBe(
      "Approved",
    );
    expect(await balance(second.id)).toBe(10 + 20);

    // a worker holding the blocking qualification, or outside the US, cannot start it
    const pilot = await workerIn("US");
    await mturk.send(grant(required, pilot.id));
    await mturk.send(grant(blocked, pilot.id));
    await expect(startTask(env, await sessionUser(pilot.id), hitId)).rejects.toBeDefined();
    const abroad = await workerIn("FR");
    await mturk.send(grant(required, abroad.id));
    await expect(startTask(env, await sessionUser(abroad.id), hitId)).rejects.toBeDefined();

    // extend_hit: more assignments, then the expiration read back from get_hit plus some minutes
    await mturk.send(new CreateAdditionalAssignmentsForHITCommand({ HITId: hitId, NumberOfAdditionalAssignments: 2 }));
    const before = psiturkHit((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!);
    // 3, the slot the rejection reopened (it stays open after the reversal, docs/product/coins.md), and 2 more
    expect(before.max_assignments).toBe(6);
    const later = new Date(before.expiration.getTime() + 30 * 60_000);
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: later }));
    // Coinwork's HITs end with a completion day: the expiration read back is the end (UTC) of the day ExpireAt falls in
    const moved = psiturkHit((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!).expiration;
    expect(moved.toISOString()).toBe(`${later.toISOString().slice(0, 10)}T23:59:59.000Z`);
    // expire_hit (30 days in the past), then get_hit_status and delete_hit
    await mturk.send(
      new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: new Date(Date.now() - 30 * 86_400_000) }),
    );
    const expired = psiturkHit((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!);
    expect(expired.status).toBe("Reviewable");
    expect(expired.expiration.getTime()).toBeLessThanOrEqual(Date.now());
    await mturk.send(new DeleteHITCommand({ HITId: hitId }));
    expect((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!.HITStatus).toBe("Disposed");
    expect(await holds([user.id, worker.id, second.id])).toBe(true);
  });
});

describe("Mephisto (mephisto/abstractions/providers/mturk/mturk_utils.py)", () => {
  it("runs its cycle: find_or_create_qualification, a HIT type with its Locale and guarded requirements, outstanding HITs, approve, bonus, blocks", async () => {
    const { user, mturk } = await requester(1_000);
    const name = `mephisto-onboarded-${uniqueToken()}`;
    // find_qualification: owned and requestable first, then anyone's; neither finds it yet
    for (const MustBeOwnedByCaller of [true, false]) {
      const { QualificationTypes } = await mturk.send(
        new ListQualificationTypesCommand({ Query: name, MustBeRequestable: true, MustBeOwnedByCaller }),
      );
      expect(QualificationTypes!.filter((q) => q.Name === name)).toEqual([]);
    }
    const created = await mturk.send(
      new CreateQualificationTypeCommand({
        Name: name,
        Description: "Qualification required for Mephisto-launched tasks",
        QualificationTypeStatus: "Active",
      }),
    );
    const qualId = created.QualificationType!.QualificationTypeId!;
    // a second launch: created elsewhere, so it looks for the message's start and finds it, requestable and owned
    const again = await refusal(
      mturk.send(
        new CreateQualificationTypeCommand({ Name: name, Description: "again", QualificationTypeStatus: "Active" }),
      ),
    );
    expect(again.message.startsWith("You have already created a QualificationType with this name.")).toBe(true);
    const found = await mturk.send(
      new ListQualificationTypesCommand({ Query: name, MustBeRequestable: true, MustBeOwnedByCaller: true }),
    );
    expect(found.QualificationTypes!.find((q) => q.Name === name)!.QualificationTypeId).toBe(qualId);

    // create_hit_type with Mephisto's converted requirements: its block qualification (DoesNotExist, as the operator
    // adds it), an allowlist (Exists, as launch_makeup_hits sends it), each ActionsGuarded DiscoverPreviewAndAccept,
    // and Locale In five countries (added since the endpoint is not MTurk's sandbox)
    const blockName = `mephisto-blocked-${uniqueToken()}`;
    const blockId = (
      await mturk.send(
        new CreateQualificationTypeCommand({
          Name: blockName,
          Description: "Blocked",
          QualificationTypeStatus: "Active",
        }),
      )
    ).QualificationType!.QualificationTypeId!;
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({
        AutoApprovalDelayInSeconds: 7 * 24 * 3600,
        AssignmentDurationInSeconds: 1_800,
        Reward: "0.75",
        Title: `Chat about a picture ${uniqueToken()}`,
        Keywords: "chat,dialogue",
        Description: "Talk with another worker about a picture.",
        QualificationRequirements: [
          { QualificationTypeId: blockId, Comparator: "DoesNotExist", ActionsGuarded: "DiscoverPreviewAndAccept" },
          { QualificationTypeId: qualId, Comparator: "Exists", ActionsGuarded: "DiscoverPreviewAndAccept" },
          {
            QualificationTypeId: "00000000000000000071",
            Comparator: "In",
            LocaleValues: ["US", "CA", "GB", "AU", "NZ"].map((Country) => ({ Country })),
            ActionsGuarded: "DiscoverPreviewAndAccept",
          },
        ],
      }),
    );
    // create_hit_with_hit_type: its task page, '&' written as '&amp;', a month's lifetime
    const page = "https://mephisto.example.org/?worker_id=x&amp;assignment_id=y";
    const { HIT } = await mturk.send(
      new CreateHITWithHITTypeCommand({
        HITTypeId,
        MaxAssignments: 1,
        LifetimeInSeconds: 60 * 60 * 24 * 31,
        Question: externalQuestion(page, 0),
      }),
    );
    expect(HIT).toMatchObject({ HITTypeId, HITId: expect.any(String) });
    const hitId = HIT!.HITId!;

    const worker = await workerIn("GB");
    // give_worker_qualification: IntegerValue 1, no notification
    await mturk.send(grant(qualId, worker.id, { IntegerValue: 1, SendNotification: false }));
    const assignmentId = await workerDoes(worker.id, hitId, "https://mephisto.example.org", { final_data: "{}" });

    // MTurkUnit's status: HITStatus and NumberOfAssignmentsAvailable from get_hit
    const got = (await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!;
    expect(got).toMatchObject({ HITStatus: "Reviewable", NumberOfAssignmentsAvailable: 0 });
    // get_assignments_for_hit, then MTurkAgent parses Answer as QuestionFormAnswers
    const { Assignments } = await mturk.send(new ListAssignmentsForHITCommand({ HITId: hitId }));
    expect(Assignments!.map((a) => a.AssignmentId)).toEqual([assignmentId]);
    expect(Assignments![0]!.Answer).toContain("<QuestionFormAnswers");
    expect(Assignments![0]!.Answer).toContain(
      "<QuestionIdentifier>final_data</QuestionIdentifier><FreeText>{}</FreeText>",
    );

    // approve_work, then pay_bonus (balance checked first, a unique token) and get_bonuses_for_assignment
    await mturk.send(new ApproveAssignmentCommand({ AssignmentId: assignmentId, OverrideRejection: false }));
    expect(Number((await mturk.send(new GetAccountBalanceCommand({}))).AvailableBalance)).toBeGreaterThan(0.25 * 1.2);
    const token = `bonus-${uniqueToken()}`;
    const bonus = {
      WorkerId: worker.id,
      BonusAmount: "0.25",
      AssignmentId: assignmentId,
      Reason: "Great chat",
      UniqueRequestToken: token,
    };
    await mturk.send(new SendBonusCommand(bonus));
    await mturk.send(new SendBonusCommand(bonus)); // a retry with the same token pays once
    const bonuses = await mturk.send(new ListBonusPaymentsCommand({ AssignmentId: assignmentId, MaxResults: 100 }));
    expect(bonuses.NumResults).toBe(1);
    expect(bonuses.BonusPayments!.map((b) => Number(b.BonusAmount))).toEqual([0.25]);
    expect(await balance(worker.id)).toBe(10 + 15 + 5);

    // get_outstanding_hits ends at the empty page, seeing the HIT once, grouped by HITTypeId
    const outstanding = (await mephistoOutstandingHits(mturk)).filter((h) => h.HITTypeId === HITTypeId);
    expect(outstanding.map((h) => h.HITId)).toEqual([hitId]);
    // try_prerun_cleanup's broken check: not broken once completed
    expect(outstanding[0]!.NumberOfAssignmentsCompleted).toBe(1);

    // email_worker: notify_workers answers its failure list
    const notified = await mturk.send(
      new NotifyWorkersCommand({ Subject: "Thanks", MessageText: "Thank you for the chat.", WorkerIds: [worker.id] }),
    );
    expect(notified.NotifyWorkersFailureStatuses).toEqual([]);
    // block_worker, is_worker_blocked (list_worker_blocks MaxResults=100), unblock_worker
    await mturk.send(new CreateWorkerBlockCommand({ WorkerId: worker.id, Reason: "Soft block test" }));
    const blocks = await mturk.send(new ListWorkerBlocksCommand({ MaxResults: 100 }));
    expect(blocks.WorkerBlocks!.map((b) => b.WorkerId)).toContain(worker.id);
    await mturk.send(new DeleteWorkerBlockCommand({ WorkerId: worker.id, Reason: "Soft block test" }));
    expect(
      (await mturk.send(new ListWorkerBlocksCommand({ MaxResults: 100 }))).WorkerBlocks!.map((b) => b.WorkerId),
    ).not.toContain(worker.id);

    // expire_and_dispose_hits: delete_hit, and expire_hit with a date in 2015 where a HIT cannot be deleted yet
    await mturk.send(new DeleteHITCommand({ HITId: hitId }));
    expect((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!.HITStatus).toBe("Disposed");
    const open = await mturk.send(
      new CreateHITWithHITTypeCommand({
        HITTypeId,
        MaxAssignments: 1,
        LifetimeInSeconds: 86_400,
        Question: externalQuestion(page, 0),
      }),
    );
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: open.HIT!.HITId, ExpireAt: new Date(2015, 0, 1) }));
    expect((await mturk.send(new GetHITCommand({ HITId: open.HIT!.HITId }))).HIT!.HITStatus).toBe("Reviewable");
    await mturk.send(new DeleteHITCommand({ HITId: open.HIT!.HITId }));
    // delete_qualification, once no HIT requires it
    await mturk.send(new DeleteQualificationTypeCommand({ QualificationTypeId: qualId }));
    expect(await holds([user.id, worker.id])).toBe(true);
  });
});

describe("Dallinger (dallinger/mturk.py)", () => {
  it("runs its cycle: a qualification by name, a HIT type with RequiredToPreview requirements, a HIT by token, get_hits, approve, grant_bonus, scores", async () => {
    const { user, mturk } = await requester(1_000);
    const name = `Dallinger experiment ${uniqueToken()}`;
    // create_qualification_type, translated by _translate_qtype; a duplicate raises DuplicateQualificationNameError
    const { QualificationType: qtype } = await mturk.send(
      new CreateQualificationTypeCommand({
        Name: name,
        Description: "Took part already",
        QualificationTypeStatus: "Active",
      }),
    );
    expect(qtype).toMatchObject({ Name: name, Description: "Took part already", QualificationTypeStatus: "Active" });
    expect(qtype!.CreationTime).toBeInstanceOf(Date);
    const qid = qtype!.QualificationTypeId!;
    const duplicate = await refusal(
      mturk.send(
        new CreateQualificationTypeCommand({ Name: name, Description: "x", QualificationTypeStatus: "Active" }),
      ),
    );
    expect(duplicate.message).toContain("already created a QualificationType with this name");
    // get_qualification_type_by_name queries the name in capitals and compares in capitals
    const byName = await mturk.send(
      new ListQualificationTypesCommand({
        Query: name.toUpperCase(),
        MustBeRequestable: false,
        MustBeOwnedByCaller: true,
        MaxResults: 100,
      }),
    );
    expect(
      byName
        .QualificationTypes!.filter((q) => q.Name!.toUpperCase() === name.toUpperCase())
        .map((q) => q.QualificationTypeId),
    ).toEqual([qid]);

    // _register_hit_type: keywords joined, AutoApprovalDelayInSeconds=0, requirements RequiredToPreview
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({
        Title: `Bartlett (1932) ${uniqueToken()}`,
        Description: "Read a story and retell it.",
        Reward: "2.5",
        AssignmentDurationInSeconds: 2 * 3600,
        Keywords: ["memory", "story"].join(","),
        AutoApprovalDelayInSeconds: 0,
        QualificationRequirements: [
          {
            QualificationTypeId: "000000000000000000L0",
            Comparator: "GreaterThanOrEqualTo",
            IntegerValues: [80],
            RequiredToPreview: true,
          },
          {
            QualificationTypeId: "00000000000000000071",
            Comparator: "EqualTo",
            LocaleValues: [{ Country: "US" }],
            RequiredToPreview: true,
          },
          { QualificationTypeId: qid, Comparator: "DoesNotExist", RequiredToPreview: true },
        ],
      }),
    );
    // create_hit: a UniqueRequestToken of str(time.time()) and a RequesterAnnotation; a retry with it makes no second
    const token = String(Date.now() / 1000);
    const params = {
      HITTypeId,
      Question: externalQuestion("https://dallinger.example.org/ad?recruiter=mturk", 600),
      LifetimeInSeconds: 86_400,
      MaxAssignments: 2,
      UniqueRequestToken: token,
      RequesterAnnotation: "experiment-0001",
    };
    const { HIT } = await mturk.send(new CreateHITWithHITTypeCommand(params));
    const hit = dallingerHit(HIT!);
    expect(hit).toMatchObject({
      type_id: HITTypeId,
      max_assignments: 2,
      reward: 2.5,
      review_status: "NotReviewed",
      status: "Assignable",
      annotation: "experiment-0001",
      keywords: ["memory", "story"],
      assignments_available: 2,
      assignments_completed: 0,
      assignments_pending: 0,
    });
    // Dallinger keeps the ids (Coinwork answers them in its own order: the type's kept form)
    expect(hit.qualification_type_ids.sort()).toEqual(["000000000000000000L0", "00000000000000000071", qid].sort());
    const retried = await refusal(mturk.send(new CreateHITWithHITTypeCommand(params)));
    expect(retried.message).toContain(token);
    const hitId = hit.id;

    const worker = await workerIn("US");
    const assignmentId = await workerDoes(worker.id, hitId, "https://dallinger.example.org", { mode: "live" });
    // get_hits: every HIT once, stopping when no NextToken comes
    const mine = (await dallingerHits(mturk)).filter((h) => h.HITId === hitId).map(dallingerHit);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ assignments_pending: 0, assignments_available: 1, status: "Assignable" });

    // get_assignment (_translate_assignment), approve_assignment and grant_bonus ("{:.2f}", a token), each _is_ok
    const { Assignment } = await mturk.send(new GetAssignmentCommand({ AssignmentId: assignmentId }));
    expect(Assignment).toMatchObject({
      AssignmentId: assignmentId,
      AssignmentStatus: "Submitted",
      HITId: hitId,
      WorkerId: worker.id,
    });
    isOk(await mturk.send(new ApproveAssignmentCommand({ AssignmentId: assignmentId })));
    isOk(
      await mturk.send(
        new SendBonusCommand({
          WorkerId: Assignment!.WorkerId,
          BonusAmount: (1).toFixed(2),
          AssignmentId: assignmentId,
          Reason: "Performance bonus",
          UniqueRequestToken: String(Date.now() / 1000 + 1),
        }),
      ),
    );
    expect(await balance(worker.id)).toBe(10 + 50 + 20);
    // a missing assignment: get_assignment answers None on "does not exist"
    const missing = await refusal(
      mturk.send(new GetAssignmentCommand({ AssignmentId: "3NOSUCHASSIGNMENT000000000000" })),
    );
    expect(missing.message).toContain("does not exist");

    // current_qualification_score: "does not exist" before, then assign, increment, list the granted, revoke
    const lacks = await refusal(
      mturk.send(new GetQualificationScoreCommand({ QualificationTypeId: qid, WorkerId: worker.id })),
    );
    expect(lacks.message).toContain("does not exist");
    isOk(await mturk.send(grant(qid, worker.id, { IntegerValue: 1, SendNotification: false })));
    const score = await mturk.send(new GetQualificationScoreCommand({ QualificationTypeId: qid, WorkerId: worker.id }));
    expect(score.Qualification!.IntegerValue).toBe(1);
    await mturk.send(grant(qid, worker.id, { IntegerValue: 2, SendNotification: false }));
    const granted = [];
    let next: string | undefined;
    for (;;) {
      const res = await mturk.send(
        new ListWorkersWithQualificationTypeCommand({
          QualificationTypeId: qid,
          MaxResults: 100,
          Status: "Granted",
          ...(next ? { NextToken: next } : {}),
        }),
      );
      granted.push(...res.Qualifications!.map((r) => ({ id: r.WorkerId, score: r.IntegerValue })));
      if (!res.NextToken) break;
      next = res.NextToken;
    }
    expect(granted).toEqual([{ id: worker.id, score: 2 }]);
    isOk(
      await mturk.send(
        new DisassociateQualificationFromWorkerCommand({ QualificationTypeId: qid, WorkerId: worker.id, Reason: "" }),
      ),
    );

    // extend_hit: additional assignments by token, expiration from get_hit plus hours; then disable_hit
    isOk(
      await mturk.send(
        new CreateAdditionalAssignmentsForHITCommand({
          HITId: hitId,
          NumberOfAdditionalAssignments: 1,
          UniqueRequestToken: String(Date.now() / 1000 + 2),
        }),
      ),
    );
    const extended = dallingerHit((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!);
    expect(extended.max_assignments).toBe(3);
    const until = new Date(extended.expiration.getTime() + 2 * 3_600_000);
    isOk(await mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: until })));
    // expire_hit sends ExpireAt=0
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: new Date(0) }));
    expect(dallingerHit((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!).status).toBe("Reviewable");
    isOk(await mturk.send(new DeleteHITCommand({ HITId: hitId })));
    // disable_hit again (its own code, run by scripts/mturk-tools-own-code.py): expire_hit's ExpireAt=0 on the deleted
    // HIT is done already, then the delete's "currently in the state 'Disposed'" tells Dallinger it is gone
    isOk(await mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: new Date(0) })));
    const twice = await refusal(mturk.send(new DeleteHITCommand({ HITId: hitId })));
    expect(twice.message).toContain("currently in the state 'Disposed'");
    expect((await mturk.send(new GetHITCommand({ HITId: hitId }))).HIT!.HITStatus).toBe("Disposed");
    // a later expiry cannot reopen a deleted HIT
    const reopened = await refusal(
      mturk.send(new UpdateExpirationForHITCommand({ HITId: hitId, ExpireAt: new Date(Date.now() + 86_400_000) })),
    );
    expect(reopened.message).toContain("currently in the state 'Disposed'");
    isOk(await mturk.send(new DeleteQualificationTypeCommand({ QualificationTypeId: qid })));
    expect(await holds([user.id, worker.id])).toBe(true);
  });
});
