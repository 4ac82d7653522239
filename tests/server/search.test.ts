// Searches of any length the forms allow (up to 100 characters) work: D1 refuses LIKE patterns over 50 bytes
// ("LIKE or GLOB pattern too complex"), which turned a long search into a 500 on the worker's task list, the REST
// task list and the admin lists. % and _ are ordinary characters in a search, not wildcards.
import { describe, expect, it } from "vitest";
import {
  BASE,
  env,
  funded,
  getPage,
  isoDay,
  jsonCall,
  makeAdmin,
  PASSWORD,
  recordingEnv,
  registerUser,
  sessionUser,
} from "./fixtures";
import { deleteTask, listOpenTasks, postTask } from "~/server/services/tasks.server";
import { register } from "~/server/services/accounts.server";
import { blockWorker } from "~/server/services/blocks.server";
import { startTask } from "~/server/services/slots.server";

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("long searches", () => {
  it("find a task by its whole 90-character title: worker's Task List, GET /tasks2 and Manage Tasks", async () => {
    const buyer = await registerUser("Buyer", "Long Search Buyer");
    const worker = await registerUser("Worker");
    const admin = await makeAdmin();
    const title = `Translate the onboarding e-mail into Bangla, keep the tone friendly: 100%_sure ${stamp}`;
    expect(title.length).toBeGreaterThan(60);
    const task = await postTask(env, await sessionUser(buyer.id), {
      task_title: title,
      task_detail: "Two paragraphs.",
      required_workers: 1,
      payable_amount: 5,
      estimate_minutes: 2,
      completion_date: isoDay(3),
      submission_info: "The translation",
      category: "Translation",
      task_image_url: "",
    });

    // the no-JavaScript filter form sends every field, the empty category too
    const list = await getPage(
      `/dashboard/tasklist?q=${encodeURIComponent(title)}&category=&sort=newest`,
      worker.cookie,
    );
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("1 open task matches your filters");
    expect(html).toContain(`/dashboard/tasklist/${task.id}`);
    // case does not matter
    expect(
      await (await getPage(`/dashboard/tasklist?q=${encodeURIComponent(title.toUpperCase())}`, worker.cookie)).text(),
    ).toContain(`/dashboard/tasklist/${task.id}`);

    const rest = await jsonCall(`/tasks2?q=${encodeURIComponent(title)}`, "GET", undefined, worker.token);
    expect(rest.status).toBe(200);
    expect(JSON.stringify(await rest.json())).toContain(task.id);

    const admins = await getPage(`/dashboard/managetasks?q=${encodeURIComponent(title)}`, admin.cookie);
    expect(admins.status).toBe(200);
    expect(await admins.text()).toContain(`task-${task.id}`);

    // % and _ match themselves only
    expect(
      await (await getPage(`/dashboard/tasklist?q=${encodeURIComponent(`100%_sure ${stamp}`)}`, worker.cookie)).text(),
    ).toContain(`/dashboard/tasklist/${task.id}`);
    const wild = await getPage(`/dashboard/managetasks?q=${encodeURIComponent("%_%_%_%_%_%_%")}`, admin.cookie);
    expect(wild.status).toBe(200);
    expect(await wild.text()).toContain("No tasks match your search.");
  });

  it("find a user by a 60-character e-mail on Manage Users", async () => {
    const admin = await makeAdmin();
    const email = `a-rather-long-mailbox-name-for-search-${stamp}@long-search.coinwork.test`;
    expect(email.length).toBeGreaterThan(60);
    await register(env, { name: "Long Mailbox", email, password: PASSWORD, role: "Worker", photo: "" }, BASE);
    const res = await getPage(`/dashboard/manageusers?q=${encodeURIComponent(email.toUpperCase())}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`user-${email}`);
    const none = await getPage(`/dashboard/manageusers?q=${encodeURIComponent(`${"_".repeat(80)}`)}`, admin.cookie);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No users match your search.");
  });
});

describe("word forms", () => {
  it("'translate' finds a 'Translation' task, 'tests' a 'testing' one; the trigram 'contains' still works", async () => {
    // a mark of this test's own (the long searches above share theirs, and one of them translates too)
    const mark = `wf${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const buyer = await registerUser("Buyer", "Word Forms Buyer");
    const worker = await registerUser("Worker");
    const b = await sessionUser(buyer.id);
    const base = {
      required_workers: 1,
      payable_amount: 2,
      estimate_minutes: 1,
      completion_date: isoDay(3),
      submission_info: "The result",
      category: "Translation",
      task_image_url: "",
    } as const;
    const translation = await postTask(env, b, {
      ...base,
      task_title: `Spanish Translation of a menu ${mark}`,
      task_detail: "Two pages.",
    });
    const testing = await postTask(env, b, {
      ...base,
      task_title: `App testing ${mark}`,
      task_detail: "We are testing the signup flow on phones.",
    });
    const found = async (q: string) => (await listOpenTasks(env, { q: `${q} ${mark}` })).items.map((t) => t.id).sort();
    expect(await found("translate")).toEqual([translation.id]);
    expect(await found("TRANSLATING")).toEqual([translation.id]);
    expect(await found("tests")).toEqual([testing.id]);
    // what the trigram index found before still comes back: a part of a word
    expect((await listOpenTasks(env, { q: `ranslation of a menu ${mark}` })).items.map((t) => t.id)).toEqual([
      translation.id,
    ]);
    // the worker's page and GET /tasks2 search the same way
    const page = await getPage(`/dashboard/tasklist?q=${encodeURIComponent(`translate ${mark}`)}`, worker.cookie);
    expect(await page.text()).toContain(`/dashboard/tasklist/${translation.id}`);
    const rest = await jsonCall(`/tasks2?q=${encodeURIComponent(`translate ${mark}`)}`, "GET", undefined, worker.token);
    expect(JSON.stringify(await rest.json())).toContain(translation.id);
    // a task that stops being open leaves the word index too
    await deleteTask(env, b, translation.id);
    expect(await found("translate")).toEqual([]);
  });

  it("reads the stemmed word index through FTS5, never scanning the tasks table", async () => {
    const r = recordingEnv();
    await listOpenTasks(r.env, { q: "translate menus" });
    const search = r.statements.filter((s) => s.sql.includes("open_task_words"));
    expect(search.length).toBeGreaterThan(0);
    for (const { sql, params } of search) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((p) => p.detail);
      // the word index answers MATCH from its own index ("VIRTUAL TABLE INDEX 0:M…"), as the trigram index does
      expect(
        details.some((d) => /SCAN open_task_words VIRTUAL TABLE INDEX \d+:M/.test(d)),
        details.join(" | "),
      ).toBe(true);
      expect(
        details.some((d) => /SCAN open_tasks_fts VIRTUAL TABLE INDEX \d+:M/.test(d)),
        details.join(" | "),
      ).toBe(true);
      // the open tasks are walked through their covering index, never the table itself
      expect(
        details.some((d) => /^SCAN tasks$/.test(d)),
        details.join(" | "),
      ).toBe(false);
    }
  });
});

describe("a search's count", () => {
  it("is what it lists: less the tasks past their day, paused, every slot held or of a buyer who blocks the worker", async () => {
    const mark = `cnt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const [buyer, blocker] = await Promise.all([funded("Buyer", 1_000), funded("Buyer", 1_000)]);
    const [worker, other] = await Promise.all([registerUser("Worker"), registerUser("Worker")]);
    const post = async (by: { id: string }, title: string, required_workers = 2) =>
      (
        await postTask(env, await sessionUser(by.id), {
          task_title: `${title} ${mark}`,
          task_detail: "Count me if you can.",
          required_workers,
          payable_amount: 2,
          estimate_minutes: 1,
          completion_date: isoDay(3),
          submission_info: "The result",
          category: "Data Entry",
          task_image_url: "",
        })
      ).id;
    const plain = await post(buyer, "Plain");
    const held = await post(buyer, "Held", 1);
    const past = await post(buyer, "Past");
    const paused = await post(buyer, "Paused");
    const blocked = await post(blocker, "Blocked");
    await blockWorker(env, await sessionUser(blocker.id), { workerId: worker.id, reason: "Counted out" });
    await startTask(env, await sessionUser(other.id), held);
    await env.DB.batch([
      // a day passing changes nothing in the row: the search index keeps the task until the daily job marks it
      env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past),
      env.DB.prepare(
        `INSERT INTO open_tasks_fts (rowid, task_title, task_detail, completion_date)
          SELECT rowid, task_title, task_detail, completion_date FROM tasks WHERE id = ?`,
      ).bind(past),
      env.DB.prepare("UPDATE tasks SET paused_at = ? WHERE id = ?").bind(Date.now(), paused),
    ]);
    const listed = async (workerId?: string) => {
      const page = await listOpenTasks(env, { q: mark, workerId, limit: 100 });
      return { ids: page.items.map((t) => t.id).sort(), total: page.total };
    };
    expect(await listed(worker.id)).toEqual({ ids: [plain], total: 1 });
    // asked by no worker (a buyer's GET /tasks2), no block applies
    expect(await listed()).toEqual({ ids: [plain, blocked].sort(), total: 2 });
    // a hold whose time has run out opens its slot to anyone: the task is listed and counted again
    await env.DB.prepare("UPDATE task_holds SET expires_at = started_at + 1 WHERE task_id = ?").bind(held).run();
    expect(await listed(worker.id)).toEqual({ ids: [plain, held].sort(), total: 2 });
    // a filter beside the search counts by testing each match (the same answer, another way)
    const filtered = await listOpenTasks(env, { q: mark, workerId: worker.id, category: "Data Entry", limit: 100 });
    expect(filtered.total).toBe(2);
  });
});
