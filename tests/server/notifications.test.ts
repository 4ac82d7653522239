// The notification centre: /dashboard/notifications lists the caller's own notifications newest first, a page at a
// time, each with its link and its read state; one or all are marked read with a plain form (Post/Redirect/Get) or
// a script (data back); REST GET and POST /notifications do the same through the same service.
import { describe, expect, it } from "vitest";
import {
  env,
  expectError,
  expectText,
  getPage,
  jsPost,
  makeAdmin,
  pageHtml,
  postForm,
  registerUser,
  rest,
  shape,
  taskWithPendingSubmission,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import * as s from "~/lib/schemas/api";

const PAGE = "/dashboard/notifications";

/** A stored notification for `user`, `minutesAgo` old (so the order is known). */
async function notify(
  user: TestUser,
  message: string,
  minutesAgo: number,
  opts: { actionRoute?: string | null; readAt?: number | null } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO notifications (id, user_id, message, action_route, read_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(id, user.id, message, opts.actionRoute ?? null, opts.readAt ?? null, Date.now() - minutesAgo * 60_000)
    .run();
  return id;
}

async function readAt(id: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT read_at FROM notifications WHERE id = ?")
    .bind(id)
    .first<{ read_at: number | null }>();
  if (!row) throw new Error(`no notification ${id}`);
  return row.read_at;
}

async function unreadOf(user: TestUser): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL")
    .bind(user.id)
    .first<{ n: number }>();
  return row!.n;
}

/** `count` notifications for `user`, the first one the newest; their ids in that order. */
async function many(user: TestUser, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await notify(user, `${tag} number ${i + 1}.`, i + 1));
  return ids;
}

describe("the notifications page", () => {
  it("lists only the caller's notifications, newest first, each with its link, read state and time", async () => {
    const worker = await registerUser("Worker");
    const other = await registerUser("Worker");
    const t = uniqueToken();
    await notify(worker, `Older ${t} read.`, 30, { actionRoute: "/dashboard/withdraw", readAt: Date.now() });
    await notify(worker, `Newer ${t} unread.`, 5, { actionRoute: "/dashboard/mysubmissions" });
    await notify(other, `Someone else's ${t}.`, 1);

    const page = await pageHtml(PAGE, worker.cookie);
    expect(page.status).toBe(200);
    expectText(page.text, [
      "<h1",
      ">Notifications<",
      "1 unread, newest first.",
      `href="/dashboard/mysubmissions"`,
      `href="/dashboard/withdraw"`,
      ">Unread<",
      ">Read<",
      "<time",
      "Page 1 of 1",
      "Mark all as read</button>",
    ]);
    expectText(page.text, [`Someone else's ${t}`], false);
    expect(page.text.indexOf(`Newer ${t}`)).toBeLessThan(page.text.indexOf(`Older ${t}`));
    // only the unread one offers its own mark, as a plain form to this page's action
    expect(page.text.split(">Mark as read<").length - 1).toBe(1);
    expectText(page.text, [`action="${PAGE}"`, 'name="redirectTo"']);
  });

  it("says 'No notifications found.' when there are none, for every role", async () => {
    for (const user of [await registerUser("Buyer"), await registerUser("Worker"), await makeAdmin()]) {
      const page = await pageHtml(PAGE, user.cookie);
      expect(page.status, user.role).toBe(200);
      expectText(page.text, ["No notifications found.", `href="${PAGE}"`]);
      expectText(page.text, ["Mark all as read</button>"], false);
    }
  });

  it("links each notification to a page its reader's role may open, else to their home", async () => {
    const { buyer, title } = await taskWithPendingSubmission();
    // the real event: a submission received links to Buyer Home, where it is reviewed
    const real = await pageHtml(PAGE, buyer.cookie);
    expectText(real.text, [`submitted work for &quot;${title}&quot;`, `href="/dashboard/buyerhome"`]);
    const t = uniqueToken();
    await notify(buyer, `Worker page ${t}.`, 0, { actionRoute: "/dashboard/mysubmissions" });
    await notify(buyer, `No page ${t}.`, 0);
    const rows = await rest<{ message: string; href: string }[]>("GET", "/notifications", buyer.token);
    const hrefOf = (m: string) => rows.body.find((n) => n.message.startsWith(m))?.href;
    expect(hrefOf(`Worker page ${t}`)).toBe("/dashboard/buyerhome");
    expect(hrefOf(`No page ${t}`)).toBe("/dashboard/buyerhome");
  });

  it("pages through them: 20 a page, 'Page X of Y', and a page past the end goes to the last", async () => {
    const worker = await registerUser("Worker");
    const t = uniqueToken();
    await many(worker, 23, t);
    const first = await pageHtml(PAGE, worker.cookie);
    expectText(first.text, ["Page 1 of 2", `${t} number 1.`, `${t} number 20.`, `href="${PAGE}?page=2"`]);
    expectText(first.text, [`${t} number 21.`], false);
    const second = await pageHtml(`${PAGE}?page=2`, worker.cookie);
    expectText(second.text, ["Page 2 of 2", `${t} number 21.`, `${t} number 23.`]);
    expectText(second.text, [`${t} number 20.`], false);
    const past = await getPage(`${PAGE}?page=9`, worker.cookie);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`${PAGE}?page=2`);
  });

  it("sends a visitor to sign in, and back here afterwards", async () => {
    const res = await getPage(`${PAGE}?page=2`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`${PAGE}?page=2`)}`);
    const post = await postForm(PAGE, { id: crypto.randomUUID() });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/login\?/);
  });
});

describe("marking read", () => {
  it("one, without JavaScript: Post/Redirect/Get back to the page it was posted from", async () => {
    const worker = await registerUser("Worker");
    const [a, b] = await many(worker, 2, uniqueToken());
    const res = await postForm(PAGE, { id: a, redirectTo: `${PAGE}?page=1` }, worker.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${PAGE}?page=1`);
    expect(await readAt(a)).not.toBeNull();
    expect(await readAt(b)).toBeNull();
    const page = await pageHtml(PAGE, worker.cookie);
    expectText(page.text, ["1 unread, newest first."]);
  });

  it("one, following its link: the post's redirect is the notification's page", async () => {
    const worker = await registerUser("Worker");
    const id = await notify(worker, "Approved.", 1, { actionRoute: "/dashboard/mysubmissions" });
    const res = await postForm(PAGE, { id, redirectTo: "/dashboard/mysubmissions" }, worker.cookie);
    expect(res.headers.get("Location")).toBe("/dashboard/mysubmissions");
    expect(await readAt(id)).not.toBeNull();
  });

  it("one, with JavaScript: the action answers with data, not a redirect", async () => {
    const worker = await registerUser("Worker");
    const [a, b] = await many(worker, 2, uniqueToken());
    const res = await jsPost(PAGE, { id: a, redirectTo: PAGE }, worker.cookie);
    expect(res.status).toBe(200);
    expect(res.res.headers.get("Location")).toBeNull();
    expect(res.text).not.toContain("redirect");
    expect(res.text).toContain("modifiedCount");
    expect(await readAt(a)).not.toBeNull();
    expect(await readAt(b)).toBeNull();
  });

  it("all, with and without JavaScript, leaving other users' notifications unread", async () => {
    const worker = await registerUser("Worker");
    const other = await registerUser("Worker");
    await many(worker, 3, uniqueToken());
    const theirs = await notify(other, "Not yours.", 1);
    const plain = await postForm(PAGE, { redirectTo: "/dashboard/workerhome" }, worker.cookie);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/dashboard/workerhome");
    expect(await unreadOf(worker)).toBe(0);
    expect(await readAt(theirs)).toBeNull();

    await many(worker, 2, uniqueToken());
    const scripted = await jsPost(PAGE, { redirectTo: PAGE }, worker.cookie);
    expect(scripted.status).toBe(200);
    expect(await unreadOf(worker)).toBe(0);
    expect(await readAt(theirs)).toBeNull();
  });

  it("another user's id changes nothing, with or without JavaScript", async () => {
    const worker = await registerUser("Worker");
    const other = await registerUser("Buyer");
    const mine = await notify(worker, "Mine.", 1);
    const theirs = await notify(other, "Theirs.", 1);
    const plain = await postForm(PAGE, { id: theirs, redirectTo: PAGE }, worker.cookie);
    expect(plain.status).toBe(302);
    const scripted = await jsPost(PAGE, { id: theirs }, worker.cookie);
    expect(scripted.status).toBe(200);
    expect(await readAt(theirs)).toBeNull();
    expect(await readAt(mine)).toBeNull();
  });

  it("refuses a malformed id with a 422 and its words, changing nothing", async () => {
    const worker = await registerUser("Worker");
    const mine = await notify(worker, "Mine.", 1);
    const plain = await postForm(PAGE, { id: "not an id!", redirectTo: PAGE }, worker.cookie);
    expect(plain.status).toBe(422);
    expectText(await plain.text(), ["Invalid id"]);
    const scripted = await jsPost(PAGE, { id: "x".repeat(65) }, worker.cookie);
    expect(scripted.status).toBe(422);
    expect(scripted.text).toContain("Invalid id");
    expect(await readAt(mine)).toBeNull();
  });
});

describe("REST /notifications", () => {
  it("GET lists the caller's own, newest first, paged with the total in X-Total-Count", async () => {
    const buyer = await registerUser("Buyer");
    const other = await registerUser("Buyer");
    const t = uniqueToken();
    const ids = await many(buyer, 7, t);
    await notify(other, `Not for you ${t}.`, 0);
    const a = await rest("GET", "/notifications?limit=3&page=3", buyer.token);
    expect(a.status).toBe(200);
    expect(a.headers.get("X-Total-Count")).toBe("7");
    const items = a.body as unknown[];
    expect(items.map((n) => shape(s.notificationWireSchema, n)._id)).toEqual([ids[6]]);
    const all = await rest<{ _id: string; read: boolean; message: string }[]>("GET", "/notifications", buyer.token);
    expect(all.body.map((n) => n._id)).toEqual(ids);
    expect(all.body.every((n) => !n.read && !n.message.includes("Not for you"))).toBe(true);
  });

  it("POST marks one (its count back), another user's not at all, and all without an id", async () => {
    const worker = await registerUser("Worker");
    const other = await registerUser("Worker");
    const [a, b] = await many(worker, 2, uniqueToken());
    const theirs = await notify(other, "Theirs.", 1);
    expect((await rest("POST", "/notifications", worker.token, { id: a })).body).toEqual({ modifiedCount: 1 });
    expect((await rest("POST", "/notifications", worker.token, { id: a })).body).toEqual({ modifiedCount: 0 });
    expect((await rest("POST", "/notifications", worker.token, { id: theirs })).body).toEqual({ modifiedCount: 0 });
    expect(await readAt(theirs)).toBeNull();
    expect(await readAt(b)).toBeNull();
    expect((await rest("POST", "/notifications", worker.token)).body).toEqual({ modifiedCount: 1 });
    expect(await unreadOf(worker)).toBe(0);
    expect(await readAt(theirs)).toBeNull();
  });

  it("answers 401 to a visitor and 4xx to bad input, changing nothing", async () => {
    const worker = await registerUser("Worker");
    const mine = await notify(worker, "Mine.", 1);
    expectError(await rest("GET", "/notifications"), 401);
    expectError(await rest("POST", "/notifications", undefined, { id: mine }), 401);
    expectError(await rest("POST", "/notifications", worker.token, { id: 42 }), 422);
    expectError(await rest("POST", "/notifications", worker.token, { id: "../etc" }), 422);
    expectError(await rest("GET", "/notifications?page=0", worker.token), 422);
    expectError(await rest("GET", "/notifications?limit=500", worker.token), 422);
    expectError(await rest("DELETE", "/notifications", worker.token), 405);
    expect(await readAt(mine)).toBeNull();
  });
});
