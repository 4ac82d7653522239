// Endpoints and answers that more than one REST route serves: each kind once, entry and handler together.
import { minimumPayOf } from "../services/pay-rate.server";
import type * as v from "valibot";
import type { SessionUser } from "../auth/session.server";
import type { Role } from "~/lib/roles";
import { listBuyerTasks, buyerStats } from "../services/tasks.server";
import { adminStats } from "../services/users.server";
import { json, ownerFor, pagedList, requireOwnEmail, type Endpoint, type Page } from "./rest.server";
import { DELETED, list, ok, OWN_EMAIL } from "./endpoint.server";
import { submissionStatusStored, submissionWire, taskWire } from "./wire.server";
import type { SubmissionStatus, SubmissionView } from "../services/submissions.server";
import { bareNumberWire, ownEmailQuery, type SubmissionWireStatus } from "~/lib/schemas/api";

type BuyerStats = Awaited<ReturnType<typeof buyerStats>>;
type AdminStats = Awaited<ReturnType<typeof adminStats>>;

/** GET (public): a short list for the landing page, e.g. the categories or the featured tasks. */
export function publicList(entry: {
  summary: string;
  wire: v.GenericSchema;
  example: unknown;
  description: string;
  read: (env: Env, origin: string) => Promise<unknown[]>;
}): Endpoint<"public"> {
  return {
    summary: entry.summary,
    access: "public",
    responses: [list(entry.wire, entry.example, entry.description)],
    handler: async ({ env, origin }) => json(await entry.read(env, origin)),
  };
}

/** GET ?email= (buyer, your own): one figure of the buyer home, e.g. `(stats) => ({ totalPayed: stats.paidCoins })`. */
export function buyerFigure<T extends Record<string, number>>(entry: {
  summary: string;
  wire: v.GenericSchema<unknown, T>;
  example: T;
  answer: (stats: BuyerStats) => T;
}): Endpoint<Role[], typeof ownEmailQuery> {
  return {
    summary: entry.summary,
    access: ["Buyer"],
    accessNote: OWN_EMAIL,
    query: ownEmailQuery,
    responses: [ok(entry.wire, entry.example)],
    handler: async ({ user, query, env }) => {
      requireOwnEmail(user, query.email);
      return json(entry.answer(await buyerStats(env, user.id)));
    },
  };
}

/** GET (admin): one figure of the admin home, as a bare number. */
export function adminFigure(entry: {
  summary: string;
  example: number;
  answer: (stats: AdminStats) => number;
}): Endpoint<Role[]> {
  return {
    summary: entry.summary,
    access: ["Admin"],
    responses: [ok(bareNumberWire, entry.example)],
    handler: async ({ env }) => json(entry.answer(await adminStats(env))),
  };
}

/** DELETE ?id=&reason= (admin): the service removes the record; a blank reason is none. Answers { deletedCount }. */
export function adminRemoval(entry: {
  summary: string;
  description: string;
  query: v.GenericSchema<unknown, { id: string; reason?: string }>;
  remove: (env: Env, admin: SessionUser, id: string, reason?: string) => Promise<unknown>;
  /** its statuses besides 401, 403 and 422 */
  errors: number[];
}): Endpoint<Role[], typeof entry.query> {
  return {
    summary: entry.summary,
    description: entry.description,
    access: ["Admin"],
    query: entry.query,
    responses: [DELETED],
    errors: entry.errors,
    handler: async ({ user, query, env }) => json(await entry.remove(env, user, query.id, query.reason || undefined)),
  };
}

/** A buyer's live tasks (GET /tasks?email= and GET /tasks1?email=): the caller's own, or (admins) that buyer's. */
export async function buyerTasksResponse(
  env: Env,
  origin: string,
  user: SessionUser,
  q: { email?: string; page?: number; limit?: number },
): Promise<Response> {
  const owner = await ownerFor(env, user, q.email);
  return pagedList(
    q,
    async (paging) => owner && listBuyerTasks(env, owner.id, paging),
    (t) => taskWire(origin, t, owner!, minimumPayOf(env)),
  );
}

/** A page of submissions in their wire shape (GET /submission, /submission1, /submission2); `q.status` as the wire says it. */
export function submissionList(
  origin: string,
  q: { status?: SubmissionWireStatus; page?: number; limit?: number },
  read: (filter: { status?: SubmissionStatus[]; page?: number; limit: number }) => Promise<Page<SubmissionView>>,
): Promise<Response> {
  const status = q.status ? [submissionStatusStored(q.status)] : undefined;
  return pagedList(
    q,
    (paging) => read({ status, ...paging }),
    (s) => submissionWire(origin, s),
  );
}
