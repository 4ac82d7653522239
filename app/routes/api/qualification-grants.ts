import { DELETED, list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import {
  grantQualification,
  heldQualifications,
  listHolders,
  revokeQualification,
  type GrantView,
} from "~/server/services/qualifications.server";
import { grantBody, grantQuery, grantsQuery, grantWireSchema } from "~/lib/schemas/qualifications";
import { AppError } from "~/server/errors";

const example = {
  qualification_id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  qualification_name: "English proofreading",
  worker_id: "5f0c1f4e-2b7a-4d7e-9a51-0c4f2e8b6d13",
  worker_name: "Rafi Worker",
  score: 100,
  source: "hand",
  granted_at: "2026-11-20T09:30:00.000Z",
};

const grantWire = (g: GrantView) => ({
  qualification_id: g.qualificationId,
  qualification_name: g.qualificationName,
  worker_id: g.workerId,
  worker_name: g.workerName,
  score: g.score,
  source: g.source,
  granted_at: new Date(g.grantedAt).toISOString(),
});

export const loader = rest("/qualification-grants", "Quality", {
  GET: {
    summary: "Who holds one of your qualifications (buyer), or the qualifications you hold (worker)",
    access: ["Buyer", "Worker"],
    accessNote:
      "A buyer names one of their qualifications (qualification_id=, 422 without it); a worker sees their own.",
    query: grantsQuery,
    responses: [list(grantWireSchema, example, "Grants, newest first (source: hand or test)")],
    errors: [404],
    handler: async ({ user, query: q, env }) => {
      if (user.role === "Worker") return pagedList(q, (paging) => heldQualifications(env, user.id, paging), grantWire);
      const qualificationId = q.qualification_id;
      if (!qualificationId)
        throw new AppError("validation_failed", "qualification_id is required", {
          qualification_id: ["qualification_id is required"],
        });
      return pagedList(q, (paging) => listHolders(env, user, qualificationId, paging), grantWire);
    },
  },
  POST: {
    summary: "Grant one of your qualifications to a worker by hand",
    description:
      "The worker holds it with the score given (100 when none); granting again replaces the score. 403 for an account that is not a worker's.",
    access: ["Buyer"],
    accessNote: "Only your own qualifications.",
    body: grantBody,
    responses: [ok(grantWireSchema, example, "The grant", 201)],
    errors: [404],
    handler: async ({ user: buyer, body: input, env }) => {
      const grant = await grantQualification(env, buyer, {
        qualificationId: input.qualification_id,
        workerId: input.worker_id,
        score: input.score,
      });
      return json(grantWire(grant), 201);
    },
  },
  DELETE: {
    summary: "Revoke a worker's qualification",
    description:
      "Tasks that require it close to the worker at once; a test's retake wait still counts from their last attempt.",
    access: ["Buyer"],
    accessNote: "Only your own qualifications.",
    query: grantQuery,
    responses: [DELETED],
    errors: [404],
    handler: async ({ user: buyer, query: q, env }) => {
      await revokeQualification(env, buyer, { qualificationId: q.qualification_id, workerId: q.worker_id });
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
