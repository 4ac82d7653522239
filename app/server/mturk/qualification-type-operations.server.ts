// The operations on a requester's qualification types as a whole (ListQualificationTypes, GetQualificationType,
// UpdateQualificationType, DeleteQualificationType, ListHITsForQualificationType) and on workers' requests for the
// requestable ones (ListQualificationRequests, AcceptQualificationRequest, RejectQualificationRequest), each over the
// qualifications services the pages use. Another requester's type or request answers as one that does not exist.
import * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import { deleteQualification, qualificationsAfter, updateQualification } from "../services/qualifications.server";
import {
  acceptQualificationRequest,
  pendingRequests,
  rejectQualificationRequest,
} from "../services/qualification-requests.server";
import { buyerHits } from "../services/hits.server";
import { AppError } from "../errors";
import { score } from "~/lib/schemas/qualifications";
import { boundedText, integer, page, paging, text, type Input } from "./input.server";
import { ownQualificationType } from "./owned.server";
import { definition, qualificationTypeShape, readTypeFields, retakeHours } from "./qualification-operations.server";
import { hitShape } from "./shapes.server";
import { requestError } from "./wire.server";

type Operation = (env: Env, requester: SessionUser, input: Input) => Promise<unknown>;

const seconds = (ms: number) => Math.floor(ms / 1000);
/** AcceptQualificationRequest's IntegerValue when none is given: MTurk's presence value. */
const PRESENCE_VALUE = 1;

function flag(input: Input, name: string): boolean {
  const value = input[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw requestError(`${name} must be true or false.`);
  return value;
}

/** A request that is not the requester's to decide (or no longer pending) is one that does not exist. */
async function decided(work: Promise<void>, id: string): Promise<object> {
  try {
    await work;
    return {};
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found")
      throw requestError(
        `QualificationRequest ${id} does not exist.`,
        "AWS.MechanicalTurk.QualificationRequestDoesNotExist",
      );
    throw e;
  }
}

export const QUALIFICATION_TYPE_OPERATIONS: Record<string, Operation> = {
  // Other requesters' types are never listed (every operation answers them as not existing), so MustBeOwnedByCaller
  // false lists the caller's own too; MTurk's system types are not listed
  ListQualificationTypes: async (env, requester, input) => {
    const requestable = flag(input, "MustBeRequestable");
    flag(input, "MustBeOwnedByCaller");
    const query = boundedText(input, "Query", 1000, false).trim();
    const p = paging(input);
    const rows = await qualificationsAfter(env, requester, { query, requestable, limit: p.limit, after: p.after });
    const { items, token } = page(rows);
    return { NumResults: items.length, QualificationTypes: items.map(qualificationTypeShape), ...token };
  },

  GetQualificationType: async (env, requester, input) => ({
    QualificationType: qualificationTypeShape(
      await ownQualificationType(env, requester, text(input, "QualificationTypeId")),
    ),
  }),

  // a field not given stays as it is; a Test with its AnswerKey replaces the test
  UpdateQualificationType: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const { questions } = readTypeFields(input, false);
    const fields = definition({
      name: q.name,
      description: text(input, "Description", false) || q.description,
      retake_hours: retakeHours(input, q.retakeHours),
    });
    const updated = await updateQualification(env, requester, q.id, { ...fields, questions });
    return { QualificationType: qualificationTypeShape(updated) };
  },

  // refused while a live HIT requires the type (Coinwork would otherwise open that HIT to every worker)
  DeleteQualificationType: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    await deleteQualification(env, requester, q.id);
    return {};
  },

  ListHITsForQualificationType: async (env, requester, input) => {
    const q = await ownQualificationType(env, requester, text(input, "QualificationTypeId"));
    const p = paging(input);
    const rows = await buyerHits(env, requester.id, { limit: p.limit, after: p.after, requiring: q.id });
    const { items, token } = page(rows.map((r) => ({ ...r, createdAt: r.task.createdAt, id: r.task.id })));
    return { NumResults: items.length, HITs: items.map((r) => hitShape(r, env)), ...token };
  },

  // the pending requests, newest first: of one type, or of all the requester's
  ListQualificationRequests: async (env, requester, input) => {
    const typeId = text(input, "QualificationTypeId", false);
    if (typeId) await ownQualificationType(env, requester, typeId);
    const p = paging(input);
    const rows = await pendingRequests(env, requester, {
      qualificationId: typeId || undefined,
      limit: p.limit,
      after: p.after,
    });
    const { items, token } = page(rows);
    return {
      NumResults: items.length,
      QualificationRequests: items.map((r) => ({
        QualificationRequestId: r.id,
        QualificationTypeId: r.qualificationId,
        WorkerId: r.workerId,
        SubmitTime: seconds(r.createdAt),
      })),
      ...token,
    };
  },

  AcceptQualificationRequest: async (env, requester, input) => {
    const id = text(input, "QualificationRequestId");
    const value = integer(input, "IntegerValue", PRESENCE_VALUE);
    if (!v.is(score, value)) throw requestError("IntegerValue must be a score from 0 to 100 on Coinwork.");
    return decided(acceptQualificationRequest(env, requester, id, value), id);
  },

  RejectQualificationRequest: async (env, requester, input) => {
    const id = text(input, "QualificationRequestId");
    const reason = boundedText(input, "Reason", 1024, false).trim();
    return decided(rejectQualificationRequest(env, requester, id, reason), id);
  },
};
