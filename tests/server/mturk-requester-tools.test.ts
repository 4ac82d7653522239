// The operations psiTurk, Mephisto and Dallinger call beyond posting and reviewing (docs/mturk.md), driven by the
// real AWS SDK (@aws-sdk/client-mturk) inside workerd on real local D1: qualification types as a whole and workers'
// requests for them, extra assignments (escrowed once per token), a HIT's review status and type, review policy
// results, and notifications by e-mail and to a signed HTTPS webhook (a local receiver, webhook-receiver.global.ts).
import { describe, expect, inject, it, vi } from "vitest";
import {
  AcceptQualificationRequestCommand,
  CreateAdditionalAssignmentsForHITCommand,
  CreateHITCommand,
  CreateHITTypeCommand,
  CreateHITWithHITTypeCommand,
  DeleteHITCommand,
  DeleteQualificationTypeCommand,
  GetHITCommand,
  GetQualificationScoreCommand,
  GetQualificationTypeCommand,
  ListHITsForQualificationTypeCommand,
  ListQualificationRequestsCommand,
  ListQualificationTypesCommand,
  ListReviewPolicyResultsForHITCommand,
  RejectQualificationRequestCommand,
  SendTestEventNotificationCommand,
  UpdateExpirationForHITCommand,
  UpdateHITReviewStatusCommand,
  UpdateHITTypeOfHITCommand,
  UpdateNotificationSettingsCommand,
  UpdateQualificationTypeCommand,
  type EventType,
  type MTurkClient,
} from "@aws-sdk/client-mturk";
import { approveSubmission } from "~/server/services/submissions.server";
import {
  balance,
  env,
  flashOf,
  funded,
  getPage,
  holds,
  lastMailTo,
  postForm,
  sessionUser,
  submissionBy,
  uniqueToken,
} from "./fixtures";
import { hitInput, qualificationType, refusal, requester } from "./fixtures/mturk";

const hitOf = async (mturk: MTurkClient, HITId: string) => (await mturk.send(new GetHITCommand({ HITId }))).HIT!;

const notices = (userId: string) =>
  env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ message: string }>()
    .then((r) => r.results.map((n) => n.message));

/** A worker's press of "Ask for this qualification" on a task page, as the form posts it. */
const ask = (cookie: string, taskId: string, qualificationId: string) =>
  postForm(`/dashboard/tasklist/${taskId}`, { intent: "askqualification", id: qualificationId }, cookie);

describe("qualification types", () => {
  it("lists the requester's own types by a query in any case, requestable ones, page by page, never another's", async () => {
    const { mturk } = await requester(50);
    const other = await requester(50);
    const word = uniqueToken("Zebra");
    const made = [];
    for (const n of [1, 2, 3]) made.push(await qualificationType(mturk, { Name: `${word} labeller ${n}` }));
    await qualificationType(mturk, { Name: `Unrelated ${uniqueToken()}` });
    await qualificationType(other.mturk, { Name: `${word} labeller of another` });
    // Dallinger queries the name upper-cased, Mephisto asks for requestable types it owns
    const first = await mturk.send(
      new ListQualificationTypesCommand({
        Query: word.toUpperCase(),
        MustBeRequestable: true,
        MustBeOwnedByCaller: true,
        MaxResults: 2,
      }),
    );
    expect(first.NumResults).toBe(2);
    expect(first.NextToken).toBeTruthy();
    const second = await mturk.send(
      new ListQualificationTypesCommand({
        Query: word,
        MustBeRequestable: true,
        MustBeOwnedByCaller: false,
        MaxResults: 2,
        NextToken: first.NextToken,
      }),
    );
    // as MTurk: every page that lists something carries a NextToken, and the page after the last is empty
    expect(second.NextToken).toBeTruthy();
    const third = await mturk.send(
      new ListQualificationTypesCommand({
        Query: word,
        MustBeRequestable: true,
        MaxResults: 2,
        NextToken: second.NextToken,
      }),
    );
    expect(third).toMatchObject({ NumResults: 0, QualificationTypes: [] });
    expect(third.NextToken).toBeUndefined();
    const names = [...first.QualificationTypes!, ...second.QualificationTypes!].map((q) => q.Name);
    expect(names).toEqual(made.map((q) => q.Name).reverse());
    // a type made without a test is requestable, as on MTurk
    expect(first.QualificationTypes![0]).toMatchObject({ IsRequestable: true, QualificationTypeStatus: "Active" });
    const all = await mturk.send(new ListQualificationTypesCommand({ MustBeRequestable: false, MaxResults: 100 }));
    expect(all.QualificationTypes).toHaveLength(4);
  });

  it("gets, updates and deletes a type; another requester's does not exist; a type a live HIT requires stays", async () => {
    const { mturk } = await requester(200);
    const other = await requester(50);
    const type = await qualificationType(mturk);
    const id = type.QualificationTypeId!;
    const got = (await mturk.send(new GetQualificationTypeCommand({ QualificationTypeId: id }))).QualificationType!;
    expect(got).toMatchObject({ Name: type.Name, Description: "Labels photos carefully.", IsRequestable: true });
    const hidden = await refusal(other.mturk.send(new GetQualificationTypeCommand({ QualificationTypeId: id })));
    expect(hidden.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationTypeDoesNotExist");
    const updated = await mturk.send(
      new UpdateQualificationTypeCommand({
        QualificationTypeId: id,
        Description: "Labels photos carefully and quickly.",
        RetryDelayInSeconds: 7200,
      }),
    );
    expect(updated.QualificationType).toMatchObject({
      Name: type.Name,
      Description: "Labels photos carefully and quickly.",
      RetryDelayInSeconds: 7200,
    });
    const inactive = await refusal(
      mturk.send(new UpdateQualificationTypeCommand({ QualificationTypeId: id, QualificationTypeStatus: "Inactive" })),
    );
    expect(inactive.message).toMatch(/Inactive is not supported/);
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({ MaxAssignments: 1, QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }] }),
      ),
    );
    const required = await refusal(mturk.send(new DeleteQualificationTypeCommand({ QualificationTypeId: id })));
    expect(required.message).toMatch(/is required by 1 of your tasks/);
    await mturk.send(new DeleteHITCommand({ HITId: HIT!.HITId }));
    await mturk.send(new DeleteQualificationTypeCommand({ QualificationTypeId: id }));
    const gone = await refusal(mturk.send(new GetQualificationTypeCommand({ QualificationTypeId: id })));
    expect(gone.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationTypeDoesNotExist");
  });

  it("lists the HITs that require a type, newest first", async () => {
    const { mturk } = await requester(500);
    const type = await qualificationType(mturk);
    const requirement = [{ QualificationTypeId: type.QualificationTypeId!, Comparator: "Exists" }];
    const a = (
      await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1, QualificationRequirements: requirement })))
    ).HIT!;
    await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const b = (
      await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1, QualificationRequirements: requirement })))
    ).HIT!;
    const listed = await mturk.send(
      new ListHITsForQualificationTypeCommand({ QualificationTypeId: type.QualificationTypeId, MaxResults: 10 }),
    );
    expect(listed.HITs!.map((h) => h.HITId)).toEqual([b.HITId, a.HITId]);
  });
});

describe("qualification requests", () => {
  it("a worker asks from the task page; the requester lists, accepts (a grant) or rejects (with a reason)", async () => {
    const { mturk } = await requester(200);
    const type = await qualificationType(mturk, { RetryDelayInSeconds: 0 });
    const id = type.QualificationTypeId!;
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({ MaxAssignments: 2, QualificationRequirements: [{ QualificationTypeId: id, Comparator: "Exists" }] }),
      ),
    );
    const [anna, ben] = await Promise.all([funded("Worker", 10), funded("Worker", 10)]);
    const taskPage = () => getPage(`/dashboard/tasklist/${HIT!.HITId}`, anna.cookie).then((r) => r.text());
    expect(await taskPage()).toContain("Ask for this qualification");
    for (const w of [anna, ben])
      expect(flashOf(await ask(w.cookie, HIT!.HITId!, id))?.title).toBe("Qualification asked for");
    expect(await taskPage()).toContain("its buyer has not decided yet");
    // asking twice while the first request waits is refused
    expect(flashOf(await ask(anna.cookie, HIT!.HITId!, id))?.title).toBe("Not asked");
    const { QualificationRequests } = await mturk.send(
      new ListQualificationRequestsCommand({ QualificationTypeId: id }),
    );
    expect(QualificationRequests!.map((r) => r.WorkerId)).toEqual([ben.id, anna.id]);
    const [ofBen, ofAnna] = QualificationRequests!;
    await mturk.send(
      new AcceptQualificationRequestCommand({
        QualificationRequestId: ofAnna.QualificationRequestId,
        IntegerValue: 80,
      }),
    );
    const held = await mturk.send(new GetQualificationScoreCommand({ QualificationTypeId: id, WorkerId: anna.id }));
    expect(held.Qualification!.IntegerValue).toBe(80);
    await mturk.send(
      new RejectQualificationRequestCommand({
        QualificationRequestId: ofBen.QualificationRequestId,
        Reason: "We need labellers with a test score.",
      }),
    );
    expect(await notices(anna.id)).toContainEqual(expect.stringMatching(/accepted: you hold it with a score of 80/));
    expect(await notices(ben.id)).toContainEqual(expect.stringMatching(/not accepted: We need labellers/));
    // decided requests are no longer pending, and cannot be decided again
    expect((await mturk.send(new ListQualificationRequestsCommand({}))).QualificationRequests).toEqual([]);
    const twice = await refusal(
      mturk.send(new AcceptQualificationRequestCommand({ QualificationRequestId: ofBen.QualificationRequestId })),
    );
    expect(twice.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationRequestDoesNotExist");
    // with no retry wait, the rejected worker may ask again; the granted one holds it and cannot
    expect(flashOf(await ask(ben.cookie, HIT!.HITId!, id))?.title).toBe("Qualification asked for");
    const pending = await mturk.send(new ListQualificationRequestsCommand({}));
    expect(pending.QualificationRequests!.map((r) => r.WorkerId)).toEqual([ben.id]);
  });

  it("another requester can neither list nor decide the requests", async () => {
    const { mturk } = await requester(200);
    const other = await requester(50);
    const type = await qualificationType(mturk);
    const { HIT } = await mturk.send(
      new CreateHITCommand(
        hitInput({
          MaxAssignments: 1,
          QualificationRequirements: [{ QualificationTypeId: type.QualificationTypeId!, Comparator: "Exists" }],
        }),
      ),
    );
    const worker = await funded("Worker", 10);
    await ask(worker.cookie, HIT!.HITId!, type.QualificationTypeId!);
    const [r] = (await mturk.send(new ListQualificationRequestsCommand({}))).QualificationRequests!;
    expect((await other.mturk.send(new ListQualificationRequestsCommand({}))).QualificationRequests).toEqual([]);
    const listed = await refusal(
      other.mturk.send(new ListQualificationRequestsCommand({ QualificationTypeId: type.QualificationTypeId })),
    );
    expect(listed.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationTypeDoesNotExist");
    const decided = await refusal(
      other.mturk.send(new AcceptQualificationRequestCommand({ QualificationRequestId: r.QualificationRequestId })),
    );
    expect(decided.TurkErrorCode).toBe("AWS.MechanicalTurk.QualificationRequestDoesNotExist");
    expect((await mturk.send(new ListQualificationRequestsCommand({}))).QualificationRequests).toHaveLength(1);
  });
});

describe("extra assignments", () => {
  it("escrows the new slots from the balance once per UniqueRequestToken, the ledger holding", async () => {
    const { user, mturk } = await requester(200);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    expect(await balance(user.id)).toBe(180);
    const extend = (n: number, token?: string) =>
      mturk.send(
        new CreateAdditionalAssignmentsForHITCommand({
          HITId: HIT!.HITId,
          NumberOfAdditionalAssignments: n,
          UniqueRequestToken: token,
        }),
      );
    const token = uniqueToken("extend");
    await extend(3, token);
    expect(await balance(user.id)).toBe(150);
    expect(await hitOf(mturk, HIT!.HITId!)).toMatchObject({ MaxAssignments: 5, NumberOfAssignmentsAvailable: 5 });
    // the same request again (a retry after a lost answer) charges nothing
    await extend(3, token);
    expect(await balance(user.id)).toBe(150);
    const reused = await refusal(extend(1, token));
    expect(reused.message).toMatch(/already added 3 assignments/);
    // without a token, each call is an extension of its own
    await extend(1);
    expect(await balance(user.id)).toBe(140);
    expect((await hitOf(mturk, HIT!.HITId!)).MaxAssignments).toBe(6);
    const dear = await refusal(extend(100));
    expect(dear.TurkErrorCode).toBe("AWS.MechanicalTurk.InsufficientFunds");
    expect(await balance(user.id)).toBe(140);
    expect((await hitOf(mturk, HIT!.HITId!)).MaxAssignments).toBe(6);
    const other = await requester(200);
    const hidden = await refusal(
      other.mturk.send(
        new CreateAdditionalAssignmentsForHITCommand({ HITId: HIT!.HITId, NumberOfAdditionalAssignments: 1 }),
      ),
    );
    expect(hidden.TurkErrorCode).toBe("AWS.MechanicalTurk.HITDoesNotExist");
    expect(await holds([user.id, other.user.id])).toBe(true);
  });

  it("two racing extensions with one token charge once", async () => {
    const { user, mturk } = await requester(300);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const token = uniqueToken("race");
    const send = () =>
      mturk.send(
        new CreateAdditionalAssignmentsForHITCommand({
          HITId: HIT!.HITId,
          NumberOfAdditionalAssignments: 4,
          UniqueRequestToken: token,
        }),
      );
    await Promise.all([send(), send(), send()]);
    expect(await balance(user.id)).toBe(300 - 10 - 40);
    expect((await hitOf(mturk, HIT!.HITId!)).MaxAssignments).toBe(5);
    expect(await holds([user.id])).toBe(true);
  });
});

describe("a HIT's review status, type and review policies", () => {
  it("moves a Reviewable HIT to Reviewing and back, and refuses it on an Assignable HIT", async () => {
    const { mturk } = await requester(200);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 2 })));
    const id = HIT!.HITId!;
    const early = await refusal(mturk.send(new UpdateHITReviewStatusCommand({ HITId: id })));
    expect(early.TurkErrorCode).toBe("AWS.MechanicalTurk.InvalidHITState");
    await submissionBy(await funded("Worker", 10), id, "done");
    await mturk.send(new UpdateExpirationForHITCommand({ HITId: id, ExpireAt: new Date(0) }));
    expect((await hitOf(mturk, id)).HITStatus).toBe("Reviewable");
    await mturk.send(new UpdateHITReviewStatusCommand({ HITId: id, Revert: false }));
    expect(await hitOf(mturk, id)).toMatchObject({ HITStatus: "Reviewing", HITReviewStatus: "MarkedForReview" });
    await mturk.send(new UpdateHITReviewStatusCommand({ HITId: id, Revert: true }));
    expect(await hitOf(mturk, id)).toMatchObject({ HITStatus: "Reviewable", HITReviewStatus: "NotReviewed" });
  });

  it("gives a HIT a new type's terms, settling its open slots' escrow; refuses other requirements", async () => {
    const { user, mturk } = await requester(300);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 3 })));
    expect(await balance(user.id)).toBe(270);
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({
        Title: "Rate a photo, carefully",
        Description: "Say whether the photo shows a cat, and how sure you are.",
        Reward: "0.75",
        AssignmentDurationInSeconds: 900,
        Keywords: "image, cats",
      }),
    );
    await mturk.send(new UpdateHITTypeOfHITCommand({ HITId: HIT!.HITId, HITTypeId }));
    expect(await hitOf(mturk, HIT!.HITId!)).toMatchObject({
      HITTypeId,
      Title: "Rate a photo, carefully",
      Reward: "0.75",
      MaxAssignments: 3,
    });
    // three open slots at 15 coins instead of 10
    expect(await balance(user.id)).toBe(255);
    const type = await qualificationType(mturk);
    const strict = await mturk.send(
      new CreateHITTypeCommand({
        Title: "Rate a photo",
        Description: "Say whether the photo shows a cat.",
        Reward: "0.50",
        AssignmentDurationInSeconds: 600,
        QualificationRequirements: [{ QualificationTypeId: type.QualificationTypeId!, Comparator: "Exists" }],
      }),
    );
    const refused = await refusal(
      mturk.send(new UpdateHITTypeOfHITCommand({ HITId: HIT!.HITId, HITTypeId: strict.HITTypeId })),
    );
    expect(refused.message).toMatch(/cannot change a HIT's QualificationRequirements/);
    expect(await balance(user.id)).toBe(255);
    expect(await holds([user.id])).toBe(true);
  });

  it("answers that no review policy ran on the requester's HIT", async () => {
    const { mturk } = await requester(100);
    const { HIT } = await mturk.send(new CreateHITCommand(hitInput({ MaxAssignments: 1 })));
    const results = await mturk.send(new ListReviewPolicyResultsForHITCommand({ HITId: HIT!.HITId }));
    expect(results.HITId).toBe(HIT!.HITId);
    expect(results.AssignmentReviewReport?.ReviewResults ?? []).toEqual([]);
    expect(results.HITReviewReport?.ReviewActions ?? []).toEqual([]);
    const other = await requester(50);
    const hidden = await refusal(other.mturk.send(new ListReviewPolicyResultsForHITCommand({ HITId: HIT!.HITId })));
    expect(hidden.TurkErrorCode).toBe("AWS.MechanicalTurk.HITDoesNotExist");
  });
});

describe("notifications", () => {
  const receiver = inject("webhookReceiver");
  const receivedBy = async (name: string) =>
    (await (await fetch(`${receiver}/received/${name}`)).json()) as { headers: Record<string, string>; body: string }[];

  /** The signature as docs/mturk.md tells a requester to check it, written here from those words. */
  async function expectSigned(secret: string, post: { headers: Record<string, string>; body: string }) {
    const enc = new TextEncoder();
    const hmac = async (key: BufferSource, text: string) =>
      crypto.subtle.sign(
        "HMAC",
        await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
        enc.encode(text),
      );
    const [t, v1] = post.headers["coinwork-signature"].split(",").map((part) => part.split("=")[1]);
    const key = await hmac(enc.encode(secret), "coinwork-webhook");
    const expected = Array.from(new Uint8Array(await hmac(key, `${t}.${post.body}`)), (b) =>
      b.toString(16).padStart(2, "0"),
    ).join("");
    expect(v1).toBe(expected);
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
  }

  /** A new HIT type whose events in `EventTypes` go to the receiver's `/hook/<hook>`. */
  async function hookedHitType(
    mturk: MTurkClient,
    hook: string,
    EventTypes: EventType[],
    extra: { Active?: boolean } = {},
  ) {
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({
        Title: `Rate a photo ${hook}`,
        Description: "Say whether the photo shows a cat.",
        Reward: "0.50",
        AssignmentDurationInSeconds: 600,
      }),
    );
    await mturk.send(
      new UpdateNotificationSettingsCommand({
        HITTypeId,
        Notification: {
          Transport: "HTTPS" as "SNS",
          Destination: `${receiver}/hook/${hook}`,
          Version: "2014-08-15",
          EventTypes,
        },
        ...extra,
      }),
    );
    return HITTypeId;
  }

  it("refuses SNS and SQS by name, e-mail to another address, and an http webhook elsewhere", async () => {
    const { user, mturk } = await requester(100);
    const { HITTypeId } = await mturk.send(
      new CreateHITTypeCommand({ Title: "T", Description: "D", Reward: "0.50", AssignmentDurationInSeconds: 600 }),
    );
    const spec = (Transport: string, Destination: string) =>
      mturk.send(
        new UpdateNotificationSettingsCommand({
          HITTypeId,
          Notification: {
            Transport: Transport as "SNS",
            Destination,
            Version: "2014-08-15",
            EventTypes: ["HITReviewable"],
          },
          Active: true,
        }),
      );
    for (const transport of ["SNS", "SQS"]) {
      const e = await refusal(spec(transport, "arn:aws:sns:us-east-1:123456789012:topic"));
      expect(e.message).toContain(`Transport ${transport} is not supported`);
    }
    expect((await refusal(spec("Email", "someone@example.com"))).message).toMatch(/your account's e-mail address/);
    expect((await refusal(spec("HTTPS", "http://example.com/hook"))).message).toMatch(/https:\/\//);
    const other = await requester(50);
    const hidden = await refusal(other.mturk.send(new UpdateNotificationSettingsCommand({ HITTypeId, Active: false })));
    expect(hidden.TurkErrorCode).toBe("AWS.MechanicalTurk.HITTypeDoesNotExist");
    expect(user.email).toContain("@");
  });

  it("sends a test event by e-mail, and refuses a webhook that does not take it", async () => {
    const { user, mturk } = await requester(100);
    await mturk.send(
      new SendTestEventNotificationCommand({
        Notification: { Transport: "Email", Destination: user.email, Version: "2006-05-05", EventTypes: ["Ping"] },
        TestEventType: "Ping",
      }),
    );
    const mail = await lastMailTo(user.email, "HIT event: Ping");
    expect(mail.text).toContain('"EventType":"Ping"');
    const failing = await refusal(
      mturk.send(
        new SendTestEventNotificationCommand({
          Notification: {
            Transport: "HTTPS" as "SNS",
            Destination: `${receiver}/fail/${uniqueToken()}`,
            Version: "2014-08-15",
            EventTypes: ["AssignmentSubmitted"],
          },
          TestEventType: "AssignmentSubmitted",
        }),
      ),
    );
    expect(failing.message).toMatch(/answered 500/);
  });

  it("posts a HIT's events, as MTurk names them, signed, to the webhook after each change", async () => {
    const { user, mturk, secret } = await requester(300);
    const hook = uniqueToken("hook");
    const HITTypeId = await hookedHitType(
      mturk,
      hook,
      ["HITCreated", "AssignmentAccepted", "AssignmentSubmitted", "AssignmentApproved", "HITExtended"],
      { Active: true },
    );
    const { HIT } = await mturk.send(
      new CreateHITWithHITTypeCommand({
        HITTypeId,
        MaxAssignments: 1,
        LifetimeInSeconds: 86_400,
        Question: hitInput().Question,
      }),
    );
    const worker = await funded("Worker", 10);
    const submission = await submissionBy(worker, HIT!.HITId!, "A cat, yes.");
    await approveSubmission(env, await sessionUser(user.id), submission.id);
    await mturk.send(
      new CreateAdditionalAssignmentsForHITCommand({ HITId: HIT!.HITId, NumberOfAdditionalAssignments: 1 }),
    );
    // each write request sends what it made due once it has answered; the service calls above made theirs without
    // a request, so the Cron Trigger's job (or the next request) sends them: wait for the receiver to have them all
    const events = await vi.waitFor(
      async () => {
        const all = (await receivedBy(hook)).flatMap(
          (p) => (JSON.parse(p.body) as { Events: { EventType: string }[] }).Events,
        );
        expect(all.map((e) => e.EventType).sort()).toEqual(
          ["AssignmentAccepted", "AssignmentApproved", "AssignmentSubmitted", "HITCreated", "HITExtended"].sort(),
        );
        return all as {
          EventType: string;
          HITId: string;
          HITTypeId: string;
          AssignmentId?: string;
          EventTimestamp: string;
        }[];
      },
      { timeout: 20_000, interval: 200 },
    );
    for (const e of events) expect(e).toMatchObject({ HITId: HIT!.HITId, HITTypeId });
    expect(events.find((e) => e.EventType === "AssignmentSubmitted")!.AssignmentId).toBe(submission.id);
    expect(events.find((e) => e.EventType === "AssignmentApproved")!.AssignmentId).toBe(submission.id);
    const posts = await receivedBy(hook);
    for (const post of posts) {
      expect(JSON.parse(post.body)).toMatchObject({ EventDocVersion: "2014-08-15", CustomerId: user.id });
      await expectSigned(secret, post);
    }
    // switched off: nothing more is sent
    await mturk.send(new UpdateNotificationSettingsCommand({ HITTypeId, Active: false }));
    await mturk.send(
      new CreateAdditionalAssignmentsForHITCommand({ HITId: HIT!.HITId, NumberOfAdditionalAssignments: 1 }),
    );
    const { deliverHitEvents } = await import("~/server/services/hit-notifications.server");
    await deliverHitEvents(env, "https://coinwork.test");
    expect((await receivedBy(hook)).length).toBe(posts.length);
  });

  it("sends HITExpired once when a HIT's day has passed (the Cron Trigger's sweep)", async () => {
    const { mturk } = await requester(100);
    const hook = uniqueToken("expired");
    const HITTypeId = await hookedHitType(mturk, hook, ["HITExpired"]);
    const { HIT } = await mturk.send(
      new CreateHITWithHITTypeCommand({ HITTypeId, MaxAssignments: 1, LifetimeInSeconds: 3_600 }),
    );
    const { deliverHitEvents, recordExpiredHits } = await import("~/server/services/hit-notifications.server");
    // today its day has not passed: nothing; three days on it has, once however often the sweep runs
    await recordExpiredHits(env);
    const later = Date.now() + 3 * 86_400_000;
    await recordExpiredHits(env, later);
    await recordExpiredHits(env, later);
    await deliverHitEvents(env, "https://coinwork.test", later);
    const events = (await receivedBy(hook)).flatMap(
      (p) => (JSON.parse(p.body) as { Events: { EventType: string; HITId: string; EventTimestamp: string }[] }).Events,
    );
    expect(events).toHaveLength(1);
    const day = (await hitOf(mturk, HIT!.HITId!)).Expiration!.toISOString().slice(0, 10);
    expect(events[0]).toMatchObject({ EventType: "HITExpired", HITId: HIT!.HITId });
    expect(events[0].EventTimestamp).toBe(
      `${new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 19)}Z`,
    );
  });
});
