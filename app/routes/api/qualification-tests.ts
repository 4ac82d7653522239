import { list, ok } from "~/server/http/endpoint.server";
import { json, pagedList, rest } from "~/server/http/rest.server";
import { availableTests, takeTest, type TestView } from "~/server/services/qualifications.server";
import { testAnswersBody, testResultWireSchema, testsQuery, testWireSchema } from "~/lib/schemas/qualifications";

const example = {
  qualification_id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  name: "English proofreading",
  description: "Finds spelling and grammar mistakes in short English texts.",
  buyer_name: "Maya Buyer",
  retake_hours: 24,
  questions: [
    {
      _id: "1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b",
      prompt: "Which word is spelled right?",
      choices: ["recieve", "receive", "receeve"],
    },
  ],
  your_score: null,
  next_attempt_at: null,
};

const testWire = (t: TestView) => ({
  qualification_id: t.id,
  name: t.name,
  description: t.description,
  buyer_name: t.buyerName,
  retake_hours: t.retakeHours,
  questions: t.questions.map((q) => ({ _id: q.id, prompt: q.prompt, choices: q.choices })),
  your_score: t.score,
  next_attempt_at: t.nextAttemptAt === null ? null : new Date(t.nextAttemptAt).toISOString(),
});

export const loader = rest("/qualification-tests", "Quality", {
  GET: {
    summary: "Qualification tests you can take, newest first (never their answer keys)",
    access: ["Worker"],
    query: testsQuery,
    responses: [
      list(testWireSchema, example, "Tests with their questions, your score and when you may take each again"),
    ],
    handler: async ({ user: worker, query: q, env }) =>
      pagedList(
        q,
        (paging) => availableTests(env, worker.id, { ...paging, qualificationId: q.qualification_id }),
        testWire,
      ),
  },
  POST: {
    summary: "Take a qualification test",
    description:
      "answers maps each question's _id to the number of the chosen choice (1 for the first); an unanswered question counts as wrong. Graded on the server: you hold the qualification with the score (0-100, the share answered right), replacing an earlier one. 409 with next_attempt_at before the test's retake wait is over.",
    access: ["Worker"],
    body: testAnswersBody,
    responses: [
      ok(
        testResultWireSchema,
        { qualification_id: example.qualification_id, score: 80, next_attempt_at: "2026-11-21T09:30:00.000Z" },
        "Your score",
        201,
      ),
    ],
    errors: [404, 409],
    handler: async ({ user: worker, body: input, env }) => {
      const done = await takeTest(env, worker, input.qualification_id, input.answers);
      return json(
        {
          qualification_id: done.qualificationId,
          score: done.score,
          next_attempt_at: new Date(done.nextAttemptAt).toISOString(),
        },
        201,
      );
    },
  },
});
export const action = loader;
