// A requester reaches only their own HITs, assignments and qualification types: another's answers exactly as one
// that does not exist.
import type { SessionUser } from "../auth/session.server";
import { AppError } from "../errors";
import { buyerAssignment, buyerHit } from "../services/hits.server";
import { ownQualification } from "../services/qualifications.server";
import { requestError } from "./wire.server";

/** One of the requester's HITs; a deleted one only with `disposed` (GetHIT answers it Disposed). */
export async function ownHit(env: Env, requester: SessionUser, hitId: string, opts: { disposed?: boolean } = {}) {
  const row = await buyerHit(env, requester.id, hitId, opts);
  if (!row) throw requestError(`Hit ${hitId} does not exist.`, "AWS.MechanicalTurk.HITDoesNotExist");
  return row;
}

export async function ownAssignment(env: Env, requester: SessionUser, assignmentId: string) {
  const row = await buyerAssignment(env, requester.id, assignmentId);
  if (!row)
    throw requestError(`Assignment ${assignmentId} does not exist.`, "AWS.MechanicalTurk.AssignmentDoesNotExist");
  return row;
}

/** One of the requester's qualifications (a QualificationType); another's answers as one that does not exist. */
export async function ownQualificationType(env: Env, requester: SessionUser, id: string) {
  try {
    return await ownQualification(env, requester, id);
  } catch (e) {
    if (e instanceof AppError && (e.code === "not_found" || e.code === "forbidden"))
      throw requestError(`QualificationType ${id} does not exist.`, "AWS.MechanicalTurk.QualificationTypeDoesNotExist");
    throw e;
  }
}
