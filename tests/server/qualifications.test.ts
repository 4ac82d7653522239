// Qualifications (docs/product/quality.md): a buyer defines one, grants it by hand or lets workers earn it with a test
// graded on the server (the key never reaches a worker); a task may require one with a least score, checked where a
// slot is taken (the page shows the reason and the test, REST answers 403). Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  call,
  expectError,
  flashOf,
  funded,
  getPage,
  htmlOf,
  jsPost,
  postForm,
  registerUser,
  rest,
  row,
  submissionBy,
  taskFields,
  taskOf,
  uniqueToken,
  makeAdmin,
  type TestUser,
} from "./fixtures";

const QUESTIONS = [
  { prompt: "Which word is spelled right?", choices: ["recieve", "receive", "receeve"], answer: 2 },
  { prompt: "Pick the verb.", choices: ["quickly", "blue", "run", "table"], answer: 3 },
];

interface QualificationWire {
  _id: string;
  name: string;
  questions: { _id: string; prompt: string; choices: string[]; answer: number }[];
}

async function defineTest(buyer: TestUser, retakeHours = 24, questions = QUESTIONS) {
  const made = await rest<QualificationWire>("POST", "/qualifications", buyer.token, {
    name: `Proofreading ${uniqueToken()}`,
    description: "Finds spelling mistakes.",
    retake_hours: retakeHours,
    questions,
  });
  expect(made.status).toBe(201);
  return made.body;
}

/** The worker's answers: the right choice for the first `right` questions, a wrong one for the rest. */
function answersFor(q: QualificationWire, right: number) {
  return Object.fromEntries(
    q.questions.map((x, i) => [x._id, i < right ? x.answer : (x.answer % x.choices.length) + 1]),
  );
}

const take = (worker: TestUser, q: QualificationWire, answers: Record<string, number>) =>
  rest<{ score: number; next_attempt_at: string }>("POST", "/qualification-tests", worker.token, {
    qualification_id: q._id,
    answers,
  });

describe("qualifications", () => {
  it("grades a test on the server, holds the score, and waits the buyer's retake time", async () => {
    const buyer = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const q = await defineTest(buyer, 24);
    // the owner reads the key back
    expect(q.questions.map((x) => x.answer)).toEqual([2, 3]);

    const half = await take(worker, q, answersFor(q, 1));
    expect(half.status).toBe(201);
    expect(half.body.score).toBe(50);
    const held = await rest("GET", "/qualification-grants", worker.token);
    expect(held.body).toEqual([expect.objectContaining({ qualification_id: q._id, score: 50, source: "test" })]);

    // before the wait is over: 409 with when, and the score stays
    const again = await take(worker, q, answersFor(q, 2));
    expectError(again, 409, "conflict");
    expect((again.body as unknown as { error: { message: string } }).error.message).toMatch(
      /You can take this test again after/,
    );
    expect(
      (await row<{ score: number }>("SELECT score FROM qualification_grants WHERE worker_id = ?", worker.id))!.score,
    ).toBe(50);

    // with no wait, a retake replaces the score; unanswered questions count as wrong
    const quick = await defineTest(buyer, 0);
    expect((await take(worker, quick, {})).body.score).toBe(0);
    expect((await take(worker, quick, answersFor(quick, 2))).body.score).toBe(100);
  });

  it("never sends the answer key to a worker: not in REST, the test page's HTML nor its data", async () => {
    const buyer = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const q = await defineTest(buyer);
    const tests = await rest<Record<string, unknown>[]>(
      "GET",
      `/qualification-tests?qualification_id=${q._id}`,
      worker.token,
    );
    expect(tests.status).toBe(200);
    expect(tests.body).toHaveLength(1);
    expect(JSON.stringify(tests.body)).not.toMatch(/"answer"/);
    expect((tests.body[0]!.questions as { choices: string[] }[])[0]!.choices).toEqual(QUESTIONS[0]!.choices);

    const page = await getPage(`/dashboard/tests/${q._id}`, worker.cookie);
    expect(page.status).toBe(200);
    const html = await htmlOf(page);
    expect(html).toContain("Which word is spelled right?");
    expect(html).not.toMatch(/"answer"|\\"answer\\"/);
    const data = await (await call(`/dashboard/tests/${q._id}.data`, { headers: { Cookie: worker.cookie } })).text();
    expect(data).toContain("receive");
    expect(data).not.toMatch(/"answer"/);
  });

  it("takes the test through its page without JavaScript and shows the score", async () => {
    const buyer = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const q = await defineTest(buyer);
    const fields = Object.fromEntries(q.questions.map((x) => [`answer-${x._id}`, String(x.answer)]));
    const posted = await postForm(`/dashboard/tests/${q._id}`, fields, worker.cookie);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/dashboard/tests");
    const list = await htmlOf(await getPage("/dashboard/tests", worker.cookie));
    expect(list).toContain(q.name);
    expect(list).toContain("Score 100");
  });

  it("a task requiring a qualification refuses others with the reason and the test, on the page and in REST", async () => {
    const buyer = await funded("Buyer", 200);
    const worker = await registerUser("Worker");
    const q = await defineTest(buyer, 0);
    const task = await taskOf(buyer, {
      required_workers: 2,
      payable_amount: 3,
      qualification_id: q._id,
      qualification_min_score: 80,
    });

    const page = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie));
    expect(page).toContain(
      `This task is for workers who hold the qualification “${q.name}” with a score of at least 80; you do not hold it.`,
    );
    // the test, which sends them back to this task once graded
    expect(page).toContain(`href="/dashboard/tests/${q._id}?task=${task.id}"`);
    expect(page).not.toContain('name="submission_details"');
    const refused = await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "try" });
    expectError(refused, 403, "forbidden");
    expect(refused.body.error.message).toContain("you do not hold it");
    const posted = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "try" }, worker.cookie);
    expect(posted.status).toBe(409);

    await take(worker, q, answersFor(q, 1));
    const low = await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "try" });
    expectError(low, 403);
    expect(low.body.error.message).toContain("your score is 50");

    expect((await take(worker, q, answersFor(q, 2))).body.score).toBe(100);
    expect(
      (await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "ok" })).status,
    ).toBe(201);
    const slots = await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id);
    expect(slots!.n).toBe(1);
  });

  it("is set on Add Task (without JavaScript) and POST /tasks, only with the buyer's own qualification", async () => {
    const buyer = await funded("Buyer", 200);
    const other = await registerUser("Buyer");
    const mine = await defineTest(buyer);
    const theirs = await defineTest(other);
    const title = `Qualified ${uniqueToken()}`;
    const posted = await postForm(
      "/dashboard/addtask",
      taskFields({ task_title: title, qualification_id: mine._id, qualification_min_score: "70" }),
      buyer.cookie,
    );
    expect(posted.status).toBe(302);
    expect(
      await row(
        "SELECT tq.min_score AS min FROM task_qualifications tq JOIN tasks t ON t.id = tq.task_id WHERE t.task_title = ?",
        title,
      ),
    ).toEqual({ min: 70 });
    const before = await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id);
    const foreign = await jsPost("/dashboard/addtask", taskFields({ qualification_id: theirs._id }), buyer.cookie);
    expect(foreign.status).toBe(422);
    expect(foreign.text).toContain("Unknown qualification");
    const api = await rest("POST", "/tasks", buyer.token, {
      ...taskFields(),
      required_workers: 1,
      payable_amount: 2,
      qualification_id: theirs._id,
    });
    expectError(api, 422);
    expect(await row<{ coin: number }>("SELECT coin FROM users WHERE id = ?", buyer.id)).toEqual(before);
  });

  it("a hand grant from Buyer Home lets the worker work; a revoke closes the task again", async () => {
    const buyer = await funded("Buyer", 200);
    const worker = await registerUser("Worker");
    const made = await rest<QualificationWire>("POST", "/qualifications", buyer.token, {
      name: `Trusted ${uniqueToken()}`,
      description: "Did good work for me.",
      retake_hours: 24,
    });
    const q = made.body;
    expect(q.questions).toEqual([]);
    const warmup = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    const sub = await submissionBy(worker, warmup.id);
    const home = await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie));
    // the worker's row offers Qualify, named by its word and the row's worker and task (decision 113)
    const row = new RegExp(
      `href="/dashboard/buyerhome\\?confirm=grant&amp;row=${sub.id}"[^>]*aria-labelledby="(q\\d+)g \\1w \\1t"[^>]*>Qualify<`,
    ).exec(home)?.[1];
    expect(home).toContain(`id="${row}w">Worker Tester<`);
    const granted = await postForm(
      "/dashboard/buyerhome",
      { intent: "grant", id: sub.id, worker: worker.id, qualification: q._id },
      buyer.cookie,
    );
    expect(granted.status).toBe(302);
    const task = await taskOf(buyer, {
      required_workers: 1,
      payable_amount: 2,
      qualification_id: q._id,
      qualification_min_score: 100,
    });
    expect((await rest("GET", "/qualification-grants", worker.token)).body).toEqual([
      expect.objectContaining({ qualification_id: q._id, score: 100, source: "hand" }),
    ]);
    const holders = await htmlOf(await getPage(`/dashboard/qualifications/${q._id}`, buyer.cookie));
    expect(holders).toContain("Worker Tester");

    const revoked = await jsPost(
      `/dashboard/qualifications/${q._id}`,
      { intent: "revoke", id: worker.id },
      buyer.cookie,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain("Qualification revoked");
    const refused = await rest("POST", "/submission", worker.token, { task_id: task.id, submission_details: "x" });
    expectError(refused, 403);
    expect(refused.body.error.message).toContain("you do not hold it");
    // nothing left to revoke
    expectError(
      await rest("DELETE", `/qualification-grants?qualification_id=${q._id}&worker_id=${worker.id}`, buyer.token),
      404,
    );
  });

  it("only the owner buyer manages a qualification; workers and admins are refused", async () => {
    const owner = await registerUser("Buyer");
    const other = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const admin = await makeAdmin();
    const q = await defineTest(owner);
    const body = { qualification_id: q._id, name: "Taken over", description: "x", retake_hours: 1 };
    expectError(await rest("PATCH", "/qualifications", other.token, body), 403, "forbidden");
    expectError(await rest("GET", `/qualification-grants?qualification_id=${q._id}`, other.token), 403);
    expectError(
      await rest("POST", "/qualification-grants", other.token, { qualification_id: q._id, worker_id: worker.id }),
      403,
    );
    expectError(
      await rest("DELETE", `/qualification-grants?qualification_id=${q._id}&worker_id=${worker.id}`, other.token),
      403,
    );
    expect((await getPage(`/dashboard/qualifications/${q._id}`, other.cookie)).status).toBe(404);
    const foreignPost = await jsPost(
      `/dashboard/qualifications/${q._id}?form=details`,
      { ...body, retake_hours: "1" },
      other.cookie,
    );
    expect(foreignPost.status).toBe(403);
    expect(foreignPost.text).toContain("This is not your qualification");
    expectError(await rest("POST", "/qualifications", worker.token, body), 403);
    expectError(await rest("POST", "/qualifications", admin.token, body), 403);
    expectError(await rest("GET", "/qualification-tests", owner.token), 403);
    // a buyer's account cannot hold a qualification
    expectError(
      await rest("POST", "/qualification-grants", owner.token, { qualification_id: q._id, worker_id: other.id }),
      403,
    );
    expect((await row<{ name: string }>("SELECT name FROM qualifications WHERE id = ?", q._id))!.name).toBe(q.name);
  });

  it("refuses bad tests with clear messages: over 20 questions, a key that is not a choice, a name used twice", async () => {
    const buyer = await registerUser("Buyer");
    const many = Array.from({ length: 21 }, (_, i) => ({ prompt: `Q${i}`, choices: ["a", "b"], answer: 1 }));
    const tooMany = await rest("POST", "/qualifications", buyer.token, {
      name: "Many",
      description: "x",
      retake_hours: 1,
      questions: many,
    });
    expectError(tooMany, 422);
    expect(JSON.stringify(tooMany.body)).toContain("A test has at most 20 questions");
    const badKey = await rest("POST", "/qualifications", buyer.token, {
      name: "Bad key",
      description: "x",
      retake_hours: 1,
      questions: [{ prompt: "Q", choices: ["a", "b", "c"], answer: 4 }],
    });
    expectError(badKey, 422);
    expect(JSON.stringify(badKey.body)).toContain("The right choice: the number of one of the choices");
    const q = await defineTest(buyer);
    expectError(
      await rest("POST", "/qualifications", buyer.token, { name: q.name, description: "x", retake_hours: 1 }),
      409,
    );
    // the page's question form: one choice is not enough
    const one = await jsPost(
      `/dashboard/qualifications/${q._id}?form=question`,
      { prompt: "Q", choices: "only one", answer: "1" },
      buyer.cookie,
    );
    expect(one.status).toBe(422);
    expect(one.text).toContain("Give 2 to 6 choices, one a line");
    const added = await postForm(
      `/dashboard/qualifications/${q._id}?form=question`,
      { prompt: "Capital of France?", choices: "Paris\nLyon", answer: "1" },
      buyer.cookie,
    );
    expect(added.status).toBe(302);
    expect((await row<{ n: number }>("SELECT questions AS n FROM qualifications WHERE id = ?", q._id))!.n).toBe(3);
    expect(
      await row("SELECT 1 FROM qualifications WHERE name IN ('Many', 'Bad key') AND buyer_id = ?", buyer.id),
    ).toBeNull();
  });

  it("is deleted with its test, grants and attempts at once; refused while a live task requires it", async () => {
    const buyer = await funded("Buyer", 200);
    const [taker, granted] = [await registerUser("Worker"), await registerUser("Worker")];
    const q = await defineTest(buyer, 0);
    await take(taker, q, answersFor(q, 2));
    expect(
      (await rest("POST", "/qualification-grants", buyer.token, { qualification_id: q._id, worker_id: granted.id }))
        .status,
    ).toBe(201);
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2, qualification_id: q._id });
    const left = async () =>
      row<Record<string, number>>(
        `SELECT (SELECT COUNT(*) FROM qualifications WHERE id = ?1) AS definitions,
          (SELECT COUNT(*) FROM qualification_questions WHERE qualification_id = ?1) AS questions,
          (SELECT COUNT(*) FROM qualification_grants WHERE qualification_id = ?1) AS grants,
          (SELECT COUNT(*) FROM qualification_attempts WHERE qualification_id = ?1) AS attempts,
          (SELECT COUNT(*) FROM task_qualifications WHERE qualification_id = ?1) AS requirements`,
        q._id,
      );
    const everything = { definitions: 1, questions: 2, grants: 2, attempts: 1, requirements: 1 };

    // a live task requires it: REST and the page refuse, with the way out, and nothing goes
    const refused = await rest("DELETE", `/qualifications?qualification_id=${q._id}`, buyer.token);
    expectError(refused, 409, "conflict");
    expect(refused.body.error.message).toBe(
      `“${q.name}” is required by 1 of your tasks. Delete that task first, then the qualification.`,
    );
    const list = "/dashboard/qualifications";
    const confirmView = await htmlOf(await getPage(`${list}?confirm=delete&row=${q._id}`, buyer.cookie));
    expect(confirmView).toContain(`Delete “${q.name}”?`);
    expect(confirmView).toContain("The 2 workers who hold it lose it. Its test is deleted too. This cannot be undone.");
    expect(confirmView).toContain("Yes, delete");
    const plain = await postForm(`${list}?confirm=delete&row=${q._id}`, { intent: "delete", id: q._id }, buyer.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(list);
    expect(flashOf(plain)).toMatchObject({ type: "error", title: "Not deleted" });
    expect(flashOf(plain)!.message).toContain("Delete that task first");
    expect(await left()).toEqual(everything);

    // once the task is deleted, the qualification goes with every row that names it, the deleted task's requirement too
    expect((await rest("DELETE", `/tasks1?id=${task.id}`, buyer.token)).status).toBe(200);
    const deleted = await postForm(
      `${list}?confirm=delete&row=${q._id}`,
      { intent: "delete", id: q._id },
      buyer.cookie,
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(list);
    expect(flashOf(deleted)).toMatchObject({ type: "success", title: "Qualification deleted" });
    expect(await left()).toEqual({ definitions: 0, questions: 0, grants: 0, attempts: 0, requirements: 0 });
    expect((await rest("GET", "/qualification-grants", taker.token)).body).toEqual([]);
    expect((await rest("GET", "/qualification-tests", taker.token)).body).not.toContainEqual(
      expect.objectContaining({ qualification_id: q._id }),
    );
    expect(await htmlOf(await getPage(list, buyer.cookie))).not.toContain(q.name);
    expectError(await rest("DELETE", `/qualifications?qualification_id=${q._id}`, buyer.token), 404);
  });

  it("is deleted by its owner only, through REST and the page with JavaScript", async () => {
    const owner = await registerUser("Buyer");
    const q = await defineTest(owner);
    const path = `/qualifications?qualification_id=${q._id}`;
    for (const other of [await registerUser("Buyer"), await registerUser("Worker"), await makeAdmin()])
      expectError(await rest("DELETE", path, other.token), 403, "forbidden");
    const other = await registerUser("Buyer");
    const foreign = await jsPost("/dashboard/qualifications", { intent: "delete", id: q._id }, other.cookie);
    expect(foreign.status).toBe(403);
    expect(foreign.text).toContain("This is not your qualification");
    expect(await row("SELECT name FROM qualifications WHERE id = ?", q._id)).toEqual({ name: q.name });

    const byApi = await rest("DELETE", path, owner.token);
    expect(byApi.status).toBe(200);
    expect(byApi.body).toEqual({ deletedCount: 1 });
    expect(await row("SELECT name FROM qualifications WHERE id = ?", q._id)).toBeNull();

    const second = await defineTest(owner);
    const withJs = await jsPost("/dashboard/qualifications", { intent: "delete", id: second._id }, owner.cookie);
    expect(withJs.status).toBe(200);
    expect(withJs.text).toContain("Qualification deleted");
    expect(withJs.text).toContain(`“${second.name}” is deleted, with its test and every grant.`);
    expect(await row("SELECT name FROM qualifications WHERE id = ?", second._id)).toBeNull();
    // the new-qualification form posts to the same page and still works
    const made = await jsPost(
      "/dashboard/qualifications",
      { name: `After ${uniqueToken()}`, description: "Still made.", retake_hours: "24" },
      owner.cookie,
    );
    expect(made.text).toContain("Qualification saved");
  });

  it("the data download lists the qualifications a worker holds and a buyer defined", async () => {
    const buyer = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const q = await defineTest(buyer);
    await take(worker, q, answersFor(q, 2));
    const mine = await (await getPage("/dashboard/settings/data", worker.cookie)).json<Record<string, unknown>>();
    expect(mine.qualificationsHeld).toEqual([
      expect.objectContaining({ qualificationId: q._id, score: 100, source: "test" }),
    ]);
    const theirs = await (await getPage("/dashboard/settings/data", buyer.cookie)).json<Record<string, unknown>>();
    expect(theirs.qualificationsDefined).toEqual([expect.objectContaining({ id: q._id, questions: 2, holders: 1 })]);
    expect(JSON.stringify(theirs)).not.toContain('"answer"');
  });
});
