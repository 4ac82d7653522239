// A requester reaches only their own HITs and assignments: another's answers exactly as one that does not exist.
import type { SessionUser } from "../auth/session.server";
import { buyerAssignment, buyerHit } from "../services/hits.server";
import { requestError } from "./wire.server";

export async function ownHit(env: Env, requester: SessionUser, hitId: string) {
  const row = await buyerHit(env, requester.id, hitId);
  if (!row) throw requestError(`Hit ${hitId} does not exist.`, "AWS.MechanicalTurk.HITDoesNotExist");
  return row;
}

export async function ownAssignment(env: Env, requester: SessionUser, assignmentId: string) {
  const row = await buyerAssignment(env, requester.id, assignmentId);
  if (!row)
    throw requestError(`Assignment ${assignmentId} does not exist.`, "AWS.MechanicalTurk.AssignmentDoesNotExist");
  return row;
}
