// The home pages' charts (app/server/services/charts.server.ts): the figures per week or day for known data, zeros
// for the periods without any, only the caller's own rows, and a query plan that reads each window through an index
// range on its time column. Records are made through the services, then moved to known times in SQL.
import { describe, expect, it } from "vitest";
import {
  adminWorld,
  approveAs,
  env,
  funded,
  getPage,
  newPayment,
  pageHtml,
  pendingWithdrawal,
  recordingEnv,
  registerUser,
  rejectAs,
  rest,
  sessionUser,
  submissionBy,
  taskInput,
  taskOf,
} from "./fixtures";
import { adminCharts, buyerCharts, CHART_DAYS, CHART_WEEKS, workerCharts } from "~/server/services/charts.server";
import { updateTask } from "~/server/services/tasks.server";
import { approveWithdrawal } from "~/server/services/withdrawals.server";

const DAY = 86_400_000;
/** Wednesday 2026-11-18, noon UTC: its week starts on Monday 2026-11-16. */
const NOW = Date.UTC(2026, 10, 18, 12);
const at = (iso: string) => Date.parse(`${iso}T10:00:00Z`);

async function moveTime(table: string, column: string, where: string, id: string, time: number) {
  const { meta } = await env.DB.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${where} = ?`).bind(time, id).run();
  expect(meta.changes, `${table}.${column} where ${where} = ${id}`).toBeGreaterThan(0);
}

describe("buyer home chart", () => {
  it("sums the coins charged and counts the tasks posted per week, zeros elsewhere, the buyer's own only", async () => {
    const buyer = await funded("Buyer", 1_000);
    const other = await funded("Buyer", 1_000);
    const a = await taskOf(buyer, { required_workers: 3, payable_amount: 5 }); // 15 coins
    const b = await taskOf(buyer, { required_workers: 2, payable_amount: 10 }); // 20 coins
    const c = await taskOf(buyer, { required_workers: 4, payable_amount: 2 }); // 8 coins
    // 2 more slots: 10 coins
    await updateTask(env, await sessionUser(buyer.id), a.id, {
      ...taskInput(),
      required_workers: 5,
      payable_amount: 5,
    });
    await taskOf(other, { required_workers: 9, payable_amount: 9 });
    // a and its raise in the week of Nov 2, b in the current week, c before the window (8 weeks back from Nov 16)
    await moveTime("coin_ledger", "created_at", "task_id", a.id, at("2026-11-03"));
    await moveTime("coin_ledger", "created_at", "task_id", b.id, at("2026-11-16"));
    await moveTime("coin_ledger", "created_at", "task_id", c.id, at("2026-09-20"));
    await moveTime("coin_ledger", "created_at", "user_id", other.id, at("2026-11-17"));

    const weeks = await buyerCharts(env, buyer.id, NOW);
    expect(weeks).toHaveLength(CHART_WEEKS);
    expect(weeks[0].period).toBe("2026-09-28");
    expect(weeks.at(-1)?.period).toBe("2026-11-16");
    const byWeek = Object.fromEntries(weeks.map((w) => [w.period, w]));
    expect(byWeek["2026-11-02"]).toMatchObject({ spent: 25, posted: 1 });
    expect(byWeek["2026-11-16"]).toMatchObject({ spent: 20, posted: 1 });
    expect(weeks.filter((w) => w.spent || w.posted)).toHaveLength(2);
    // every other week is there with zeros
    expect(byWeek["2026-11-09"]).toEqual({ period: "2026-11-09", spent: 0, posted: 0 });
  });
});

describe("worker home chart", () => {
  it("sums the coins earned and the approval rate per week of the buyer's decision", async () => {
    const buyer = await funded("Buyer", 1_000);
    const worker = await registerUser("Worker");
    const other = await registerUser("Worker");
    const tasks = await Promise.all(
      [1, 2, 3, 4].map((i) => taskOf(buyer, { required_workers: 2, payable_amount: i * 5 })),
    );
    const subs = [];
    for (const t of tasks) subs.push(await submissionBy(worker, t.id));
    const others = await submissionBy(other, tasks[0].id);
    await approveAs(buyer, subs[0].id); // 5 coins
    await approveAs(buyer, subs[1].id); // 10 coins
    await rejectAs(buyer, subs[2].id, "Blurry screenshot");
    await approveAs(buyer, subs[3].id); // 20 coins
    await approveAs(buyer, others.id);
    // two approvals and a rejection in the week of Nov 9, one approval in the current week; subs still pending
    // would not count, and the other worker's approval is not this worker's
    for (const [s, day] of [
      [subs[0], "2026-11-09"],
      [subs[1], "2026-11-12"],
      [subs[2], "2026-11-15"],
      [subs[3], "2026-11-17"],
      [others, "2026-11-10"],
    ] as const)
      await moveTime("submissions", "reviewed_at", "id", s.id, at(day));

    const weeks = await workerCharts(env, worker.id, NOW);
    expect(weeks).toHaveLength(CHART_WEEKS);
    const byWeek = Object.fromEntries(weeks.map((w) => [w.period, w]));
    expect(byWeek["2026-11-09"]).toMatchObject({ earned: 15, approved: 2, rejected: 1, rate: 67 });
    expect(byWeek["2026-11-16"]).toMatchObject({ earned: 20, approved: 1, rejected: 0, rate: 100 });
    // a week without a decision has no rate, not 0 %
    expect(byWeek["2026-11-02"]).toEqual({ period: "2026-11-02", earned: 0, approved: 0, rejected: 0, rate: null });
  });
});

describe("admin home charts", () => {
  it("sum coins bought, paid out and withdrawn, and count submissions by status, per day over 30 days", async () => {
    const world = await adminWorld();
    const buyer = await funded("Buyer", 1_000);
    const worker = await registerUser("Worker");
    // A window of the past, where no other test's rows are: the figures are exactly this test's.
    const now = Date.UTC(2001, 2, 15, 12);
    const day = (offset: number) => now - offset * DAY;
    const iso = (offset: number) => new Date(day(offset)).toISOString().slice(0, 10);

    const bought = await rest("POST", "/orders", buyer.token, { payment_id: (await newPayment(buyer, 150)).paymentId });
    expect(bought.status).toBe(201);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 7 });
    const approved = await submissionBy(worker, task.id);
    await approveAs(buyer, approved.id);
    const second = await registerUser("Worker");
    const rejected = await submissionBy(second, task.id);
    await rejectAs(buyer, rejected.id, "Not done");
    const pending = await submissionBy(second, task.id);
    const { request } = await pendingWithdrawal(world, 250);
    await approveWithdrawal(env, world.adminUser, request.id);

    await moveTime("orders", "created_at", "user_id", buyer.id, day(2));
    await moveTime("coin_ledger", "created_at", "submission_id", approved.id, day(2));
    await moveTime("withdrawals", "decided_at", "id", request.id, day(0));
    await moveTime("submissions", "created_at", "id", approved.id, day(5));
    await moveTime("submissions", "created_at", "id", rejected.id, day(5));
    await moveTime("submissions", "created_at", "id", pending.id, day(1));

    const charts = await adminCharts(env, now);
    expect(charts.coins).toHaveLength(CHART_DAYS);
    expect(charts.coins[0].period).toBe(iso(CHART_DAYS - 1));
    expect(charts.coins.at(-1)?.period).toBe(iso(0));
    const coins = Object.fromEntries(charts.coins.map((d) => [d.period, d]));
    expect(coins[iso(2)]).toEqual({ period: iso(2), bought: 150, paidOut: 7, withdrawn: 0 });
    expect(coins[iso(0)]).toEqual({ period: iso(0), bought: 0, paidOut: 0, withdrawn: 250 });
    expect(charts.coins.filter((d) => d.bought || d.paidOut || d.withdrawn)).toHaveLength(2);

    const subs = Object.fromEntries(charts.submissions.map((d) => [d.period, d]));
    expect(subs[iso(5)]).toEqual({ period: iso(5), pending: 0, approved: 1, rejected: 1 });
    expect(subs[iso(1)]).toEqual({ period: iso(1), pending: 1, approved: 0, rejected: 0 });
    expect(charts.submissions.filter((d) => d.pending || d.approved || d.rejected)).toHaveLength(2);
  });
});

describe("home pages", () => {
  it("render each chart's heading, summary and table on the server, the chart itself left to the browser", async () => {
    const buyer = await funded("Buyer", 1_000);
    await taskOf(buyer, { required_workers: 3, payable_amount: 5 });
    const worker = await registerUser("Worker");
    const world = await adminWorld();
    for (const [path, cookie, texts] of [
      [
        "/dashboard/buyerhome",
        buyer.cookie,
        ["Coins spent per week", "15 coins spent", "Tasks posted per week", "1 task posted"],
      ],
      ["/dashboard/workerhome", worker.cookie, ["Coins earned per week", "0 coins earned", "Approval rate per week"]],
      ["/dashboard/adminhome", world.admin.cookie, ["Coins per day", "Submissions per day by status"]],
    ] as const) {
      const { status, text } = await pageHtml(path, cookie);
      expect(status, path).toBe(200);
      for (const t of [...texts, "Show as table"]) expect(text, path).toContain(t);
      const html = await (await getPage(path, cookie)).text();
      // the table is named by its chart's heading, its words said once (decision 113)
      const heading = /<table class="figures-table" aria-labelledby="([^"]+)"/.exec(html)?.[1];
      expect(heading, path).toBeTruthy();
      expect(html, path).toMatch(new RegExp(`id="${heading}"[^>]*>(Coins (spent|earned) per week|Coins per day)<`));
      expect(html, path).not.toContain("recharts-surface");
    }
  });
});

describe("chart queries", () => {
  it("read each window through an index range on its time column, never a scan", async () => {
    const buyer = await registerUser("Buyer");
    const worker = await registerUser("Worker");
    const reads: [string, (e: Env) => Promise<unknown>, RegExp][] = [
      [
        "buyer",
        (e) => buyerCharts(e, buyer.id),
        /coin_ledger USING INDEX coin_ledger_user_idx \(user_id=\? AND created_at>\? AND created_at<\?\)/,
      ],
      [
        "worker",
        (e) => workerCharts(e, worker.id),
        /worker_weeks USING PRIMARY KEY \(worker_id=\? AND week>\? AND week<\?\)/,
      ],
      ["admin", (e) => adminCharts(e), /daily_activity USING PRIMARY KEY \(day>\? AND day<\?\)/],
    ];
    for (const [label, read, search] of reads) {
      const recorded = recordingEnv();
      await read(recorded.env);
      const plans = await Promise.all(
        recorded.statements.map(async ({ sql, params }) => {
          const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
            .bind(...params)
            .all<{ detail: string }>();
          return results.map((r) => r.detail);
        }),
      );
      const text = plans.map((p) => p.join(" | ")).join("\n");
      expect(text, label).toMatch(search);
      expect(text, label).not.toMatch(
        /SCAN (coin_ledger|submissions|orders|withdrawals|daily_activity|worker_weeks)\b(?! USING)/,
      );
    }
  });
});
