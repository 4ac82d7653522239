// The qualification operations (CreateQualificationType, AssociateQualificationWithWorker,
// DisassociateQualificationFromWorker, ListWorkersWithQualificationType, GetQualificationScore), each over the
// qualifications service the Qualifications pages and REST routes use. A QualificationTypeId is a Coinwork
// qualification's id; another requester's answers as one that does not exist.
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { AppError } from "../errors";
import {
  createQualification,
  NAME_TAKEN,
  grantQualification,
  holderGrant,
  holdersAfter,
  revokeQualification,
  type GrantView,
} from "../services/qualifications.server";
import { qualificationFormSchema, score } from "~/lib/schemas/qualifications";
import { boundedText, integer, page, paging, text, type Input } from "./input.server";
import { ownQualificationType } from "./owned.server";
import { testQuestions } from "./qualification-test.server";
import { requestError } from "./wire.server";

type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

const seconds = (ms: number) => Math.floor(ms / 1000);
/** MTurk's refusal of a second QualificationType of the same name, word for word (Mephisto and Dallinger match it). */
export const DUPLICATE_NAME =
  "You have already created a QualificationType with this name. A QualificationType's name must be unique among all of the QualificationTypes created by the same user.";
const HOUR_SECONDS = 3600;
/** Without RetryDelayInSeconds MTurk allows no retry; Coinwork's longest wait (a year) is the nearest. */
const NO_RETRY_HOURS = 8760;
/** MTurk's IntegerValue when AssociateQualificationWithWorker gives none. */
const MTURK_DEFAULT_VALUE = 1;

/** RetryDelayInSeconds as Coinwork's retake wait in whole hours; `absent` when the request gives none. */
export function retakeHours(input: Input, absent = NO_RETRY_HOURS): number {
  if (input.RetryDelayInSeconds === undefined || input.RetryDelayInSeconds === null) return absent;
  const delay = integer(input, "RetryDelayInSeconds");
  if (delay < 0 || delay > NO_RETRY_HOURS * HOUR_SECONDS)
    throw requestError(`RetryDelayInSeconds must be between 0 and ${NO_RETRY_HOURS * HOUR_SECONDS}.`);
  // whole hours, rounded up: never a shorter wait than asked
  return Math.ceil(delay / HOUR_SECONDS);
}

/**
 * The fields CreateQualificationType and UpdateQualificationType share, read and checked: the Test with its
 * AnswerKey as Coinwork's questions (undefined when none is given), AutoGranted and the status refused but Active.
 */
export function readTypeFields(input: Input, statusRequired: boolean) {
  const test = text(input, "Test", false);
  const answerKey = text(input, "AnswerKey", false);
  if (Boolean(test) !== Boolean(answerKey))
    throw requestError(
      "A Test needs its AnswerKey, and an AnswerKey its Test: Coinwork grades every test on the server.",
    );
  // a Coinwork test has no time limit: MTurk requires TestDurationInSeconds with a Test, so it is read, not applied
  if (input.TestDurationInSeconds !== undefined) integer(input, "TestDurationInSeconds");
  const questions = test ? testQuestions(test, answerKey) : undefined;
  if (input.AutoGranted === true)
    throw requestError("AutoGranted is not supported: a Coinwork qualification is granted by hand or by its test.");
  const status = text(input, "QualificationTypeStatus", statusRequired);
  if (status && status !== "Active")
    throw requestError(
      `QualificationTypeStatus ${status} is not supported: a Coinwork qualification is Active from the start.`,
    );
  return { questions };
}

/** A definition's fields checked by the pages' schema, each refusal naming MTurk's field. */
export function definition(fields: { name: string; description: string; retake_hours: number }) {
  const parsed = v.safeParse(qualificationFormSchema, fields);
  if (!parsed.success) {
    const field = { name: "Name", description: "Description" }[String(parsed.issues[0].path?.[0]?.key)];
    throw requestError(`${field ?? "The qualification"}: ${parsed.issues[0].message}.`);
  }
  return parsed.output;
}

/** A Coinwork qualification as MTurk's QualificationType: requestable when it has a test or is open to requests. */
export function qualificationTypeShape(q: {
  id: string;
  createdAt: number;
  name: string;
  description: string;
  retakeHours: number;
  questions: number;
  requestable: number;
}) {
  return {
    QualificationTypeId: q.id,
    CreationTime: seconds(q.createdAt),
    Name: q.name,
    Description: q.description,
    QualificationTypeStatus: "Active",
    RetryDelayInSeconds: q.retakeHours * HOUR_SECONDS,
    IsRequestable: q.questions > 0 || q.requestable === 1,
    AutoGranted: false,
  };
}

function qualificationShape(g: GrantView) {
  return {
    QualificationTypeId: g.qualificationId,
    WorkerId: g.workerId,
    GrantTime: seconds(g.grantedAt),
    IntegerValue: g.score,
    Status: "Granted",
  };
}

export const QUALIFICATION_OPERATIONS: Record<string, Operation> = {
  // without a test, a type is requestable, as on MTurk: workers ask for it and the requester decides
  CreateQualificationType: async (env, requester, input) => {
    const { questions = [] } = readTypeFields(input, true);
    // Keywords help MTurk's search for types; Coinwork has none, so they are read (checked) and not kept
    boundedText(input, "Keywords", 1000, false);
    const fields = definition({
      name: text(input, "Name"),
      description: text(input, "Description"),
      retake_hours: retakeHours(input),
    });
    const q = await createQualification(env, requester, {
      ...fields,
      questions,
      requestable: !questions.length,
    }).catch((e: unknown) => {
      // MTurk's words, which tools match to find the type they made before instead
      if (e instanceof AppError && e.message === NAME_TAKEN) throw requestError(DUPLICATE_NAME);
      throw e;
    });
    return { QualificationType: qualificationTypeShape(q) };
  },

  AssociateQualificationWithWorker: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const value = integer(input, "IntegerValue", MTURK_DEFAULT_VALUE);
    if (!v.is(score, value)) throw requestError("IntegerValue must be a score from 0 to 100 on Coinwork.");
    if (input.SendNotification !== undefined && typeof input.SendNotification !== "boolean")
      throw requestError("SendNotification must be true or false.");
    await grantQualification(env, requester, {
      qualificationId: q.id,
      workerId: text(input, "WorkerId"),
      score: value,
      notify: input.SendNotification === true,
    });
    return {};
  },

  DisassociateQualificationFromWorker: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const reason = boundedText(input, "Reason", 1024, false).trim();
    await revokeQualification(env, requester, {
      qualificationId: q.id,
      workerId: text(input, "WorkerId"),
      reason: reason || undefined,
    });
    return {};
  },

  ListWorkersWithQualificationType: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const status = text(input, "Status", false);
    if (status && status !== "Granted")
      throw requestError(`Status ${status} is not supported: Coinwork keeps no revoked grants, only Granted ones.`);
    const p = paging(input);
    const rows = await holdersAfter(env, requester, q.id, {
      limit: p.limit,
      after: p.after && { grantedAt: p.after.createdAt, workerId: p.after.id },
    });
    const { items, token } = page(rows.map((g) => ({ ...g, createdAt: g.grantedAt, id: g.workerId })));
    return { NumResults: items.length, Qualifications: items.map(qualificationShape), ...token };
  },

  GetQualificationScore: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const workerId = text(input, "WorkerId");
    const held = await holderGrant(env, requester, q.id, workerId);
    if (!held)
      throw requestError(
        `You requested a Qualification that does not exist: worker ${workerId} does not hold ${q.id}.`,
        "AWS.MechanicalTurk.QualificationDoesNotExist",
      );
    return { Qualification: qualificationShape(held) };
  },
};
