// Reads whose cost does not grow with the tables (migrations/0006): the query plans of the hot reads and of the
// retention job, run through the services themselves, use indexes, the counters or the trigram index and never scan
// or sort a big table; the counters the triggers keep equal the rows they count after changes of every kind; search
// through the trigram index finds what "contains" found.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  approveAs,
  env,
  expectCountersAgree,
  funded,
  isoDay,
  makeAdmin,
  recordingEnv,
  registerUser,
  row,
  sessionUser,
  submissionBy,
  taskInput,
  uniqueToken,
  type Recorded,
} from "./fixtures";
import { categoryCounts, featuredTasks, recentApplicants, topWorkers } from "~/server/services/landing.server";
import {
  deleteTask,
  listAllTasks,
  listBuyerTasks,
  buyerStats,
  listOpenTasks,
  postTask,
  updateTask,
} from "~/server/services/tasks.server";
import { autoApproveDue, listWorkerSubmissions, workerStats } from "~/server/services/submissions.server";
import { reviewQueue, tasksToReview } from "~/server/services/reviews.server";
import { lastPayoutDetails } from "~/server/services/withdrawals.server";
import { adminStats, changeRole, removeUser } from "~/server/services/users.server";
import { runningConservation } from "~/server/services/ledger.server";
import { blockWorker } from "~/server/services/blocks.server";
import { listNotifications, notificationSummary } from "~/server/services/notifications.server";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { getDb } from "~/server/db/client.server";
import { taskRowid } from "~/server/db/search";
import { discoverableBy } from "~/server/services/eligibility.server";
import { purgeOldNotifications } from "~/server/jobs/retention.server";
import { markTasksPastTheirDay } from "~/server/jobs/open-task-search.server";
import { CATEGORIES } from "~/lib/categories";
import { TASK_SORTS } from "~/lib/schemas/task";
import { createQualification, grantQualification } from "~/server/services/qualifications.server";

/** The tables that grow with the marketplace. */
const BIG = /^(tasks|submissions|users|coin_ledger|notifications|orders|withdrawals|t|u|s)$/;

/** EXPLAIN QUERY PLAN of each statement a read made; fails on a full scan or a sort of a big table. */
async function expectIndexedPlans(label: string, statements: Recorded[]) {
  expect(statements.length, label).toBeGreaterThan(0);
  for (const { sql, params } of statements) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ id: number; parent: number; detail: string }>();
    const lines = plan.results;
    const text = `${label}: ${sql}\n  ${lines.map((l) => l.detail).join(" | ")}`;
    // a list walked through a named index finds its page in the index alone
    if (/INDEXED BY tasks_/.test(sql))
      expect(await walkReadsRows({ sql, params }), `table reads in ${text}`).toBe(false);
    for (const l of lines) {
      const scanned = /^SCAN (\S+)$/.exec(l.detail);
      expect(scanned && BIG.test(scanned[1]), `full scan in ${text}`).toBeFalsy();
    }
    // A temp B-tree may only order the page's own rows, fetched by rowid (the outer query of a page), group the
    // small counter tables, or order a subquery's rows read just before it under the same parent (a median's
    // sample, bounded by its LIMIT and read by an index seek that the lines above check).
    const byRowid = lines.some((l) => l.parent === 0 && /USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(l.detail));
    const countersOnly =
      !/\b(FROM|JOIN)\s+"?(tasks|submissions|users|coin_ledger|notifications|orders|withdrawals)"?/i.test(sql);
    lines.forEach((l, i) => {
      if (!/USE TEMP B-TREE/.test(l.detail)) return;
      const sortsSample =
        /^SCAN \(subquery-\d+\)$/.test(lines[i - 1]?.detail ?? "") && lines[i - 1]!.parent === l.parent;
      expect((l.parent === 0 && (byRowid || countersOnly)) || sortsSample, `temp B-tree in ${text}`).toBe(true);
    });
  }
}

/** A buyer's two open tasks titled with a fresh tag: one to stay due, one whose day the test makes pass. */
async function dueAndPast(due: string, gone: string) {
  const buyer = await funded("Buyer", 5_000);
  const b = await sessionUser(buyer.id);
  const tag = uniqueToken();
  const current = await postTask(env, b, taskInput({ task_title: `${due} ${tag}` }));
  const past = await postTask(env, b, taskInput({ task_title: `${gone} ${tag}` }));
  return { tag, current, past };
}

/** Runs one read through a recording env and checks the plans of everything it asked D1. */
async function planOf(label: string, read: (env: Env) => Promise<unknown>) {
  const r = recordingEnv();
  await read(r.env);
  await expectIndexedPlans(label, r.statements);
}

describe("hot reads use indexes and counters", () => {
  it("My Tasks' total is the buyer's kept figure, not a count of their tasks", async () => {
    const buyer = await funded("Buyer", 10_000);
    const asBuyer = await sessionUser(buyer.id);
    for (let i = 0; i < 3; i++) await postTask(env, asBuyer, taskInput());
    const [newest] = (await listBuyerTasks(env, buyer.id, { limit: 2 })).items;
    await deleteTask(env, asBuyer, newest!.id);
    const r = recordingEnv();
    const page = await listBuyerTasks(r.env, buyer.id, { limit: 2 });
    expect({ total: page.total, pages: page.pages, shown: page.items.length }).toEqual({
      total: 2,
      pages: 1,
      shown: 2,
    });
    expect(r.statements.filter((s) => /\bcount\(/i.test(s.sql)).map((s) => s.sql)).toEqual([]);
  });

  it("landing, /categories, /tasks3, /tasks2 (every sort, category, search, late page) and Manage Tasks", async () => {
    const buyer = await funded("Buyer", 10_000);
    const worker = await registerUser("Worker");
    const word = `plan${uniqueToken()}`;
    for (let i = 0; i < 3; i++)
      await postTask(env, await sessionUser(buyer.id), taskInput({ task_title: `Review the ${word} shop ${i}` }));

    await planOf("categories", (e) => categoryCounts(e));
    await planOf("featured", (e) => featuredTasks(e));
    await planOf("top workers", (e) => topWorkers(e));
    await planOf("applicants", (e) => recentApplicants(e));
    for (const sort of ["newest", "pay", "deadline"] as const) {
      await planOf(`tasks2 ${sort}`, (e) => listOpenTasks(e, { sort }));
      await planOf(`tasks2 ${sort} late page`, (e) => listOpenTasks(e, { sort, page: 400 }));
      await planOf(`tasks2 ${sort} category`, (e) => listOpenTasks(e, { sort, category: "Translation", page: 3 }));
    }
    await planOf("tasks2 search", (e) => listOpenTasks(e, { q: word }));
    await planOf("tasks2 search late page", (e) => listOpenTasks(e, { q: word, page: 30 }));
    await planOf("tasks2 search in a category", (e) => listOpenTasks(e, { q: word, category: "Video Engagement" }));
    // a worker's view leaves out the buyers who block them: still index-only walks, the count from the counters
    // less the blocked buyers' open tasks (migrations/0040)
    await blockWorker(env, await sessionUser(buyer.id), { workerId: worker.id, reason: "plan" });
    for (const sort of ["newest", "pay", "deadline"] as const) {
      await planOf(`a worker's tasks2 ${sort}`, (e) => listOpenTasks(e, { sort, workerId: worker.id, page: 4 }));
      await planOf(`a worker's tasks2 ${sort} category`, (e) =>
        listOpenTasks(e, { sort, category: "Translation", workerId: worker.id }),
      );
    }
    await planOf("a worker's tasks2 search", (e) => listOpenTasks(e, { q: word, workerId: worker.id }));
    await planOf("manage tasks", (e) => listAllTasks(e, { page: 40 }));
    await planOf("manage tasks search by title", (e) => listAllTasks(e, { q: word }));
    await planOf("buyer's tasks with their progress", (e) => listBuyerTasks(e, buyer.id, { page: 2 }));
    await planOf("review queue of one task", (e) => reviewQueue(e, buyer.id, { page: 2, taskId: "t" }));
    await planOf("the worker's last payout details", (e) => lastPayoutDetails(e, worker.id));
    await planOf("buyer home figures", (e) => buyerStats(e, buyer.id));
    await planOf("admin home cards", (e) => adminStats(e));
    await planOf("admin home ledger", (e) => runningConservation(getDb(e)));
    await planOf("worker home figures", (e) => workerStats(e, worker.id));
    await planOf("worker submissions", (e) => listWorkerSubmissions(e, worker.id, { status: ["approved"], page: 2 }));
    await planOf("a worker's task cards (their live submissions, the buyers' reputations)", (e) =>
      listOpenTasks(e, { workerId: worker.id, cards: true, page: 2 }),
    );
    await planOf("notifications", (e) => notificationSummary(e, worker.id));
    await planOf("notifications page", (e) => listNotifications(e, worker.id, { page: 3 }));
    // the Cron Trigger's retention, as of 1970: both deletes run, find nothing and read nothing
    await planOf("notification retention", (e) => purgeOldNotifications(e, 0));
    // the daily upkeep reads the open tasks not yet marked past their day, by date
    await planOf("tasks past their day", (e) => markTasksPastTheirDay(e));
  });
});

describe("reads of the review flows", () => {
  it("the review queue's tasks come from the per-task counters' index; the job finds due submissions by their clock", async () => {
    const buyer = await funded("Buyer", 100);
    const r = recordingEnv();
    await tasksToReview(r.env, buyer.id);
    expect(r.statements).toHaveLength(1);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${r.statements[0]!.sql}`)
      .bind(...r.statements[0]!.params)
      .all<{ detail: string }>();
    const text = plan.results.map((p) => p.detail).join(" | ");
    // only the buyer's tasks with something pending are read, each by its primary key
    expect(text).toMatch(/task_figures USING (COVERING )?INDEX task_figures_pending_idx \(buyer_id=\?\)/);
    expect(text).toMatch(/SEARCH tasks USING INDEX sqlite_autoindex_tasks_1 \(id=\?\)/);
    // the Cron Trigger's search for due submissions walks the index of the review clock (migrations/0020)
    const job = recordingEnv();
    await autoApproveDue(job.env, 0);
    const due = job.statements.find((s) => /COALESCE/.test(s.sql))!;
    const duePlan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${due.sql}`)
      .bind(...due.params)
      .all<{ detail: string }>();
    expect(duePlan.results.map((p) => p.detail).join(" | ")).toMatch(/USING INDEX submissions_review_due_idx/);
  });
});

describe("counters kept by triggers", () => {
  it("equal the COUNTs and sums they stand for after removals, role changes and edits made in SQL", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const buyer = await funded("Buyer", 5_000);
    const other = await funded("Buyer", 5_000);
    const worker = await registerUser("Worker");
    const b = await sessionUser(buyer.id);
    const t1 = await postTask(env, b, taskInput({ category: "Translation", required_workers: 4, payable_amount: 7 }));
    const t2 = await postTask(env, await sessionUser(other.id), taskInput({ completion_date: isoDay(2) }));
    await updateTask(env, b, t1.id, { ...taskInput(), category: "Data Entry", required_workers: 2, payable_amount: 9 });
    await expectCountersAgree();
    await removeUser(env, admin, other.id, "counter test");
    await changeRole(env, admin, worker.id, "Buyer");
    await expectCountersAgree();
    // writes that bypass the services (a migration, a console) are counted too
    await env.DB.prepare("UPDATE tasks SET completion_date = ?, category = 'SEO & Marketing' WHERE id = ?")
      .bind(isoDay(-1), t1.id)
      .run();
    await env.DB.prepare("UPDATE users SET coin = coin + 11 WHERE id = ?").bind(buyer.id).run();
    await expectCountersAgree();
    await env.DB.prepare("UPDATE users SET coin = coin - 11 WHERE id = ?").bind(buyer.id).run();
    await expectCountersAgree();
    expect((await listAllTasks(env, { q: other.email })).items.map((t) => t.id)).not.toContain(t2.id);
  });

  it("open slots per category follow random posts, edits and deletions (property)", async () => {
    const buyer = await funded("Buyer", 1_000_000);
    const admin = await sessionUser((await makeAdmin()).id);
    const b = await sessionUser(buyer.id);
    const mine: string[] = [];
    const action = fc.oneof(
      fc.record({
        kind: fc.constant("post" as const),
        category: fc.constantFrom(...CATEGORIES),
        slots: fc.integer({ min: 1, max: 5 }),
        days: fc.integer({ min: -2, max: 5 }),
      }),
      fc.record({
        kind: fc.constant("edit" as const),
        task: fc.nat(),
        category: fc.constantFrom(...CATEGORIES),
        slots: fc.integer({ min: 1, max: 5 }),
        days: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({ kind: fc.constant("delete" as const), task: fc.nat(), byAdmin: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        for (const a of actions) {
          if (a.kind === "post") {
            // a past completion date is written in SQL: the form refuses one
            const t = await postTask(env, b, taskInput({ category: a.category, required_workers: a.slots }));
            if (a.days < 0)
              await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?")
                .bind(isoDay(a.days), t.id)
                .run();
            mine.push(t.id);
          } else if (mine.length) {
            const id = mine[a.task % mine.length];
            const live = await env.DB.prepare("SELECT 1 FROM tasks WHERE id = ? AND deleted_at IS NULL")
              .bind(id)
              .first();
            if (!live) continue;
            if (a.kind === "edit")
              await updateTask(env, b, id, {
                ...taskInput(),
                category: a.category,
                required_workers: a.slots,
                completion_date: isoDay(a.days),
              });
            else await deleteTask(env, a.byAdmin ? admin : b, id);
          }
        }
        await expectCountersAgree();
        const counts = await categoryCounts(env);
        const direct = await env.DB.prepare(
          `SELECT category, SUM(required_workers) AS n FROM tasks
           WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= ? GROUP BY category`,
        )
          .bind(isoDay(0))
          .all<{ category: string; n: number }>();
        const expected = new Map(direct.results.map((r) => [r.category, Number(r.n)]));
        for (const c of counts) expect(c.openPositions, c.category).toBe(expected.get(c.category) ?? 0);
      }),
      { numRuns: 8 },
    );
  });
});

describe("task search through the trigram index", () => {
  it("finds what contains q finds: any case, quotes and operators as text, edits followed, short q too", async () => {
    const buyer = await funded("Buyer", 5_000);
    const b = await sessionUser(buyer.id);
    const tag = uniqueToken();
    const quoted = await postTask(
      env,
      b,
      taskInput({ task_title: `Say "hello" OR NOT ${tag}`, task_detail: `Detail with ünïcode ${tag}-x` }),
    );
    const byTitle = (q: string) => listOpenTasks(env, { q }).then((p) => p.items.map((t) => t.id));
    expect(await byTitle(`"HELLO" or not ${tag}`)).toEqual([quoted.id]);
    expect(await byTitle(`${tag}-x`)).toEqual([quoted.id]);
    expect(await byTitle(`lo" OR`)).toContain(quoted.id);
    expect((await listOpenTasks(env, { q: `${tag}-x` })).total).toBe(1);
    // a title edit reaches the index in the same statement
    await updateTask(env, b, quoted.id, { ...taskInput(), task_title: `Renamed ${tag}`, task_detail: "Plain" });
    expect(await byTitle(`hello" or not ${tag}`)).toEqual([]);
    expect(await byTitle(`renamed ${tag}`)).toEqual([quoted.id]);
    // under three characters there is no trigram: contains() still answers
    const short = await listOpenTasks(env, { q: "Re", limit: 100 });
    expect(short.total).toBeGreaterThan(0);
    for (const t of short.items) expect(`${t.taskTitle} ${t.taskDetail}`.toLowerCase()).toContain("re");
    // the admin's search reads titles (and buyers), not details
    expect((await listAllTasks(env, { q: `renamed ${tag}` })).items.map((t) => t.id)).toEqual([quoted.id]);
    expect((await listAllTasks(env, { q: "Plain" })).items.map((t) => t.id)).not.toContain(quoted.id);
  });
});

describe("the open tasks' search index (migrations/0015)", () => {
  const indexed = async (id: string) =>
    (await env.DB.prepare("SELECT 1 FROM open_tasks_fts WHERE rowid = (SELECT rowid FROM tasks WHERE id = ?)")
      .bind(id)
      .first()) !== null;

  it("holds a task while it is open: out when its last slot goes or it is deleted, back when a slot returns", async () => {
    const buyer = await funded("Buyer", 5_000);
    const b = await sessionUser(buyer.id);
    const tag = uniqueToken();
    const task = await postTask(env, b, taskInput({ task_title: `Index follows ${tag}`, required_workers: 2 }));
    const found = async () => (await listOpenTasks(env, { q: `follows ${tag}` })).items.map((t) => t.id);
    expect(await indexed(task.id)).toBe(true);
    expect(await found()).toEqual([task.id]);
    const setSlots = (n: number) =>
      env.DB.prepare("UPDATE tasks SET required_workers = ? WHERE id = ?").bind(n, task.id).run();
    await setSlots(1);
    expect(await indexed(task.id)).toBe(true);
    await setSlots(0);
    expect(await indexed(task.id)).toBe(false);
    expect(await found()).toEqual([]);
    await setSlots(1);
    expect(await found()).toEqual([task.id]);
    await expectCountersAgree();
    await deleteTask(env, b, task.id);
    expect(await indexed(task.id)).toBe(false);
    expect(await found()).toEqual([]);
    await expectCountersAgree();
  });

  it("the daily job drops the tasks whose day has passed and keeps the rest", async () => {
    const { tag, current, past } = await dueAndPast("Due later", "Due before");
    // as the index holds a task indexed while open whose day then passed with no change to the row
    await env.DB.batch([
      env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past.id),
      env.DB.prepare(
        `INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
          SELECT rowid, task_title, task_detail, completion_date FROM tasks WHERE id = ?`,
      ).bind(past.id),
    ]);
    expect(await indexed(past.id)).toBe(true);
    // the search's own date filter already hides it, and its count leaves it out
    const before = await listOpenTasks(env, { q: tag });
    expect({ ids: before.items.map((t) => t.id), total: before.total }).toEqual({ ids: [current.id], total: 1 });
    // marking it past its day drops it from both search indexes (trigger tasks_date_passed_out_of_search)
    expect(await markTasksPastTheirDay(env)).toBeGreaterThanOrEqual(1);
    expect(await indexed(past.id)).toBe(false);
    expect(await indexed(current.id)).toBe(true);
    const words = await row<{ n: number }>(
      `SELECT COUNT(*) AS n FROM open_task_words WHERE rowid = (SELECT rowid FROM tasks WHERE id = '${past.id}')`,
    );
    expect(words?.n).toBe(0);
    expect(await markTasksPastTheirDay(env)).toBe(0);
    expect((await listOpenTasks(env, { q: tag })).total).toBe(1);
    await expectCountersAgree();
  });
});

type PlanLine = { id: number; parent: number; detail: string };

/** EXPLAIN QUERY PLAN of one recorded statement: its lines and their tree (parent ids). */
async function planLines({ sql, params }: Recorded): Promise<PlanLine[]> {
  return (
    await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<PlanLine>()
  ).results;
}

/**
 * Whether a statement's walks of the open-task indexes read a column of a table row (EXPLAIN's bytecode: a Column
 * read on the table cursor an open-task index cursor defers its seek to), rather than testing index entries alone.
 * A walk through an index whose entries carry a generated column (cents_per_hour) reads it from the entry, yet its
 * plan says "USING INDEX", not "USING COVERING INDEX": the plan cannot tell, the program can. Rows fetched by rowid
 * (a page's own) or by id (the few tasks open again through lapsed holds, found from their holds) are not walks.
 */
async function walkReadsRows({ sql, params }: Recorded): Promise<boolean> {
  const pages = await env.DB.prepare(
    "SELECT name, rootpage FROM sqlite_master WHERE name = 'tasks' OR name LIKE 'tasks\\_open\\_%' ESCAPE '\\'",
  ).all<{ name: string; rootpage: number }>();
  const table = pages.results.find((p) => p.name === "tasks")!.rootpage;
  const openIndexes = new Set(pages.results.filter((p) => p.name !== "tasks").map((p) => p.rootpage));
  const ops = (
    await env.DB.prepare(`EXPLAIN ${sql}`)
      .bind(...params)
      .all<{ opcode: string; p1: number; p2: number; p3: number }>()
  ).results;
  const opened = (pages: (root: number) => boolean) =>
    new Set(ops.filter((o) => o.opcode === "OpenRead" && pages(o.p2)).map((o) => o.p1));
  const onTasks = opened((root) => root === table);
  const onOpenIndexes = opened((root) => openIndexes.has(root));
  const walked = new Set(
    ops.filter((o) => o.opcode === "DeferredSeek" && onOpenIndexes.has(o.p1) && onTasks.has(o.p3)).map((o) => o.p3),
  );
  return ops.some((o) => o.opcode === "Column" && walked.has(o.p1));
}

describe("the Task List's cards and filters: kept figures, one index walk", () => {
  /** A buyer with a decision made, tasks that require something and tasks that do not; a worker who holds a grant. */
  async function marketplace() {
    const buyer = await funded("Buyer", 10_000);
    const b = await sessionUser(buyer.id);
    const worker = await registerUser("Worker");
    const other = await registerUser("Worker");
    const word = `reach${uniqueToken()}`;
    const decided = await postTask(env, b, taskInput({ task_title: `${word} decided`, estimate_minutes: 2 }));
    await approveAs(buyer, (await submissionBy(other, decided.id)).id);
    const q = await createQualification(env, b, {
      name: `Plan ${uniqueToken()}`,
      description: "plans",
      retake_hours: 0,
    });
    await grantQualification(env, b, { qualificationId: q.id, workerId: worker.id, score: 90 });
    for (const [i, extra] of [
      { min_approval_rate: 95 },
      { min_approved: 3 },
      { qualification_id: q.id, qualification_min_score: 80 },
      {},
    ].entries())
      await postTask(
        env,
        b,
        taskInput({
          task_title: `${word} ${i}`,
          category: "Data Entry",
          payable_amount: 10,
          estimate_minutes: 2,
          ...extra,
        }),
      );
    return { worker, word };
  }

  it("a card reads its buyer's record and its pay per hour from kept figures: the page is two statements, none per card", async () => {
    const { worker } = await marketplace();
    const r = recordingEnv();
    const page = await listOpenTasks(r.env, { workerId: worker.id, cards: true, withinReach: true });
    expect(page.items.length).toBeGreaterThan(0);
    await expectIndexedPlans("the Task List's first page", r.statements);
    // the page's rows with their cards' facts, and the count: whatever the page holds
    expect(r.statements).toHaveLength(2);
    const cards = r.statements.find((s) => /buyer_reputations/.test(s.sql))!;
    const plan = (await planLines(cards)).map((l) => l.detail);
    // the buyer's record: their kept reputation row (counters and the median of migrations/0065), by primary key
    expect(plan).toContain("SEARCH buyer_reputations USING PRIMARY KEY (buyer_id=?) LEFT-JOIN");
    // nothing of a buyer's history is read on the way: not their decisions, nor their days, nor a task's timings
    expect(cards.sql).not.toMatch(/submissions_buyer_reviewed_idx|buyer_review_days|task_work_times/);
    expect(plan.join(" | ")).not.toMatch(/\b(buyer_review_days|task_work_times)\b/);
    // pay per hour: the task's own columns (its estimate and the kept median of its timings, migrations/0032)
    expect(cards.sql).toMatch(/"tasks"\."estimate_minutes", "tasks"\."measured_minutes"/);
    // the page size is written into the walk: a bound LIMIT has SQLite plan the statement again on each run
    expect(cards.sql).toMatch(/ limit 12\)/);
  });

  it("a worker's eligibility for a page is one indexed read, and Hide tasks I can't do filters inside the walk", async () => {
    const { worker } = await marketplace();
    const r = recordingEnv();
    await listOpenTasks(r.env, { workerId: worker.id, cards: true, withinReach: true });
    const [cards, count] = [
      r.statements.find((s) => /buyer_reputations/.test(s.sql))!,
      r.statements.find((s) => /open_task_days/.test(s.sql))!,
    ];
    const lines = await planLines(cards);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const ancestors = (l: PlanLine): PlanLine[] =>
      byId.has(l.parent) ? [byId.get(l.parent)!, ...ancestors(byId.get(l.parent)!)] : [];
    // the worker's record: one primary-key read, uncorrelated (SQLite reads it once for the statement, not per task)
    // (a requirement guarding discovery reads it too, in the arms of its compound check: only for a guarded task)
    const record = lines.filter(
      (l) =>
        l.detail === "SEARCH r USING PRIMARY KEY (worker_id=?)" &&
        !ancestors(l).some((a) => a.detail === "COMPOUND QUERY"),
    );
    expect(record.length).toBeGreaterThan(0);
    for (const l of record)
      expect(
        ancestors(l)
          .map((a) => a.detail)
          .join(" | "),
      ).not.toMatch(/CORRELATED/);
    // each task's requirements are columns of the entry the page walks: the walk stays index-only, and the filter's
    // one probe (a required qualification's grant) is a term of the walk itself, not a step after it
    const walk = lines.find((l) => l.detail === "SCAN tasks USING COVERING INDEX tasks_open_idx")!;
    expect(walk).toBeDefined();
    const grant = lines.find(
      (l) =>
        l.detail === "SEARCH g USING PRIMARY KEY (worker_id=? AND qualification_id=?)" &&
        ancestors(l).some((a) => a.parent === walk.parent && /^CORRELATED SCALAR SUBQUERY/.test(a.detail)),
    );
    expect(grant).toBeDefined();
    // no requirement row is read for the page: not task_requirements, not task_qualifications
    // (a requirement guarding discovery reads its rows, probed by the walked entry's rowid: only a guarded task's)
    const guard = new SQLiteSyncDialect().sqlToQuery(discoverableBy(worker.id, taskRowid)).sql;
    expect(cards.sql).toContain(guard);
    expect(cards.sql.replace(guard, "")).not.toMatch(/task_requirements|task_qualifications/);
    // the count: the per-day counters less the counters of what the open tasks require (migrations/0084), whose
    // few rows are read whole; of the tasks those cannot judge, the ones requiring a qualification the worker holds
    // come from their grants, and the tasks past their day not yet marked from the index of those alone
    const countPlan = (await planLines(count)).map((l) => l.detail);
    expect(countPlan).toContain("SEARCH open_task_days USING PRIMARY KEY (completion_date>?)");
    expect(countPlan).toContain("SCAN kept");
    expect(countPlan).toContain(
      "SEARCH tasks USING INDEX tasks_open_qualification_idx (qualification_id=? AND qualification_min_score<?)",
    );
    expect(countPlan).toContain("SEARCH tasks USING INDEX tasks_open_passing_idx (completion_date<?)");
    // no range of the open tasks by date: the count no longer walks what requires something
    expect(
      countPlan.filter((l) => /^SEARCH tasks USING (COVERING )?INDEX tasks_open_\w+ \(completion_date>/.test(l)),
    ).toEqual([]);
    await expectIndexedPlans("a worker's reach", r.statements);
  });

  it("a filtered page (a category, $10/hour or more) tests each filter on the index entry it walks, reading no task's row", async () => {
    const { worker } = await marketplace();
    const r = recordingEnv();
    const filtered = await listOpenTasks(r.env, {
      workerId: worker.id,
      cards: true,
      withinReach: true,
      category: "Data Entry",
      minCentsPerHour: 1000,
      page: 2,
    });
    expect(filtered.total).toBeGreaterThan(0);
    await expectIndexedPlans("a filtered page", r.statements);
    // the page's count (a card's open slots count lapsed holds inside it too)
    const count = r.statements.find((s) => /^select count\(\*\) from "tasks"/i.test(s.sql))!;
    expect((await planLines(count)).map((l) => l.detail)).toContain(
      "SEARCH tasks USING INDEX tasks_open_category_deadline_idx (category=? AND completion_date>?)",
    );
    expect(await walkReadsRows(count)).toBe(false);
  });

  it("a search's count reads its matches from the search indexes and what it leaves out from indexes of its own, no match's row", async () => {
    const { worker, word } = await marketplace();
    const r = recordingEnv();
    const searched = await listOpenTasks(r.env, { q: word, workerId: worker.id, cards: true });
    expect(searched.total).toBeGreaterThan(0);
    await expectIndexedPlans("a worker's search", r.statements);
    const count = r.statements.find((s) => /^select count\(\*\) from \(SELECT rowid FROM open_tasks_fts/i.test(s.sql))!;
    const plan = (await planLines(count)).map((l) => l.detail);
    expect(plan).toContain("SCAN open_tasks_fts VIRTUAL TABLE INDEX 64:M3");
    expect(plan).toContain("SEARCH tasks USING INDEX tasks_open_passing_idx (completion_date<?)");
    expect(plan).toContain("SCAN tasks USING INDEX tasks_all_held_idx");
    expect(plan).toContain("SEARCH tasks USING COVERING INDEX tasks_open_buyer_idx (buyer_id=? AND completion_date>?)");
    // a match is never looked up in tasks: only a task every slot of which is held reads its own row (its holds)
    const rowReads = plan.filter((l) => /USING INTEGER PRIMARY KEY/.test(l));
    expect(rowReads.length).toBeGreaterThan(0);
    expect(new Set(rowReads)).toEqual(
      new Set(["SEARCH me USING INTEGER PRIMARY KEY (rowid=?)", "SEARCH d USING INTEGER PRIMARY KEY (rowid=?)"]),
    );
  });
});

describe("a page far into the open tasks", () => {
  it("is read walking the index from its far end: together the pages are the whole list, each task once, in order", async () => {
    const buyer = await funded("Buyer", 50_000);
    const poster = await sessionUser(buyer.id);
    // enough open tasks that the pages past the middle start beyond the first hundred rows (FAR_END_FROM)
    const { total } = await listOpenTasks(env, { limit: 20 });
    for (let i = total; i < 130; i++)
      await postTask(
        env,
        poster,
        taskInput({ task_title: `Far end ${i} ${uniqueToken()}`, payable_amount: 2 + (i % 7) }),
      );
    const key: Record<
      (typeof TASK_SORTS)[number],
      (t: {
        createdAt: number;
        payableAmount: number;
        centsPerHour: number | null;
        completionDate: string;
      }) => (number | string)[]
    > = {
      newest: (t) => [-t.createdAt],
      pay: (t) => [-t.payableAmount, -t.createdAt],
      rate: (t) => [-(t.centsPerHour ?? -1), -t.createdAt],
      deadline: (t) => [t.completionDate, -t.createdAt],
    };
    const inOrder = (a: (number | string)[], b: (number | string)[]) => {
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
      return true;
    };
    for (const sort of TASK_SORTS) {
      // other files post and take tasks meanwhile: read again until the list held still while it was read
      await expect
        .poll(async () => {
          const first = await listOpenTasks(env, { sort, limit: 20 });
          const rows: Awaited<ReturnType<typeof listOpenTasks>>["items"] = [];
          for (let page = 1; page <= first.pages; page++)
            rows.push(...(await listOpenTasks(env, { sort, limit: 20, page })).items);
          if ((await listOpenTasks(env, { sort, limit: 20 })).total !== first.total) return "the list moved";
          const ids = rows.map((t) => t.id);
          if (new Set(ids).size !== ids.length) return `a task twice in ${sort}`;
          if (ids.length !== first.total) return `${ids.length} tasks on the pages of ${first.total} in ${sort}`;
          const out = rows.findIndex((t, i) => i > 0 && !inOrder(key[sort](rows[i - 1]!), key[sort](t)));
          return out === -1 ? "the whole list" : `out of order at ${out} in ${sort}`;
        })
        .toBe("the whole list");
      const { pages } = await listOpenTasks(env, { sort, limit: 20 });
      await planOf(`tasks2 ${sort}, the last page from the far end`, (e) =>
        listOpenTasks(e, { sort, limit: 20, page: pages }),
      );
      await planOf(`task cards ${sort}, the last page from the far end`, (e) =>
        listOpenTasks(e, { sort, limit: 20, page: pages, workerId: buyer.id, cards: true }),
      );
    }
  });
});

describe("tasks past their day (migrations/0081)", () => {
  const passed = async (id: string) =>
    (await env.DB.prepare("SELECT date_passed AS n FROM tasks WHERE id = ?").bind(id).first<{ n: number }>())!.n;

  it("leave the walks of the open tasks once the daily job finds them; a moved date brings a task back", async () => {
    const { tag, current, past } = await dueAndPast("Still due", "Day gone");
    // a day passing changes nothing in the row: the task stays an entry of the open-task indexes until the job runs
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past.id).run();
    expect(await passed(past.id)).toBe(0);
    expect(await markTasksPastTheirDay(env)).toBeGreaterThanOrEqual(1);
    expect([await passed(past.id), await passed(current.id)]).toEqual([1, 0]);
    expect(await markTasksPastTheirDay(env)).toBe(0);

    // the indexes walked in an order other than the date's leave marked tasks out, and the lists walk them: the far
    // end of "newest" (the oldest first), where tasks past their day gather, walks open tasks only
    for (const name of ["tasks_open_idx", "tasks_open_pay_idx", "tasks_open_rate_idx", "tasks_open_category_idx"]) {
      const index = await row<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE name = '${name}'`);
      expect(index?.sql, name).toMatch(/WHERE .* AND date_passed = 0$/);
    }
    const { pages } = await listOpenTasks(env, { limit: 20 });
    const r = recordingEnv();
    await listOpenTasks(r.env, { limit: 20, page: pages });
    const farEnd = r.statements.find((s) =>
      /INDEXED BY tasks_open_idx[\s\S]*order by "tasks"\."created_at" asc/i.test(s.sql),
    );
    // (the test above leaves more than a hundred open tasks: the last page is read from the far end)
    if ((pages - 1) * 20 >= 100) {
      expect(farEnd, "the last page read from the far end").toBeDefined();
      expect((await planLines(farEnd!)).map((l) => l.detail)).toContain(
        "SCAN tasks USING COVERING INDEX tasks_open_idx",
      );
      expect(await walkReadsRows(farEnd!)).toBe(false);
    }

    // an edit that moves the date unmarks the task at once (trigger tasks_date_moved): open again, listed again
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(5), past.id).run();
    expect(await passed(past.id)).toBe(0);
    expect((await listOpenTasks(env, { q: tag })).items.map((t) => t.id).sort()).toEqual([current.id, past.id].sort());
    expect(await markTasksPastTheirDay(env)).toBe(0);
    await expectCountersAgree();
  });
});
