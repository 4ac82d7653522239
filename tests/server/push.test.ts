// Web Push (docs/product/task-alerts.md, decision 099) against a local push service nobody here wrote
// (web-push-testing, tests/push-service.ts): a worker's browser subscribes there as a browser's push service would
// let it, the subscription is turned on and off through Task Alerts, and what the Worker pushes (a task matching a
// saved search, a revision request, a review outcome, a message) is read back decrypted by that service, which also
// checks every push's VAPID signature. A subscription it answers 410 for is deleted; without a VAPID key nothing is
// turned on or sent.
import { describe, expect, inject, it, vi } from "vitest";
import {
  env,
  funded,
  getPage,
  htmlOf,
  jsPost,
  messageAs,
  newTask,
  PASSWORD,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  submissionBy,
  taskOf,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { matchNewTasks } from "~/server/services/alerts.server";
import { ALERT_PUSH_INTERVAL_MS } from "~/server/services/alerts.server";
import {
  deliverPushes,
  PUSH_ENDPOINT_REFUSED,
  PUSH_UNAVAILABLE,
  savePushSubscription,
} from "~/server/services/push.server";
import { approveSubmission, rejectSubmission } from "~/server/services/submissions.server";
import { closeAccount } from "~/server/services/own-account.server";
import { EVERY_MINUTE, runScheduledJobs } from "~/server/jobs/scheduled.server";
import { PUSH_SUBSCRIPTION_INVALID } from "~/lib/schemas/alerts";
import type { PushMessage } from "~/lib/pwa";
import { vapidPublicKey } from "~/server/push/sender.server";

const PUSH_SERVICE = inject("pushService");
const ALERTS = "/dashboard/alerts";

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

/** The server's public VAPID key, as the page's control subscribes with it (the browser walk reads it from the page). */
const serverKey = () => vapidPublicKey(env)!;

/** A subscription from the local push service, to `key`, as PushManager.subscribe gets one from a browser's. */
async function subscribeAtPushService(key: string): Promise<Subscription> {
  const res = await fetch(`${PUSH_SERVICE}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: key }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Subscription }).data;
}

/** Turns push on for this worker's "browser" the way the page's control does (Task Alerts' action, with JavaScript). */
async function turnOn(worker: TestUser): Promise<Subscription> {
  const subscription = await subscribeAtPushService(serverKey());
  const on = await jsPost(
    ALERTS,
    { intent: "push-on", endpoint: subscription.endpoint, ...subscription.keys },
    worker.cookie,
  );
  expect(on.status, on.text).toBe(200);
  expect(on.text).toContain("Push notifications on");
  return subscription;
}

/** What the push service received for this subscription, decrypted. */
async function received(subscription: Subscription): Promise<PushMessage[]> {
  const res = await fetch(`${PUSH_SERVICE}/get-notifications`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ clientHash: subscription.clientHash }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { messages: string[] } };
  return data.messages.map((m) => JSON.parse(m) as PushMessage);
}

const subscriptionsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE user_id = ?")
      .bind(userId)
      .all<{ endpoint: string }>()
  ).results.map((r) => r.endpoint);

/** Sends what waits until nothing of this person's is left (other files' pushes may share a run). */
async function deliverAll() {
  for (let i = 0; i < 20 && (await row("SELECT 1 FROM push_outbox")); i++) await deliverPushes(env);
}

/** Runs the matching until the cursor is past this task (other files post tasks and run the cron meanwhile). */
async function matchPast(taskId: string, now?: number) {
  const task = await row<{ r: number }>("SELECT rowid AS r FROM tasks WHERE id = ?", taskId);
  for (let i = 0; i < 100; i++) {
    await matchNewTasks(env, now);
    const cursor = await row<{ value: number }>("SELECT value FROM cron_figures WHERE name = 'alert_task_cursor'");
    if (cursor && cursor.value >= task!.r) return;
  }
  throw new Error("the alert cursor never passed the task");
}

/** A worker with a pending submission on a buyer's task. */
async function pendingWork() {
  const buyer = await funded("Buyer", 100);
  const worker = await registerUser("Worker");
  const task = await taskOf(buyer, { task_title: `Push ${uniqueToken()}`, required_workers: 3, payable_amount: 5 });
  const sub = await submissionBy(worker, task.id, "my proof");
  return { buyer, worker, task, sub };
}

// the cursor starts at the newest task on its first run: start it before any test posts
await matchNewTasks(env);

describe("turning push on and off in Task Alerts", () => {
  it("stores this browser's subscription, lists it to the page, and forgets it on one tap off", async () => {
    const worker = await registerUser("Worker");
    const subscription = await turnOn(worker);
    expect(await subscriptionsOf(worker.id)).toEqual([subscription.endpoint]);
    // the page knows this browser is on: its endpoint is among the worker's
    expect(await htmlOf(await getPage(ALERTS, worker.cookie), true)).toContain(subscription.endpoint);

    // the same browser turning push on again (or under another account) keeps one row
    const again = await jsPost(
      ALERTS,
      { intent: "push-on", endpoint: subscription.endpoint, ...subscription.keys },
      worker.cookie,
    );
    expect(again.status).toBe(200);
    expect(await subscriptionsOf(worker.id)).toEqual([subscription.endpoint]);
    const other = await registerUser("Worker");
    await jsPost(ALERTS, { intent: "push-on", endpoint: subscription.endpoint, ...subscription.keys }, other.cookie);
    expect(await subscriptionsOf(other.id)).toEqual([subscription.endpoint]);
    expect(await subscriptionsOf(worker.id)).not.toContain(subscription.endpoint);

    const off = await jsPost(ALERTS, { intent: "push-off", endpoint: subscription.endpoint }, other.cookie);
    expect(off.status).toBe(200);
    expect(off.text).toContain("Push notifications off");
    expect(await subscriptionsOf(other.id)).toEqual([]);
  });

  it("works without JavaScript too, and refuses what it must not store with clear words, changing nothing", async () => {
    const worker = await registerUser("Worker");
    const subscription = await subscribeAtPushService(serverKey());
    const plain = await postForm(
      ALERTS,
      { intent: "push-on", endpoint: subscription.endpoint, ...subscription.keys },
      worker.cookie,
    );
    expect(plain.status).toBe(302);
    expect(await subscriptionsOf(worker.id)).toEqual([subscription.endpoint]);

    const refused = async (fields: Record<string, string>, words: string) => {
      const res = await jsPost(ALERTS, { intent: "push-on", ...subscription.keys, ...fields }, worker.cookie);
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).toContain(words);
    };
    // an address the server would post to for anyone who typed it: only https (and this machine's, in tests)
    await refused({ endpoint: "ftp://push.example/x" }, PUSH_ENDPOINT_REFUSED);
    await refused({ endpoint: "http://push.example/x" }, PUSH_ENDPOINT_REFUSED);
    await refused({ endpoint: "not a url" }, PUSH_SUBSCRIPTION_INVALID);
    await refused({ endpoint: "https://push.example/x", p256dh: "short" }, PUSH_SUBSCRIPTION_INVALID);
    await refused({ endpoint: "https://push.example/x", auth: "!!!!!!!!!!!!!!!!!!!!!!" }, PUSH_SUBSCRIPTION_INVALID);
    expect(await subscriptionsOf(worker.id)).toEqual([subscription.endpoint]);
  });

  it("is refused to a buyer's or a visitor's post (the page is the worker's)", async () => {
    const buyer = await registerUser("Buyer");
    const fields = {
      intent: "push-on",
      endpoint: "https://push.example/b",
      p256dh: "A".repeat(87),
      auth: "B".repeat(22),
    };
    expect((await postForm(ALERTS, fields, buyer.cookie)).status).toBe(302);
    expect((await postForm(ALERTS, fields)).status).toBe(302);
    expect(await subscriptionsOf(buyer.id)).toEqual([]);
  });
});

describe("what is pushed", () => {
  it("a revision request reaches the worker's browser right after the buyer's answer, opening the submission", async () => {
    const { buyer, worker, task, sub } = await pendingWork();
    const subscription = await turnOn(worker);
    // the buyer asks on their home page: the push goes after the answer, with no Cron Trigger
    const asked = await postForm(
      "/dashboard/buyerhome",
      { intent: "revision", id: sub.id, reason: "Add the link." },
      buyer.cookie,
    );
    expect(asked.status).toBe(302);
    await expect.poll(() => received(subscription)).toHaveLength(1);
    const [push] = await received(subscription);
    expect(push).toMatchObject({ title: "Revision requested", url: `/dashboard/mysubmissions/${sub.id}` });
    expect(push!.body).toContain(`Revision asked on "${task.taskTitle}"`);
    expect(push!.body).toContain("Add the link.");
    const notice = await row<{ id: string }>(
      "SELECT id FROM notifications WHERE user_id = ? ORDER BY rowid DESC",
      worker.id,
    );
    expect(push!.tag).toBe(notice!.id);
    expect(await row("SELECT 1 FROM push_outbox WHERE user_id = ?", worker.id)).toBeNull();
  });

  it("an approval and a rejection reach the worker with their words", async () => {
    const first = await pendingWork();
    const subscription = await turnOn(first.worker);
    await approveSubmission(env, await sessionUser(first.buyer.id), first.sub.id);
    const second = await submissionBy(
      first.worker,
      (await taskOf(first.buyer, { task_title: `Push ${uniqueToken()}` })).id,
    );
    await rejectSubmission(env, await sessionUser(first.buyer.id), second.id, "The link is broken.");
    await deliverAll();
    const pushes = await received(subscription);
    expect(pushes.map((p) => p.title)).toEqual(["Submission approved", "Submission rejected"]);
    expect(pushes[0]!.body).toContain(`your submission for "${first.task.taskTitle}" was approved`);
    expect(pushes[1]!.body).toContain("was rejected: The link is broken.");
    for (const p of pushes) expect(p.url).toBe("/dashboard/mysubmissions");
  });

  it("a push's title is in the language of its person", async () => {
    const { buyer, worker, sub } = await pendingWork();
    const subscription = await turnOn(worker);
    await env.DB.prepare("UPDATE users SET language = 'bn' WHERE id = ?").bind(worker.id).run();
    await approveSubmission(env, await sessionUser(buyer.id), sub.id);
    await deliverAll();
    const [push] = await received(subscription);
    expect(push!.title).toBe("জমা অনুমোদিত হয়েছে");
  });

  it("a message reaches the other side, opening its conversation; nothing is pushed to one without push", async () => {
    const { buyer, worker, sub } = await pendingWork();
    const subscription = await turnOn(worker);
    await messageAs(buyer, sub.id, "Can you add the date?");
    // the worker's answer to the buyer, who has no subscription: no push is even queued
    await messageAs(worker, sub.id, "Done.");
    expect(await row("SELECT 1 FROM push_outbox WHERE user_id = ?", buyer.id)).toBeNull();
    await deliverAll();
    const [push, ...more] = await received(subscription);
    expect(more).toEqual([]);
    expect(push).toMatchObject({ title: "New message" });
    expect(push!.body).toContain("sent you a message about");
    expect(push!.url).toBe(`/dashboard/threads/submission/${sub.id}`);
  });

  it("a new task matching a saved search is pushed by the every-minute Cron Trigger, at most once an hour per search", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const tag = uniqueToken("zq").toLowerCase();
    expect((await rest("POST", "/saved-searches", worker.token, { q: tag })).status).toBe(201);
    const subscription = await turnOn(worker);

    const first = await newTask(buyer, { task_title: `Label ${tag} photos` });
    // the minute's job matches it and sends the push (other files' tasks may come first: run it until it has)
    for (let i = 0; i < 100 && !(await received(subscription)).length; i++) await runScheduledJobs(env, EVERY_MINUTE);
    const [push] = await received(subscription);
    expect(push).toMatchObject({ title: "New task for your alerts", url: `/dashboard/tasklist/${first.id}` });
    expect(push!.body).toBe(`New task for your alerts: “Label ${tag} photos”`);

    // a second match within the hour: notified, not pushed
    const second = await newTask(buyer, { task_title: `Sort ${tag} files` });
    await matchPast(second.id);
    await deliverAll();
    expect(await received(subscription)).toHaveLength(1);
    const routes = await env.DB.prepare("SELECT action_route FROM notifications WHERE user_id = ?")
      .bind(worker.id)
      .all();
    expect(routes.results).toContainEqual({ action_route: `/dashboard/tasklist/${second.id}` });

    // an hour on, the search's next match is pushed again
    const third = await newTask(buyer, { task_title: `Tag ${tag} songs` });
    await matchPast(third.id, Date.now() + ALERT_PUSH_INTERVAL_MS + 1000);
    await deliverAll();
    expect((await received(subscription)).map((p) => p.url)).toEqual([
      `/dashboard/tasklist/${first.id}`,
      `/dashboard/tasklist/${third.id}`,
    ]);
  });
});

describe("subscriptions that end", () => {
  it("a subscription its push service answers 410 for is deleted; the person's other browsers still get theirs", async () => {
    const { buyer, worker, sub } = await pendingWork();
    const gone = await turnOn(worker);
    const kept = await turnOn(worker);
    expect(await subscriptionsOf(worker.id)).toHaveLength(2);
    expect((await fetch(`${PUSH_SERVICE}/expire-subscription/${gone.clientHash}`, { method: "POST" })).status).toBe(
      200,
    );
    await approveSubmission(env, await sessionUser(buyer.id), sub.id);
    await deliverAll();
    expect(await subscriptionsOf(worker.id)).toEqual([kept.endpoint]);
    expect(await received(kept)).toHaveLength(1);
    expect(await received(gone)).toEqual([]);
    expect(await row("SELECT 1 FROM push_outbox WHERE user_id = ?", worker.id)).toBeNull();
  });

  it("a push its service refuses (signed with another key) is dropped, not tried again, and the subscription kept", async () => {
    const { buyer, worker, sub } = await pendingWork();
    // a subscription to another server's key: the push service checks our signature against that key and refuses
    const other = await subscribeAtPushService(
      "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
    );
    await jsPost(ALERTS, { intent: "push-on", endpoint: other.endpoint, ...other.keys }, worker.cookie);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await approveSubmission(env, await sessionUser(buyer.id), sub.id);
      await deliverAll();
    } finally {
      warn.mockRestore();
    }
    expect(await received(other)).toEqual([]);
    expect(await row("SELECT 1 FROM push_outbox WHERE user_id = ?", worker.id)).toBeNull();
    expect(await subscriptionsOf(worker.id)).toEqual([other.endpoint]);
  });

  it("signing out forgets the browsers: no push of theirs reaches a phone they signed out of", async () => {
    const { buyer, worker, sub } = await pendingWork();
    const phone = await turnOn(worker);
    const out = await jsPost("/logout", {}, worker.cookie);
    expect(out.status, out.text).toBeLessThan(400);
    expect(await subscriptionsOf(worker.id)).toEqual([]);
    await approveSubmission(env, await sessionUser(buyer.id), sub.id);
    await deliverAll();
    expect(await received(phone)).toEqual([]);
  });

  it("closing the account forgets its browsers", async () => {
    const worker = await registerUser("Worker");
    await turnOn(worker);
    await closeAccount(env, await sessionUser(worker.id), { currentPassword: PASSWORD });
    expect(await subscriptionsOf(worker.id)).toEqual([]);
  });
});

describe("without a VAPID key", () => {
  it("push cannot be turned on, nothing queued is sent, and the log says why (fails closed)", async () => {
    const { buyer, worker, sub } = await pendingWork();
    const subscription = await turnOn(worker);
    const unkeyed = { ...env, VAPID_JWK: undefined, APP_ENV: "production" };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await expect(
        savePushSubscription(unkeyed, await sessionUser(worker.id), {
          endpoint: "https://push.example/new",
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        }),
      ).rejects.toMatchObject({ code: "push_unavailable", message: PUSH_UNAVAILABLE });
      await approveSubmission(env, await sessionUser(buyer.id), sub.id);
      for (let i = 0; i < 20 && (await row("SELECT 1 FROM push_outbox")); i++) await deliverPushes(unkeyed);
      expect(error.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining("VAPID_JWK is not set"));
    } finally {
      error.mockRestore();
    }
    expect(await received(subscription)).toEqual([]);
    expect(await row("SELECT 1 FROM push_outbox WHERE user_id = ?", worker.id)).toBeNull();
  });
});
