import { DELETED, list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import {
  createQualification,
  deleteQualification,
  listQualifications,
  qualificationForOwner,
  updateQualification,
  type QualificationView,
} from "~/server/services/qualifications.server";
import {
  qualificationBody,
  qualificationPatchBody,
  qualificationQuery,
  qualificationsQuery,
  qualificationWireSchema,
} from "~/lib/schemas/qualifications";

const example = {
  _id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  name: "English proofreading",
  description: "Finds spelling and grammar mistakes in short English texts.",
  retake_hours: 24,
  holders: 12,
  created_at: "2026-11-20T09:30:00.000Z",
  questions: [
    {
      _id: "1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b",
      prompt: "Which word is spelled right?",
      choices: ["recieve", "receive", "receeve"],
      answer: 2,
    },
  ],
};

const qualificationWire = (q: QualificationView) => ({
  _id: q.id,
  name: q.name,
  description: q.description,
  retake_hours: q.retakeHours,
  holders: q.holders,
  created_at: new Date(q.createdAt).toISOString(),
  questions: q.test.map((t) => ({ _id: t.id, prompt: t.prompt, choices: t.choices, answer: t.answer })),
});

export const loader = rest("/qualifications", "Quality", {
  GET: {
    summary: "Your qualifications, newest first, with their tests and answer keys",
    access: ["Buyer"],
    accessNote: "Only your own.",
    query: qualificationsQuery,
    responses: [
      list(qualificationWireSchema, example, "Your qualifications (answer: the right choice, 1 for the first)"),
    ],
    handler: async ({ user: buyer, query: q, env }) =>
      pagedList(q, (paging) => listQualifications(env, buyer.id, paging), qualificationWire),
  },
  POST: {
    summary: "Define a qualification, with a test when questions are given",
    description:
      "A name (once per buyer: 409 when taken) and a description; a test is up to 20 multiple-choice questions, each with 2 to 6 choices and the number of the right one (answer, 1 for the first). Workers take the test with POST /qualification-tests and hold the qualification with their score; they may take it again retake_hours after their last attempt. Without questions, grant it by hand with POST /qualification-grants.",
    access: ["Buyer"],
    body: qualificationBody,
    responses: [ok(qualificationWireSchema, example, "The qualification", 201)],
    errors: [409],
    handler: async ({ user: buyer, body: input, env }) => {
      const made = await createQualification(env, buyer, input);
      return json(qualificationWire(await qualificationForOwner(env, buyer, made.id)), 201);
    },
  },
  PATCH: {
    summary: "Change a qualification",
    description:
      "Replaces the name, description and retake wait; questions, when given, replace the whole test ([] removes it). Scores already held stay.",
    access: ["Buyer"],
    accessNote: "Only your own.",
    body: qualificationPatchBody,
    responses: [ok(qualificationWireSchema, example, "The qualification as changed")],
    errors: [404, 409],
    handler: async ({ user: buyer, body: { qualification_id, ...input }, env }) => {
      await updateQualification(env, buyer, qualification_id, input);
      return json(qualificationWire(await qualificationForOwner(env, buyer, qualification_id)));
    },
  },
  DELETE: {
    summary: "Delete a qualification",
    description:
      "Deletes it with its test, every worker's grant and attempts, at once. Refused (409) while a task that is not deleted requires it: delete those tasks first.",
    access: ["Buyer"],
    accessNote: "Only your own.",
    query: qualificationQuery,
    responses: [DELETED],
    errors: [404, 409],
    handler: async ({ user: buyer, query: q, env }) => {
      await deleteQualification(env, buyer, q.qualification_id);
      return json({ deletedCount: 1 });
    },
  },
});
export const action = loader;
