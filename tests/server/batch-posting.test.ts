// Batch posting (docs/product/batch-posting.md): the template, the file's limits, the preview, and "Post all" as
// one atomic batch through the page, as a browser without JavaScript sends it.
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import {
  balance,
  BASE,
  call,
  expectCountersAgree,
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
} from "./fixtures";
import { BATCH_COLUMNS } from "~/lib/task-batch";

const PAGE = "/dashboard/batchtasks";

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
    expect(html).not.toContain("rows have errors");
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
    expect(html).toContain("Minimum amount is 1");
    expect(html).toContain("Category is required");
    expect(html).not.toContain("Post all");

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
    expect(html).toContain(`${costOf(10) - 20} coins are missing`);
    expect(html).toContain('href="/dashboard/purchasecoin"');

    const res = await postAll(buyer, draft);
    expect(flashOf(res)).toMatchObject({ type: "error", title: "Not available Coin" });
    expect(flashOf(res)!.message).toContain(`${costOf(10) - 20} coins are missing`);
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
        "SELECT min_approval_rate FROM task_requirements JOIN tasks ON tasks.id = task_id WHERE buyer_id = ?",
        buyer.id,
      ),
    ).toEqual({ min_approval_rate: 80 });
    expect(await holds([buyer.id])).toBe(true);
    await expectCountersAgree();

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
