// Who may work on a task (docs/product/quality.md): a least approval rate (smoothed below 20 reviewed submissions)
// and a least number of approved submissions, set on Add Task, checked where a slot is taken: the task's page shows
// the reason and no form, REST answers 403 with it. Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  env,
  expectError,
  funded,
  getPage,
  isoDay,
  htmlOf,
  jsPost,
  postForm,
  recordingEnv,
  registerUser,
  rejectAs,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskFields,
  taskInput,
  taskOf,
  textOf,
  uniqueToken,
  expectCountersAgree,
} from "./fixtures";
import { APPROVAL_RATE_RULE } from "~/lib/eligibility";
import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import {
  approvalRateSql,
  discoverableBy,
  meetsRequirements,
  unmetRequirements,
} from "~/server/services/eligibility.server";
import { blockWorker, notBlocked } from "~/server/services/blocks.server";
import { startTask } from "~/server/services/slots.server";
import { deadlineDay } from "~/lib/deadline";
import type { AddTaskInput } from "~/lib/schemas/task";
import { taskRowid } from "~/server/db/search";
import { openTaskFilter, tasks } from "~/server/db/schema";
import { createQualification, grantQualification } from "~/server/services/qualifications.server";
import { listOpenTasks, postTask } from "~/server/services/tasks.server";

/** The approval rate requirements are judged on, as the server works it out (one SQL expression for every reader). */
async function approvalRate(approved: number, rejected: number): Promise<number> {
  const [row] = await getDb(env).all<{ rate: number }>(
    sql`SELECT ${approvalRateSql(sql`${approved}`, sql`${rejected}`)} AS rate`,
  );
  return row!.rate;
}

/** A worker with this many approved and rejected submissions (on a buyer's throwaway task). */
async function workerWith(approved: number, rejected: number) {
  const buyer = await funded("Buyer", 500);
  const worker = await registerUser("Worker");
  for (let i = 0; i < approved + rejected; i++) {
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    const sub = await submissionBy(worker, task.id);
    if (i < approved) await approveAs(buyer, sub.id);
    else await rejectAs(buyer, sub.id, "no");
  }
  return worker;
}

describe("eligibility", () => {
  it("judges fewer than 20 reviewed submissions on a smoothed rate, 20 or more on the plain one", async () => {
    // (approved + 5 x 0.8) / (reviewed + 5)
    expect(await approvalRate(0, 0)).toBe(80);
    expect(await approvalRate(1, 0)).toBe(83.3);
    expect(await approvalRate(0, 1)).toBe(66.7);
    expect(await approvalRate(19, 0)).toBe(95.8);
    expect(await approvalRate(20, 0)).toBe(100);
    expect(await approvalRate(18, 2)).toBe(90);
    expect(await approvalRate(14, 7)).toBe(66.7);
  });

  it("is set on Add Task (with and without JavaScript), with clear messages for bad bounds", async () => {
    const buyer = await funded("Buyer", 200);
    const bad = await jsPost(
      "/dashboard/addtask",
      taskFields({ min_approval_rate: "150", min_approved: "-1" }),
      buyer.cookie,
    );
    expect(bad.text).toContain("At most 100");
    expect(bad.text).toContain("Approved submissions: a whole number, 0 or more");
    const title = `Eligible ${uniqueToken()}`;
    const posted = await postForm(
      "/dashboard/addtask",
      taskFields({ task_title: title, min_approval_rate: "90", min_approved: "" }),
      buyer.cookie,
    );
    expect(posted.status).toBe(302);
    const req = await row<{ rate: number; approved: number | null }>(
      "SELECT r.min_approval_rate AS rate, r.min_approved AS approved FROM task_requirements r JOIN tasks t ON t.id = r.task_id WHERE t.task_title = ?",
      title,
    );
    expect(req).toEqual({ rate: 90, approved: null });
    // a task without requirements has no row
    const plain = await taskOf(buyer);
    expect(await row("SELECT 1 FROM task_requirements WHERE task_id = ?", plain.id)).toBeNull();
  });

  it("refuses a worker below the requirements with the reason on the page and 403 in REST, changing nothing", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3, min_approved: 1 });
    const fresh = await registerUser("Worker");
    const page = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, fresh.cookie));
    expect(page).toContain("This task is for workers with at least 1 approved submission; you have 0.");
    expect(page).not.toContain('name="submission_details"');
    const api = await rest("POST", "/submission", fresh.token, { task_id: task.id, submission_details: "try" });
    expectError(api, 403, "forbidden");
    expect((api.body as { error: { message: string } }).error.message).toContain("at least 1 approved submission");
    // the page's form, posted anyway without JavaScript: refused with the reason
    const posted = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "try" }, fresh.cookie);
    expect(posted.status).toBe(409);
    expect(await htmlOf(posted)).toContain("at least 1 approved submission");
    const slots = await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id);
    expect(slots!.n).toBe(2);

    // one approved submission meets the count
    const proven = await workerWith(1, 0);
    expect(
      (await rest("POST", "/submission", proven.token, { task_id: task.id, submission_details: "ok" })).status,
    ).toBe(201);
  });

  it("compares the approval rate smoothed: one approval is not 100%", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3, min_approval_rate: 85 });
    const once = await workerWith(1, 0); // 83.3%
    const api = await rest("POST", "/submission", once.token, { task_id: task.id, submission_details: "try" });
    expectError(api, 403);
    expect((api.body as { error: { message: string } }).error.message).toBe(
      `This task is for workers with an approval rate of at least 85%; yours is 83.3%. ${APPROVAL_RATE_RULE}`,
    );
    // Worker Home shows the same figure, explained by the same line, and so does the task page
    const home = await htmlOf(await getPage("/dashboard/workerhome", once.cookie), true);
    expect(home).toMatch(/data-testid="stat-approval-rate">83\.3%</);
    expect(home).toContain(APPROVAL_RATE_RULE);
    const taskPage = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, once.cookie), true);
    expect(taskPage).toContain(`yours is 83.3%. ${APPROVAL_RATE_RULE}`);
    const twice = await workerWith(2, 0); // 85.7%
    expect(
      (await rest("POST", "/submission", twice.token, { task_id: task.id, submission_details: "ok" })).status,
    ).toBe(201);
  });

  /** Tasks of one buyer under a shared word: none required, and each requirement just met or just missed. */
  async function requirementTasks() {
    const buyer = await funded("Buyer", 500);
    const b = await sessionUser(buyer.id);
    const word = `reach${uniqueToken()}`;
    const q = await createQualification(env, b, {
      name: `Careful ${uniqueToken()}`,
      description: "q",
      retake_hours: 0,
    });
    const posted: Record<string, string> = {};
    for (const [name, extra] of Object.entries({
      plain: {},
      approved1: { min_approved: 1 },
      rate80: { min_approval_rate: 80 },
      rate81: { min_approval_rate: 81 },
      rate84: { min_approval_rate: 84 },
      held: { qualification_id: q.id },
      score80: { qualification_id: q.id, qualification_min_score: 80 },
    }))
      posted[name] = (await taskOf(buyer, { task_title: `${word} ${name}`, required_workers: 2, ...extra })).id;
    return { b, q, word, posted };
  }

  it("the Task List hides the tasks a worker cannot do by default, and says on each card whether they qualify", async () => {
    const { b, q, word, posted } = await requirementTasks();
    const worker = await registerUser("Worker"); // no review yet: 0 approved, a rate of 80%
    await grantQualification(env, b, { qualificationId: q.id, workerId: worker.id, score: 70 });
    const list = async (query: string) => textOf(await getPage(`/dashboard/tasklist?q=${word}${query}`, worker.cookie));

    // the plain task, the one whose 80% the worker's 80% meets and the qualification they hold at any score
    const hidden = await list("");
    expect(hidden).toContain("3 open tasks match your filters");
    for (const name of ["plain", "rate80", "held"]) expect(hidden).toContain(`${word} ${name}`);
    for (const name of ["approved1", "rate81", "rate84", "score80"]) expect(hidden).not.toContain(`${word} ${name}`);
    // a task that requires something says the worker qualifies; one that requires nothing says nothing
    expect(hidden.match(/You qualify/g)).toHaveLength(2);

    // unticked, the box sends nothing and the form's hidden "0" turns the filter off (no JavaScript needed)
    const all = await list("&hide=0");
    expect(all).toContain("7 open tasks match your filters");
    expect(all).toContain("Needs 1 approved submission (you have 0)");
    expect(all).toContain("Needs 81% approval (yours 80%)");
    expect(all).toContain(`Needs a score of 80 in “${q.name}” (yours 70)`);
    // ticked, the box's "1" comes after the hidden "0" and counts
    expect(await list("&hide=0&hide=1")).toContain("3 open tasks match your filters");

    // the card at a glance: a one-line record, pay per hour, and the way to the buyer's full record
    const html = await htmlOf(await getPage(`/dashboard/tasklist?q=${word}&hide=0`, worker.cookie), true);
    expect(html).toContain(`href="/buyers/${b.id}"`);
    expect(html).toContain(`href="/dashboard/tasklist/${posted.rate84}"`);
  });

  it("hides exactly the tasks whose page refuses the worker, at the edges of every requirement", async () => {
    const { b, q, word, posted } = await requirementTasks();
    const fresh = await registerUser("Worker"); // 0 approved, 80%
    const once = await workerWith(1, 0); // 1 approved, 83.3%
    await grantQualification(env, b, { qualificationId: q.id, workerId: once.id, score: 80 });
    for (const [worker, record] of [
      [fresh, { approved: 0, rate: 80 }],
      [once, { approved: 1, rate: 83.3 }],
    ] as const) {
      const page = await listOpenTasks(env, { q: word, workerId: worker.id, withinReach: true, limit: 100 });
      const shown = new Set(page.items.map((t) => t.id));
      const refused = new Set<string>();
      for (const id of Object.values(posted)) if (await unmetRequirements(env, worker.id, id)) refused.add(id);
      expect(refused.size).toBeGreaterThan(0);
      for (const id of Object.values(posted)) expect(shown.has(id), id).toBe(!refused.has(id));

      // the list's count without a search (the per-day counters less the open tasks the worker cannot do, from the
      // requirements kept on the task rows) against the requirement rows themselves, read in one batch
      const [within, every] = [recordingEnv(), recordingEnv()];
      await listOpenTasks(within.env, { workerId: worker.id, withinReach: true });
      await listOpenTasks(every.env, { workerId: worker.id });
      const count = (r: typeof within) => r.statements.find((s) => /open_task_days/.test(s.sql))!;
      // the oracle reads the requirement rows themselves; of the tasks it finds, a worker's list leaves out those a
      // requirement guarding discovery hides from them (MTurk's ActionsGuarded) before counting what they cannot do
      const outOfReach = getDb(env)
        .select({ n: sql<number>`COUNT(*)` })
        .from(tasks)
        .where(
          sql`${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} > 0 AND ${tasks.completionDate} >= ${isoDay(0)}
            AND (EXISTS (SELECT 1 FROM task_requirements AS r WHERE r.task_id = ${tasks.id}
                AND (r.min_approved > ${record.approved} OR r.min_approval_rate > ${record.rate}))
              OR EXISTS (SELECT 1 FROM task_qualifications AS tq WHERE tq.task_id = ${tasks.id} AND NOT EXISTS (
                SELECT 1 FROM qualification_grants AS g WHERE g.worker_id = ${worker.id}
                  AND g.qualification_id = tq.qualification_id AND g.score >= tq.min_score)))
            AND ${discoverableBy(worker.id, taskRowid)}`,
        )
        .toSQL();
      const [a, b2, c] = await env.DB.batch<Record<string, number>>([
        env.DB.prepare(count(within).sql).bind(...count(within).params),
        env.DB.prepare(count(every).sql).bind(...count(every).params),
        env.DB.prepare(outOfReach.sql).bind(...outOfReach.params),
      ]);
      const first = (r: D1Result<Record<string, number>>) => Object.values(r.results[0]!)[0]!;
      expect(first(b2) - first(a)).toBe(first(c));
    }
  });

  it("counts with Hide tasks I can't do exactly what the list walks, whatever state a task it cannot do is in", async () => {
    // The count reads counters of what the open tasks require (migrations/0084) and corrects them at read time for
    // the tasks no counter can judge: here one of each, beside the worker's list's own filters counted row by row.
    const [buyer, blocker] = await Promise.all([funded("Buyer", 1_000), funded("Buyer", 1_000)]);
    const [b, c] = [await sessionUser(buyer.id), await sessionUser(blocker.id)];
    const q = await createQualification(env, b, {
      name: `Counted ${uniqueToken()}`,
      description: "q",
      retake_hours: 0,
    });
    const worker = await registerUser("Worker"); // 0 approved, 80%
    const other = await workerWith(1, 0); // 83.3%: may take the 81% tasks the worker cannot
    await grantQualification(env, b, { qualificationId: q.id, workerId: worker.id, score: 70 });
    const post = async (extra: Record<string, unknown>, by = buyer) =>
      (await taskOf(by, { required_workers: 1, payable_amount: 2, category: "Data Entry", ...extra })).id;
    const cannot = { min_approval_rate: 81 };
    const ids = {
      plain: await post(cannot),
      passing: await post(cannot),
      marked: await post(cannot),
      paused: await post(cannot),
      blocked: await post(cannot, blocker),
      held: await post(cannot),
      lapsed: await post(cannot),
      qualified: await post({ qualification_id: q.id, qualification_min_score: 50 }),
      qualifiedRateUnmet: await post({ ...cannot, qualification_id: q.id, qualification_min_score: 50 }),
      underScored: await post({ qualification_id: q.id, qualification_min_score: 80 }),
      inOtherCategory: await post({ ...cannot, category: "Translation" }),
      guarded: (
        await postTask(
          env,
          b,
          taskInput({ ...cannot, required_workers: 1, payable_amount: 2, category: "Data Entry" }) as AddTaskInput,
          {
            extra: {
              qualifications: [],
              exclusions: [],
              // hidden from the worker, who gave no country (not from every new worker: other files share this D1)
              countries: { allowed: ["US"], excluded: [] },
              guards: [{ requirement: "country", guard: "discover" }],
            },
          },
        )
      ).id,
    };
    await blockWorker(env, c, { workerId: worker.id, reason: "Counted out" });
    for (const id of [ids.held, ids.lapsed]) await startTask(env, await sessionUser(other.id), id);
    await env.DB.batch([
      // a day passing changes nothing in the row: the counters keep the task until the daily job marks it
      env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id IN (?, ?)").bind(
        isoDay(-1),
        ids.passing,
        ids.marked,
      ),
      env.DB.prepare("UPDATE tasks SET date_passed = 1 WHERE id = ?").bind(ids.marked),
      env.DB.prepare("UPDATE tasks SET paused_at = ? WHERE id = ?").bind(Date.now(), ids.paused),
      env.DB.prepare("UPDATE task_holds SET expires_at = started_at + 1 WHERE task_id = ?").bind(ids.lapsed),
    ]);

    // the oracle: the list's own filters ("open now", not blocked, discoverable, within reach), counted row by row
    const oracle = async (category?: string) => {
      const [n] = await getDb(env).all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM ${tasks} WHERE ${openTaskFilter(deadlineDay())}
          AND ${notBlocked(worker.id, tasks.buyerId)} AND ${discoverableBy(worker.id, taskRowid)}
          AND ${meetsRequirements(worker.id)}${category ? sql` AND ${tasks.category} = ${category}` : sql``}`,
      );
      return n!.n;
    };
    const total = async (category?: string) =>
      (await listOpenTasks(env, { workerId: worker.id, withinReach: true, category })).total;
    const shown = new Set(
      (
        await listOpenTasks(env, { workerId: worker.id, withinReach: true, category: "Data Entry", limit: 100 })
      ).items.map((t) => t.id),
    );
    // of this test's tasks, the worker's list shows only the one whose qualification they hold well enough
    expect(
      Object.entries(ids)
        .filter(([, id]) => shown.has(id))
        .map(([name]) => name),
    ).toEqual(["qualified"]);
    expect(await total()).toBe(await oracle());
    expect(await total("Data Entry")).toBe(await oracle("Data Entry"));
    expect(await total("Translation")).toBe(await oracle("Translation"));
    await expectCountersAgree();
  });
});
