// Task alerts (docs/product/task-alerts.md): saved searches through the page and REST, the Cron Trigger's matching
// (a notification per new matching task), the hourly digest with its RFC 8058 headers, the one-click unsubscribe
// without a session, and each search's private Atom feed read with a real feed parser (feedsmith).
import { describe, expect, it } from "vitest";
import { parseAtomFeed } from "feedsmith";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import {
  BASE,
  call,
  env,
  expectError,
  funded,
  getPage,
  htmlOf,
  jsPost,
  mailTo,
  newTask,
  postForm,
  PASSWORD,
  registerUser,
  rest,
  row,
  sessionUser,
  shape,
  submissionBy,
  taskOf,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { EVERY_MINUTE } from "~/server/jobs/scheduled.server";
import {
  DIGEST_INTERVAL_MS,
  MATCH_RETENTION_MS,
  matchNewTasks,
  purgeOldMatches,
  SAVED_SEARCH_LIMIT,
  sendAlertDigests,
  TOO_MANY_SEARCHES,
} from "~/server/services/alerts.server";
import { closeAccount } from "~/server/services/own-account.server";
import { savedSearchWireSchema } from "~/lib/schemas/alerts";
import { approveSubmission, rejectSubmission } from "~/server/services/submissions.server";
import { DEFAULT_MIN_HOURLY_PAY_CENTS, leastPayFor } from "~/lib/pay-rate";

const DIGEST = /matche?s? your alerts$/;

/** A word no other test's task contains. */
const word = () => uniqueToken("zq").toLowerCase();

interface Saved {
  id: string;
  q: string;
  category: string | null;
  min_hourly: number | null;
  min_approval: number | null;
  feed_url: string;
}

async function saveByApi(
  w: TestUser,
  body: { q?: string; category?: string; min_hourly?: number; min_approval?: number },
): Promise<Saved> {
  const a = await rest<Saved>("POST", "/saved-searches", w.token, body);
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  return shape(savedSearchWireSchema, a.body);
}

/** Runs the matching until the cursor is past this task (other files post tasks and run the cron meanwhile). */
async function matchPast(taskId: string) {
  const task = await row<{ r: number }>("SELECT rowid AS r FROM tasks WHERE id = ?", taskId);
  for (let i = 0; i < 100; i++) {
    await matchNewTasks(env);
    const cursor = await row<{ value: number }>("SELECT value FROM cron_figures WHERE name = 'alert_task_cursor'");
    if (cursor && cursor.value >= task!.r) return;
  }
  throw new Error("the alert cursor never passed the task");
}

async function notificationsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT message, action_route FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC",
  )
    .bind(userId)
    .all<{ message: string; action_route: string }>();
  return results;
}

const feedPathOf = (s: Saved) => new URL(s.feed_url).pathname;

async function readFeed(s: Saved) {
  const res = await call(feedPathOf(s));
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
  return parseAtomFeed(await res.text());
}

// the cursor starts at the newest task on its first run: start it before any test posts
await matchNewTasks(env);

describe("saved searches", () => {
  it("are saved from the task list's form with and without JavaScript, listed, and deleted after a confirmation", async () => {
    const w = await registerUser("Worker");
    const q = word();
    const plain = await postForm("/dashboard/alerts", { intent: "save", q, category: "Translation" }, w.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/dashboard/alerts");
    const scripted = await jsPost("/dashboard/alerts", { intent: "save", q: "", category: "" }, w.cookie);
    expect(scripted.status).toBe(200);
    expect(scripted.text).toContain("Search saved");

    const page = await htmlOf(await getPage("/dashboard/alerts", w.cookie), true);
    expect(page).toContain(`“${q}” in Translation`);
    expect(page).toContain("every new task");
    const list = await rest<Saved[]>("GET", "/saved-searches", w.token);
    expect(list.body.map((s) => shape(savedSearchWireSchema, s).q)).toEqual(["", q]);

    // the no-JavaScript confirmation, then the plain form it shows
    const mine = list.body[1]!;
    const confirm = await htmlOf(await getPage(`/dashboard/alerts?confirm=delete&row=${mine.id}`, w.cookie), true);
    expect(confirm).toContain("Delete this saved search?");
    const deleted = await postForm("/dashboard/alerts", { intent: "delete", id: mine.id }, w.cookie);
    expect(deleted.status).toBe(302);
    expect((await rest<Saved[]>("GET", "/saved-searches", w.token)).body.map((s) => s.id)).not.toContain(mine.id);
  });

  it("refuse bad input with words and change nothing; another worker's search is 404; buyers are 403", async () => {
    const w = await registerUser("Worker");
    const other = await registerUser("Worker");
    expectError(await rest("POST", "/saved-searches", w.token, { q: "!!!" }), 422, "validation_failed");
    expectError(await rest("POST", "/saved-searches", w.token, { category: "Gardening" }), 422, "validation_failed");
    const bad = await jsPost("/dashboard/alerts", { intent: "save", q: "x".repeat(101), category: "" }, w.cookie);
    expect(bad.status).toBe(422);
    expect((await rest<Saved[]>("GET", "/saved-searches", w.token)).body).toEqual([]);

    const s = await saveByApi(w, { q: word() });
    expectError(await rest("DELETE", `/saved-searches?id=${s.id}`, other.token), 404, "not_found");
    expectError(await rest("POST", "/saved-searches/feed-token", other.token, { id: s.id }), 404, "not_found");
    const notMine = await jsPost("/dashboard/alerts", { intent: "delete", id: s.id }, other.cookie);
    expect(notMine.status).toBe(404);
    expect((await rest<Saved[]>("GET", "/saved-searches", w.token)).body).toHaveLength(1);
    const buyer = await registerUser("Buyer");
    expectError(await rest("POST", "/saved-searches", buyer.token, { q: "logo" }), 403, "forbidden");
    expect((await getPage("/dashboard/alerts", buyer.cookie)).headers.get("Location")).toBe("/unauthorized");
  });

  it(`are at most ${SAVED_SEARCH_LIMIT} per worker`, async () => {
    const w = await registerUser("Worker");
    for (let i = 0; i < SAVED_SEARCH_LIMIT; i++) await saveByApi(w, { q: `${word()} ${i}` });
    const refused = await rest("POST", "/saved-searches", w.token, { q: "one more" });
    expectError(refused, 409, "conflict");
    expect(JSON.stringify(refused.body)).toContain(TOO_MANY_SEARCHES);
  });
});

describe("matching new tasks", () => {
  it("notifies once per new matching task: words in any form, category, and nothing for others", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const bystander = await registerUser("Worker");
    const tag = word();
    await saveByApi(w, { q: `${tag} translate`, category: "Translation" });
    await saveByApi(w, { q: tag }); // a second search matching the same task: still one notification
    await saveByApi(bystander, { q: `${tag} nowhere` });
    const hit = await newTask(buyer, {
      task_title: `Translation of a ${tag} leaflet`,
      task_detail: "Translating two pages.",
      category: "Translation",
    });
    const otherCategory = await newTask(buyer, {
      task_title: `A ${tag} translation video`,
      category: "Video Engagement",
    });
    await matchPast(otherCategory.id);

    const notes = await notificationsOf(w.id);
    expect(notes.filter((n) => n.action_route === `/dashboard/tasklist/${hit.id}`)).toHaveLength(1);
    // the second task matches only the search without a category
    expect(notes.filter((n) => n.action_route === `/dashboard/tasklist/${otherCategory.id}`)).toHaveLength(1);
    // the notice names its task (whichever of the two was matched first)
    expect(notes.find((n) => n.action_route === `/dashboard/tasklist/${hit.id}`)!.message).toContain(
      `Translation of a ${tag} leaflet`,
    );
    expect(await notificationsOf(bystander.id)).toEqual([]);
    // matched once: running again adds nothing
    await matchNewTasks(env);
    const ofTheseTasks = (await notificationsOf(w.id)).filter((n) =>
      [hit.id, otherCategory.id].some((id) => n.action_route === `/dashboard/tasklist/${id}`),
    );
    expect(ofTheseTasks).toHaveLength(2);
  });

  it("notifies once when two runs begin in the same millisecond (the loser sees the winner's pivot as its own)", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    await saveByApi(w, { q: tag });
    const task = await newTask(buyer, { task_title: `Sort ${tag} receipts` });
    const posted = await row<{ r: number }>("SELECT rowid AS r FROM tasks WHERE id = ?", task.id);
    for (let i = 0; i < 100; i++) {
      const now = Date.now();
      await Promise.all([matchNewTasks(env, now), matchNewTasks(env, now), matchNewTasks(env, now)]);
      const cursor = await row<{ value: number }>("SELECT value FROM cron_figures WHERE name = 'alert_task_cursor'");
      if (cursor!.value >= posted!.r) break;
    }
    expect(await notificationsOf(w.id)).toHaveLength(1);
  });

  it("leaves out the tasks of a buyer who blocks the worker", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    await saveByApi(w, { q: tag });
    const blocked = await rest("POST", "/worker-blocks", buyer.token, { worker_id: w.id, reason: "Copied proof." });
    expect(blocked.status).toBe(201);
    const task = await newTask(buyer, { task_title: `Count ${tag} signs` });
    await matchPast(task.id);
    expect(await notificationsOf(w.id)).toEqual([]);
  });

  it("tests a least pay per hour and a least buyer approval rate, saved via REST and via the page", async () => {
    // a buyer approving all they decided (100%) and one rejecting all (0%)
    const fair = await funded("Buyer", 500);
    const harsh = await funded("Buyer", 500);
    for (const [buyer, approve] of [
      [fair, true],
      [harsh, false],
    ] as const) {
      const decided = await taskOf(buyer, { task_title: "Decided", required_workers: 1, payable_amount: 5 });
      const sub = await submissionBy(await registerUser("Worker"), decided.id);
      const b = await sessionUser(buyer.id);
      if (approve) await approveSubmission(env, b, sub.id);
      else await rejectSubmission(env, b, sub.id, "Not what the task asked for.");
    }
    const viaApi = await registerUser("Worker");
    const viaPage = await registerUser("Worker");
    const tag = word();
    const saved = await saveByApi(viaApi, { q: tag, min_hourly: 12, min_approval: 90 });
    expect(saved).toMatchObject({ q: tag, min_hourly: 12, min_approval: 90 });
    // "Save this search" posts whatever the task list is filtered by
    const list = await htmlOf(
      await getPage(`/dashboard/tasklist?q=${tag}&min_hourly=12&min_approval=90`, viaPage.cookie),
      true,
    );
    expect(list).toMatch(/name="min_hourly" value="12"/);
    expect(list).toMatch(/name="min_approval" value="90"/);
    const fields = { intent: "save", q: tag, category: "", min_hourly: "12", min_approval: "90" };
    expect((await postForm("/dashboard/alerts", fields, viaPage.cookie)).status).toBe(302);
    const what = `“${tag}” paying at least $12.00/hour from buyers approving at least 90%`;
    expect(await htmlOf(await getPage("/dashboard/alerts", viaPage.cookie), true)).toContain(what);
    expect((await rest<Saved[]>("GET", "/saved-searches", viaPage.token)).body[0]).toMatchObject({
      min_hourly: 12,
      min_approval: 90,
    });

    const task = (buyer: TestUser, cents: number, title: string) =>
      taskOf(buyer, {
        task_title: `${title} ${tag}`,
        required_workers: 1,
        estimate_minutes: 10,
        payable_amount: leastPayFor(10, cents),
      });
    const hit = await task(fair, 1200, "Well paid");
    await task(fair, DEFAULT_MIN_HOURLY_PAY_CENTS, "Poorly paid");
    const underApproval = await task(harsh, 1200, "Harsh buyer");
    expect(leastPayFor(10, DEFAULT_MIN_HOURLY_PAY_CENTS)).toBeLessThan(leastPayFor(10, 1200));
    await matchPast(underApproval.id);

    for (const w of [viaApi, viaPage])
      expect((await notificationsOf(w.id)).map((n) => n.action_route)).toEqual([`/dashboard/tasklist/${hit.id}`]);
    // the feed lists what the matching matched
    const feed = await readFeed(saved);
    expect(feed.entries?.map((e) => e.title?.value)).toEqual([`Well paid ${tag}`]);
  });
});

describe("the e-mail digest", () => {
  it("goes at most once an hour, with List-Unsubscribe headers and a link; one-click unsubscribe needs no session", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    await saveByApi(w, { q: tag });
    const first = await newTask(buyer, { task_title: `Label ${tag} photos` });
    await matchPast(first.id);
    const now = Date.now();
    await sendAlertDigests(env, BASE, now);
    const [digest, ...older] = (await mailTo(w.email)).filter((m) => DIGEST.test(m.subject));
    expect(older).toEqual([]);
    expect(digest!.subject).toBe("A new task matches your alerts");
    expect(digest!.text).toContain(`Label ${tag} photos`);
    expect(digest!.text).toContain(`${BASE}/dashboard/tasklist/${first.id}`);
    const stored = await row<{ headers: string }>("SELECT headers FROM dev_mailbox WHERE id = ?", digest!.id);
    const headers = JSON.parse(stored!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = headers["List-Unsubscribe"]!.match(/^<(https:\/\/[^>]+)>$/)![1]!;
    expect(new URL(unsubscribeUrl).pathname).toMatch(/^\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(digest!.text).toContain(unsubscribeUrl);
    expect(digest!.html).toContain(`href="${unsubscribeUrl}"`);

    // a second match within the hour waits; after the hour it goes
    const second = await newTask(buyer, { task_title: `Sort ${tag} receipts` });
    await matchPast(second.id);
    await sendAlertDigests(env, BASE, now + DIGEST_INTERVAL_MS - 60_000);
    expect((await mailTo(w.email)).filter((m) => DIGEST.test(m.subject))).toHaveLength(1);
    await sendAlertDigests(env, BASE, now + DIGEST_INTERVAL_MS);
    const digests = (await mailTo(w.email)).filter((m) => DIGEST.test(m.subject));
    expect(digests).toHaveLength(2);
    expect(digests[0]!.text).toContain(`Sort ${tag} receipts`);
    expect(digests[0]!.text).not.toContain(`Label ${tag} photos`);

    // a bad token changes nothing, the GET page changes nothing, the mail client's one-click POST needs no cookie
    const path = new URL(unsubscribeUrl).pathname;
    const wrong = await call(`${path.slice(0, -4)}AAAA`, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(wrong.status).toBe(404);
    const page = await call(path);
    expect(page.status).toBe(200);
    expect(await htmlOf(page, true)).toContain(w.email);
    expect((await row<{ emails: number }>("SELECT emails FROM alert_mail WHERE worker_id = ?", w.id))!.emails).toBe(1);
    const oneClick = await call(path, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(oneClick.status).toBe(200);
    expect((await row<{ emails: number }>("SELECT emails FROM alert_mail WHERE worker_id = ?", w.id))!.emails).toBe(0);

    // no more digests; notifications go on
    const third = await newTask(buyer, { task_title: `Check ${tag} links` });
    await matchPast(third.id);
    await sendAlertDigests(env, BASE, now + 3 * DIGEST_INTERVAL_MS);
    expect((await mailTo(w.email)).filter((m) => DIGEST.test(m.subject))).toHaveLength(2);
    expect((await notificationsOf(w.id)).map((n) => n.action_route)).toContain(`/dashboard/tasklist/${third.id}`);
  });

  it("is sent by the every-minute Cron Trigger, linking to the origin the dev server serves", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    await saveByApi(w, { q: tag });
    const task = await newTask(buyer, { task_title: `Rate ${tag} songs` });
    // what `npm run dev -- --port 5181` tells the Worker (scripts/dev.ts, vite.config.ts); APP_ORIGIN is empty
    const served = { ...env, APP_ORIGIN: "", DEV_ORIGIN: "http://localhost:5181" };
    for (let i = 0; i < 20 && !(await mailTo(w.email)).some((m) => m.text.includes(task.id)); i++) {
      const ctx = createExecutionContext();
      await worker.scheduled!(
        createScheduledController({ scheduledTime: Date.now(), cron: EVERY_MINUTE }),
        served,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    }
    const digest = (await mailTo(w.email)).find((m) => m.text.includes(task.id));
    expect(digest?.subject).toBe("A new task matches your alerts");
    expect(digest!.text).toContain(`http://localhost:5181/dashboard/tasklist/${task.id}`);
    expect(digest!.text).toMatch(/http:\/\/localhost:5181\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}/);
    expect(digest!.text).not.toContain("localhost:5173");
  });
});

describe("the Atom feed", () => {
  it("parses with a real feed parser and lists the search's matching tasks only, text escaped", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    const s = await saveByApi(w, { q: tag, category: "Data Entry" });
    const title = `Copy <b>${tag}</b> & "quotes" into a sheet`;
    const hit = await newTask(buyer, { task_title: title, category: "Data Entry" });
    const miss = await newTask(buyer, { task_title: `Copy ${tag} into a video`, category: "Video Engagement" });
    const unrelated = await newTask(buyer, { task_title: "Copy numbers into a sheet", category: "Data Entry" });
    await matchPast(unrelated.id);

    const feed = await readFeed(s);
    expect(feed.id).toMatch(/^urn:uuid:/);
    expect(feed.title?.value).toContain(tag);
    expect(feed.updated).toBeTruthy();
    expect(feed.links?.find((l) => l.rel === "self")?.href).toBe(s.feed_url);
    expect(feed.entries).toHaveLength(1);
    const [entry] = feed.entries!;
    expect(entry!.title).toEqual({ value: title, type: "text" });
    expect(entry!.id).toBe(`urn:uuid:${hit.id}`);
    expect(entry!.links?.[0]?.href).toBe(`${BASE}/dashboard/tasklist/${hit.id}`);
    expect(entry!.updated).toBeTruthy();
    expect(entry!.summary?.value).toContain("Data Entry");
    expect(JSON.stringify(feed)).not.toContain(miss.id);
  });

  it("a regenerated token makes the old address 404; a wrong token is 404 and shows nothing", async () => {
    const w = await registerUser("Worker");
    const s = await saveByApi(w, { q: word() });
    expect((await call(feedPathOf(s))).status).toBe(200);
    const renewed = await rest<Saved>("POST", "/saved-searches/feed-token", w.token, { id: s.id });
    expect(renewed.status).toBe(200);
    const fresh = shape(savedSearchWireSchema, renewed.body);
    expect(fresh.feed_url).not.toBe(s.feed_url);
    const old = await call(feedPathOf(s));
    expect(old.status).toBe(404);
    expect(await old.text()).not.toContain(w.email);
    expect((await readFeed(fresh)).entries ?? []).toEqual([]);
    expect((await call("/alerts/feed/not-a-token")).status).toBe(404);
    // the page's button does the same without JavaScript
    const plain = await postForm("/dashboard/alerts", { intent: "regenerate", id: s.id }, w.cookie);
    expect(plain.status).toBe(302);
    expect((await call(feedPathOf(fresh))).status).toBe(404);
  });
});

describe("what ends alerts", () => {
  it("closing the account deletes its saved searches, their matches and its feeds", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    const s = await saveByApi(w, { q: tag });
    const task = await newTask(buyer, { task_title: `Tag ${tag} clips` });
    await matchPast(task.id);
    expect((await readFeed(s)).entries).toHaveLength(1);
    await closeAccount(env, await sessionUser(w.id), { currentPassword: PASSWORD });
    expect((await call(feedPathOf(s))).status).toBe(404);
    expect(await row("SELECT 1 FROM saved_search_matches WHERE worker_id = ?", w.id)).toBeNull();
    expect(await row("SELECT 1 FROM alert_mail WHERE worker_id = ?", w.id)).toBeNull();
  });

  it("the daily job forgets matches older than 30 days, and the feed no longer lists them", async () => {
    const buyer = await registerUser("Buyer");
    const w = await registerUser("Worker");
    const tag = word();
    const s = await saveByApi(w, { q: tag });
    const task = await newTask(buyer, { task_title: `Sort ${tag} files` });
    await matchPast(task.id);
    expect(await purgeOldMatches(env, Date.now())).toBe(0);
    expect((await readFeed(s)).entries).toHaveLength(1);
    expect(await purgeOldMatches(env, Date.now() + MATCH_RETENTION_MS + 60_000)).toBeGreaterThanOrEqual(1);
    expect((await readFeed(s)).entries ?? []).toEqual([]);
  });
});
