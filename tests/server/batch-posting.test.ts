// Batch posting (docs/product/batch-posting.md): the template, the file's limits, the preview, and "Post all" as
// one atomic batch through the page, as a browser without JavaScript sends it; and the same through REST
// (POST /task-batches, the file as the body).
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import {
  balance,
  BASE,
  call,
  env,
  expectBooksAgree,
  flashOf,
  funded,
  holds,
  isoDay,
  makeAdmin,
  pageHtml,
  postForm,
  registerUser,
  row,
  type TestUser,
  undocumented,
} from "./fixtures";
import { BATCH_COLUMNS } from "~/lib/task-batch";
import { fieldRuleWords } from "~/lib/task-fields";
import { NOT_AVAILABLE_COIN, shortOfCoinsWords } from "~/lib/posting";

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;");

const PAGE = "/dashboard/batchtasks";

/** The page without its scripts (which carry the page's words, said or not). */
const withoutScripts = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

/** A CSV of `n` tasks: task i wants 1 + i % 3 workers at 2 coins (cells overridden per row by `change`). */
function csvOf(n: number, change: (i: number) => Record<string, string | undefined> = () => ({})) {
  const data = Array.from({ length: n }, (_, i) => ({
    task_title: `Batch task ${i + 1}`,
    task_detail: "Open the page and answer the question.",
    required_workers: String(1 + (i % 3)),
    payable_amount: "2",
    completion_date: isoDay(10),
    submission_info: "The answer",
    category: "Translation",
    task_image_url: "",
    min_approval_rate: "",
    min_approved: "",
    estimate_minutes: "1",
    ...change(i),
  }));
  return Papa.unparse({ fields: [...BATCH_COLUMNS], data });
}
/** The escrow of `csvOf(n)`: sum over i of (1 + i % 3) x 2. */
const costOf = (n: number) => Array.from({ length: n }, (_, i) => (1 + (i % 3)) * 2).reduce((a, b) => a + b, 0);

function upload(buyer: TestUser, body: string | Uint8Array, name = "tasks.csv") {
  return postForm(PAGE, { csv: new File([body as BlobPart], name, { type: "text/csv" }) }, buyer.cookie);
}

/** Uploads a file and follows to its preview: the draft's id and the preview's HTML. */
async function previewOf(buyer: TestUser, body: string | Uint8Array) {
  const res = await upload(buyer, body);
  expect(res.status).toBe(302);
  const to = res.headers.get("Location")!;
  expect(to).toMatch(/^\/dashboard\/batchtasks\?draft=/);
  const draft = new URL(to, BASE).searchParams.get("draft")!;
  const page = await pageHtml(to, buyer.cookie);
  expect(page.status).toBe(200);
  return { draft, html: page.text };
}

const postAll = (buyer: TestUser, draft: string) =>
  postForm(`${PAGE}?draft=${draft}`, { intent: "post", id: draft }, buyer.cookie);

const liveTasks = async (buyerId: string) =>
  (await row<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL", buyerId))!.n;

describe("batch posting", () => {
  it("serves a template that uploads back as valid tasks", async () => {
    const buyer = await funded("Buyer", 200);
    const res = await call(`${PAGE}/template.csv`, { headers: { Cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { html } = await previewOf(buyer, bytes);
    expect(html).toContain("Watch a video and leave a comment");
    expect(html).toContain("Post all 2 tasks for 130 coins");
    expect(withoutScripts(html)).not.toContain("rows have errors");
  });

  it("takes 1,000 rows and refuses 1,001, more than 1 MB and a file that is not UTF-8, storing nothing", async () => {
    const buyer = await funded("Buyer", 5000);
    const { html } = await previewOf(buyer, csvOf(1000));
    expect(html).toContain("Post all 1,000 tasks");

    const refusedWith = async (body: string | Uint8Array, words: string, status: number) => {
      const res = await upload(buyer, body);
      expect(res.status).toBe(status);
      expect(await res.text()).toContain(words);
    };
    await refusedWith(csvOf(1001), "more than 1,000 tasks", 422);
    await refusedWith(
      csvOf(3, () => ({ task_detail: "x".repeat(400_000) })),
      "larger than 1 MB",
      413,
    );
    const latin1 = new TextEncoder().encode(csvOf(1, () => ({ task_title: "Caf?" })));
    latin1[latin1.indexOf("?".charCodeAt(0))] = 0xe9; // "é" as Latin-1 writes it: not UTF-8
    await refusedWith(latin1, "not UTF-8", 415);
    await refusedWith("title,pay\nA,1\n", "Unknown column", 422);
  });

  it("posts nothing while a row is invalid, and shows every row's errors", async () => {
    const buyer = await funded("Buyer", 500);
    const file = csvOf(4, (i) => (i === 2 ? { payable_amount: "0", category: "Gardening" } : {}));
    const { draft, html } = await previewOf(buyer, file);
    expect(html).toContain("1 row has errors");
    // each error names its field in words and says what to enter
    expect(html).toContain(fieldRuleWords("payable_amount"));
    expect(html).toContain(escapeHtml(fieldRuleWords("category")));
    expect(withoutScripts(html)).not.toContain("Post all");

    const res = await postAll(buyer, draft);
    expect(res.status).toBe(302);
    expect(flashOf(res)).toMatchObject({ type: "error", title: "Nothing was posted" });
    expect(flashOf(res)!.message).toContain("row 3");
    expect(await balance(buyer.id)).toBe(500);
    expect(await liveTasks(buyer.id)).toBe(0);
  });

  it("posts nothing when coins are short, and says how many are missing", async () => {
    const buyer = await funded("Buyer", 20);
    const { draft, html } = await previewOf(buyer, csvOf(10)); // 38 coins
    expect(html).toContain(shortOfCoinsWords(10, costOf(10), 20));
    expect(html).toContain('href="/dashboard/purchasecoin"');

    const res = await postAll(buyer, draft);
    expect(flashOf(res)).toMatchObject({ type: "error", title: NOT_AVAILABLE_COIN });
    expect(flashOf(res)!.message).toContain(shortOfCoinsWords(10, costOf(10), 20));
    expect(await balance(buyer.id)).toBe(20);
    expect(await liveTasks(buyer.id)).toBe(0);
  });

  it("posts every row in one batch: escrow is the sum, the ledger and counters hold, and posting twice posts once", async () => {
    const buyer = await funded("Buyer", 1000);
    const n = 25;
    const { draft } = await previewOf(
      buyer,
      csvOf(n, (i) => (i === 0 ? { min_approval_rate: "80" } : {})),
    );
    const res = await postAll(buyer, draft);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/mytasks");
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Tasks Posted!" });
    expect(flashOf(res)!.message).toContain(`25 tasks are live: ${costOf(n)} coins`);

    expect(await balance(buyer.id)).toBe(1000 - costOf(n));
    expect(await liveTasks(buyer.id)).toBe(n);
    const escrow = await row<{ coins: number; charges: number }>(
      `SELECT SUM(required_workers * payable_amount) AS coins,
        (SELECT COUNT(*) FROM coin_ledger WHERE user_id = ?1 AND kind = 'task_charge') AS charges
       FROM tasks WHERE buyer_id = ?1`,
      buyer.id,
    );
    expect(escrow).toEqual({ coins: costOf(n), charges: n });
    const figures = await row<{ live_tasks: number; open_slots: number }>(
      "SELECT live_tasks, open_slots FROM buyer_figures WHERE buyer_id = ?",
      buyer.id,
    );
    expect(figures).toEqual({ live_tasks: n, open_slots: costOf(n) / 2 });
    expect(
      await row(
        "SELECT task_requirements.min_approval_rate FROM task_requirements JOIN tasks ON tasks.id = task_id WHERE buyer_id = ?",
        buyer.id,
      ),
    ).toEqual({ min_approval_rate: 80 });
    await expectBooksAgree([buyer.id]);

    // the same "Post all" again (a double click, a resent form) answers the same posting and makes nothing more
    const again = await postAll(buyer, draft);
    expect(flashOf(again)).toMatchObject({ type: "success", title: "Tasks Posted!" });
    expect(await liveTasks(buyer.id)).toBe(n);
    expect(await balance(buyer.id)).toBe(1000 - costOf(n));
  });

  it("posts 1,000 rows in one batch (the time is printed for docs/performance.md)", async () => {
    const buyer = await funded("Buyer", 5000);
    const { draft } = await previewOf(buyer, csvOf(1000));
    const started = performance.now();
    const res = await postAll(buyer, draft);
    const ms = performance.now() - started;
    console.log(`batch posting: 1,000 tasks (7,001 statements) posted in ${Math.round(ms)} ms`);
    expect(flashOf(res)).toMatchObject({ type: "success", title: "Tasks Posted!" });
    expect(await liveTasks(buyer.id)).toBe(1000);
    expect(await balance(buyer.id)).toBe(5000 - costOf(1000));
    expect(await holds([buyer.id])).toBe(true);
  });

  it("is the buyer's: a worker and an admin are refused, and another buyer cannot see or post an upload", async () => {
    const buyer = await funded("Buyer", 100);
    const { draft } = await previewOf(buyer, csvOf(2));
    for (const other of [await registerUser("Worker"), await makeAdmin()]) {
      const res = await call(PAGE, { headers: { Cookie: other.cookie } });
      expect(res.headers.get("Location") ?? String(res.status)).toMatch(/unauthorized|403/);
      const posted = await postAll(other, draft);
      expect(posted.headers.get("Location") ?? String(posted.status)).toMatch(/unauthorized|403/);
    }
    const stranger = await funded("Buyer", 100);
    const page = await pageHtml(`${PAGE}?draft=${draft}`, stranger.cookie);
    expect(page.text).toContain("This upload is no longer here");
    const res = await postAll(stranger, draft);
    expect(flashOf(res)!.message).toContain("Upload the file again");
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await balance(buyer.id)).toBe(100);
  });
});

// ---------------------------------------------------------------- REST: POST /task-batches

/** Posts a file as REST's body; the answer parsed, and checked against the endpoint's catalogue entry. */
async function postFile(
  user: TestUser | null,
  body: string | Uint8Array,
  key: string | null = crypto.randomUUID(),
  type = "text/csv",
) {
  const path = key === null ? "/task-batches" : `/task-batches?request_key=${key}`;
  const headers: Record<string, string> = { "Content-Type": type };
  if (user) headers.Authorization = `Bearer ${user.token}`;
  const res = await call(path, { method: "POST", headers, body: body as BodyInit });
  const json = (await res.json()) as {
    request_key?: string;
    tasks?: number;
    task_ids?: string[];
    coins?: number;
    error?: { code: string; message: string; fields?: Record<string, string[]>; missing?: number };
  };
  expect(undocumented("POST", path, res.status, json)).toBeNull();
  return { status: res.status, body: json };
}

const taskIdsOf = async (buyerId: string) =>
  (
    await env.DB.prepare("SELECT id FROM tasks WHERE buyer_id = ? AND deleted_at IS NULL ORDER BY id")
      .bind(buyerId)
      .all<{ id: string }>()
  ).results.map((t) => t.id);

describe("batch posting through REST", () => {
  it("posts every row and charges its escrow once; the same key again answers the same tasks and charges nothing", async () => {
    const buyer = await funded("Buyer", 1000);
    const n = 12;
    const key = `catalogue-${crypto.randomUUID()}`;
    const first = await postFile(buyer, csvOf(n), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ request_key: key, tasks: n, coins: costOf(n) });
    expect(first.body.task_ids).toHaveLength(n);
    expect(await taskIdsOf(buyer.id)).toEqual([...first.body.task_ids!].sort());
    // the ids are in the file's order
    const titles = await Promise.all(
      first.body.task_ids!.map(
        async (id) => (await row<{ t: string }>("SELECT task_title AS t FROM tasks WHERE id = ?", id))!.t,
      ),
    );
    expect(titles).toEqual(Array.from({ length: n }, (_, i) => `Batch task ${i + 1}`));
    expect(await balance(buyer.id)).toBe(1000 - costOf(n));
    const charges = await row<{ n: number; coins: number }>(
      "SELECT COUNT(*) AS n, -SUM(delta) AS coins FROM coin_ledger WHERE user_id = ? AND kind = 'task_charge'",
      buyer.id,
    );
    expect(charges).toEqual({ n, coins: costOf(n) });

    // a retry (a lost answer, a resent request), even with another file: the posting the key made, nothing more
    for (const body of [csvOf(n), csvOf(3)]) {
      const again = await postFile(buyer, body, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(await liveTasks(buyer.id)).toBe(n);
    expect(await balance(buyer.id)).toBe(1000 - costOf(n));
    await expectBooksAgree([buyer.id]);

    // another key is another posting
    const second = await postFile(buyer, csvOf(2));
    expect(second.status).toBe(201);
    expect(second.body.task_ids!.some((id) => first.body.task_ids!.includes(id))).toBe(false);
    expect(await liveTasks(buyer.id)).toBe(n + 2);
    expect(await holds([buyer.id])).toBe(true);
  });

  it("posts nothing while a row is invalid, and answers 422 with every row's errors", async () => {
    const buyer = await funded("Buyer", 500);
    const file = csvOf(5, (i) =>
      i === 1 ? { payable_amount: "0", category: "Gardening" } : i === 3 ? { task_title: "" } : {},
    );
    const res = await postFile(buyer, file);
    expect(res.status).toBe(422);
    expect(res.body.error!.code).toBe("validation_failed");
    expect(res.body.error!.message).toContain("2 of 5 rows have errors (the first: row 2)");
    expect(res.body.error!.fields).toEqual({
      "row 2.payable_amount": [fieldRuleWords("payable_amount")],
      "row 2.category": [fieldRuleWords("category")],
      "row 4.task_title": [fieldRuleWords("task_title")],
    });
    // a row of the wrong shape is an error of the row as a whole
    const short = await postFile(buyer, `${csvOf(1)}\r\nOnly a title`);
    expect(short.status).toBe(422);
    expect(short.body.error!.fields!["row 2"]).toEqual(["The row has too few cells."]);
    // a quote gone wrong is said as the error of the row it is in (Papa Parse counts the header in a quote error's
    // row, not in a cell count's): the rest of the file runs into that row, whose cells then fail too
    const [header, first, second, third] = csvOf(3).split("\r\n");
    const malformed = second!.replace("Batch task 2", '"Batch" task 2');
    const quoted = await postFile(buyer, [header, first, malformed, third].join("\r\n"));
    expect(quoted.status).toBe(422);
    expect(quoted.body.error!.fields!["row 2"]).toEqual(["Trailing quote on quoted field is malformed"]);
    expect(Object.keys(quoted.body.error!.fields!).filter((k) => !k.startsWith("row 2"))).toEqual([]);
    // a file that cannot be a batch: its own words
    const unknown = await postFile(buyer, "title,pay\nA,1\n");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error!.message).toContain("Unknown column");
    expect(await balance(buyer.id)).toBe(500);
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await holds([buyer.id])).toBe(true);
  });

  it("posts nothing when coins are short, and says how many are missing", async () => {
    const buyer = await funded("Buyer", 20);
    const res = await postFile(buyer, csvOf(10));
    expect(res.status).toBe(409);
    // as POST /tasks answers one task's posting: the product's words, the coins missing, the cost and the tasks
    expect(res.body.error).toMatchObject({
      code: "insufficient_coins",
      message: "Not available Coin.  Purchase Coin",
      missing: costOf(10) - 20,
      cost: costOf(10),
      tasks: 10,
    });
    expect(await balance(buyer.id)).toBe(20);
    expect(await liveTasks(buyer.id)).toBe(0);
    expect(await holds([buyer.id])).toBe(true);
  });

  it("is a buyer's: anonymous 401, a worker and an admin 403, and nothing is posted", async () => {
    expect((await postFile(null, csvOf(1))).status).toBe(401);
    for (const other of [await funded("Worker", 1000), await makeAdmin()]) {
      const res = await postFile(other, csvOf(1));
      expect(res.status).toBe(403);
      expect(await liveTasks(other.id)).toBe(0);
    }
    const worker = await registerUser("Worker");
    const template = await call("/task-batches/template", { headers: { Authorization: `Bearer ${worker.token}` } });
    expect(template.status).toBe(403);
  });

  it("refuses more than 1 MB (413), another type than text/csv (415), no request_key (422) and bytes that are not UTF-8 (415)", async () => {
    const buyer = await funded("Buyer", 5000);
    const big = await postFile(
      buyer,
      csvOf(3, () => ({ task_detail: "x".repeat(400_000) })),
    );
    expect(big.status).toBe(413);
    expect(big.body.error!.message).toContain("larger than 1 MB");
    for (const type of ["text/plain", "application/json", "multipart/form-data; boundary=x"])
      expect((await postFile(buyer, csvOf(1), crypto.randomUUID(), type)).status).toBe(415);
    // a charset parameter is the same type
    expect((await postFile(buyer, csvOf(1), crypto.randomUUID(), "text/csv; charset=utf-8")).status).toBe(201);
    const keyless = await postFile(buyer, csvOf(1), null);
    expect(keyless.status).toBe(422);
    expect(keyless.body.error!.fields!.request_key).toEqual(["request_key is required"]);
    const latin1 = new TextEncoder().encode(csvOf(1, () => ({ task_title: "Caf?" })));
    latin1[latin1.indexOf("?".charCodeAt(0))] = 0xe9;
    expect((await postFile(buyer, latin1)).status).toBe(415);
    expect(await liveTasks(buyer.id)).toBe(1);
    expect(await holds([buyer.id])).toBe(true);
  });

  it("serves the template, which posts back as two tasks", async () => {
    const buyer = await funded("Buyer", 200);
    const res = await call("/task-batches/template", { headers: { Authorization: `Bearer ${buyer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const posted = await postFile(buyer, new Uint8Array(await res.arrayBuffer()));
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ tasks: 2, coins: 130 });
  });
});
