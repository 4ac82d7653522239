// Payouts an admin can account for (docs/product/coins.md, "Withdrawing"): marking a withdrawal paid records the
// payout's reference, which the worker sees; the admins' queue shows each worker's risk signals before the charts;
// the worker's Withdrawals page shows taka beside dollars at the rate an admin set, dated.
import { describe, expect, it } from "vitest";
import encodePng from "@jsquash/png/encode";
import { init as initPng } from "@jsquash/png/decode";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import {
  adminWorld,
  auditRows,
  env,
  expectError,
  expectText,
  funded,
  jsPost,
  pageHtml,
  pendingWithdrawal,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  taskOf,
  type TestUser,
} from "./fixtures";
import { PAYOUT_REFERENCE_REQUIRED } from "~/lib/schemas/fields";
import { TAKA_RATE_INVALID } from "~/lib/schemas/admin";
import { blockWorker } from "~/server/services/blocks.server";
import { storeImage } from "~/server/services/images.server";
import { startTask } from "~/server/services/slots.server";
import { createSubmission } from "~/server/services/submissions.server";
import { takaRate } from "~/server/services/currency-rates.server";

const ADMIN_HOME = "/dashboard/adminhome";

const reference = (id: string) =>
  row<{ status: string; payout_reference: string | null }>(
    "SELECT status, payout_reference FROM withdrawals WHERE id = ?",
    id,
  );

describe("the payout's reference", () => {
  it("is asked for when an admin marks a withdrawal paid; without it nothing is paid", async () => {
    const w = await adminWorld();
    const { request } = await pendingWithdrawal(w);
    for (const fields of [{}, { payout_reference: "   " }] as Record<string, string>[]) {
      const res = await jsPost(ADMIN_HOME, { intent: "approve", id: request.id, ...fields }, w.admin.cookie);
      expect(res.status).toBe(422);
      expectText(res.text, [PAYOUT_REFERENCE_REQUIRED]);
    }
    expect(await reference(request.id)).toEqual({ status: "pending", payout_reference: null });
    expect(await auditRows(request.id)).toHaveLength(0);
  });

  it("is stored with the approval, audited, told to the worker and shown on their Withdrawals page", async () => {
    const w = await adminWorld();
    const { worker, request } = await pendingWithdrawal(w, 400);
    const res = await postForm(
      ADMIN_HOME,
      { intent: "approve", id: request.id, payout_reference: " 9KX4TQ2ZP1 " },
      w.admin.cookie,
    );
    expect(res.status).toBe(302);
    expect(await reference(request.id)).toEqual({ status: "approved", payout_reference: "9KX4TQ2ZP1" });
    expect(await auditRows(request.id)).toEqual([
      expect.objectContaining({ action: "withdrawal.approve", detail: "400 coins ($20.00), reference 9KX4TQ2ZP1" }),
    ]);
    const note = await row<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC LIMIT 1",
      worker.id,
    );
    expect(note?.message).toBe("Your withdrawal of $20.00 was approved. Payout reference: 9KX4TQ2ZP1.");
    const page = await pageHtml("/dashboard/withdraw", worker.cookie);
    expectText(page.text, ['data-testid="payout-reference"', "9KX4TQ2ZP1"]);
  });

  it("is taken by PATCH /withdraw and answered by GET /withdraw; the original client's approval without one still works", async () => {
    const w = await adminWorld();
    const [a, b] = [await pendingWithdrawal(w), await pendingWithdrawal(w)];
    const withRef = await rest("PATCH", `/withdraw?id=${a.request.id}`, w.admin.token, {
      payout_reference: "FT26332ABC12",
    });
    expect(withRef.status).toBe(200);
    const without = await rest("PATCH", `/withdraw?id=${b.request.id}`, w.admin.token);
    expect(without.status).toBe(200);
    const [mine] = (await rest<{ payout_reference: string | null }[]>("GET", "/withdraw", a.worker.token)).body;
    expect(mine?.payout_reference).toBe("FT26332ABC12");
    const [theirs] = (await rest<{ payout_reference: string | null }[]>("GET", "/withdraw", b.worker.token)).body;
    expect(theirs?.payout_reference).toBeNull();
    // too long: refused, nothing changes
    const c = await pendingWithdrawal(w);
    expectError(
      await rest("PATCH", `/withdraw?id=${c.request.id}`, w.admin.token, { payout_reference: "x".repeat(65) }),
      422,
    );
    expect((await reference(c.request.id))?.status).toBe("pending");
  });
});

let pngReady: Promise<unknown> | null = null;
/** A small PNG of a pattern of its own (the same bytes twice are a copy). */
async function patternPng(seed: number) {
  pngReady ??= initPng(pngWasm);
  await pngReady;
  const [w, h] = [64, 48];
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = (Math.sin((x + seed) / 5) * Math.cos((y * seed) / 40) + 1) * 120;
      data.set([v, 255 - v, (x * 4) % 255, 255], (y * w + x) * 4);
    }
  return new Uint8Array(await encodePng({ width: w, height: h, data, colorSpace: "srgb" } as ImageData));
}

async function proofWithImage(worker: TestUser, taskId: string, bytes: Uint8Array) {
  const user = await sessionUser(worker.id);
  await startTask(env, user, taskId);
  const { url } = await storeImage(env, new File([new Uint8Array(bytes)], "proof.png"));
  return createSubmission(env, user, { task_id: taskId, submission_details: "done", submission_image_url: url });
}

describe("the admins' payout queue", () => {
  it("shows each worker's risk signals: account age, blocks by buyers, copied-proof flags", async () => {
    const w = await adminWorld();
    const { worker, request } = await pendingWithdrawal(w);
    const clean = await pendingWithdrawal(w);
    // two buyers block the worker; the worker's proof copies another worker's on a third buyer's task
    const [b1, b2, b3] = await Promise.all([funded("Buyer", 100), funded("Buyer", 100), funded("Buyer", 300)]);
    for (const b of [b1, b2]) await blockWorker(env, await sessionUser(b.id), { workerId: worker.id, reason: "spam" });
    const author = await registerUser("Worker");
    const image = await patternPng(Math.floor(Math.random() * 1000) + 3);
    await proofWithImage(author, (await taskOf(b3)).id, image);
    await proofWithImage(worker, (await taskOf(b3)).id, image);
    // the account made 3 days ago
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000 - 60_000, worker.id)
      .run();

    const page = await pageHtml(`${ADMIN_HOME}?page=1`, w.admin.cookie);
    const rowOf = (id: string) => {
      const start = page.text.indexOf(`data-testid="withdrawal-${id}"`);
      return start < 0 ? "" : page.text.slice(start, page.text.indexOf("</tr>", start));
    };
    // the queue is oldest first: find the page listing each request
    let risky = rowOf(request.id);
    let plain = rowOf(clean.request.id);
    for (let p = 2; (!risky || !plain) && p < 50; p++) {
      const next = await pageHtml(`${ADMIN_HOME}?page=${p}`, w.admin.cookie);
      const at = (id: string) => {
        const start = next.text.indexOf(`data-testid="withdrawal-${id}"`);
        return start < 0 ? "" : next.text.slice(start, next.text.indexOf("</tr>", start));
      };
      risky ||= at(request.id);
      plain ||= at(clean.request.id);
    }
    expectText(risky, ["Account 3 days old", "Blocked by 2 buyers", "1 copied-proof flag"]);
    expectText(plain, ["Account made today"]);
    expectText(plain, ["Blocked by", "copied-proof"], false);
  });

  it("comes before the charts on the page (a phone shows it first)", async () => {
    const w = await adminWorld();
    const page = await pageHtml(ADMIN_HOME, w.admin.cookie);
    const queue = page.text.indexOf('id="withdrawals-heading"');
    const charts = page.text.indexOf('id="charts-heading"');
    expect(queue).toBeGreaterThan(0);
    expect(charts).toBeGreaterThan(queue);
  });
});

describe("the taka rate", () => {
  it("is set by an admin (audited), refused when malformed, and refused to anyone else", async () => {
    const w = await adminWorld();
    for (const typed of ["", "abc", "0", "121.555"]) {
      const res = await jsPost(ADMIN_HOME, { intent: "taka_rate", taka_per_dollar: typed }, w.admin.cookie);
      expect(res.status, typed).toBe(422);
      expectText(res.text, [TAKA_RATE_INVALID]);
    }
    const worker = await registerUser("Worker");
    const buyer = await registerUser("Buyer");
    for (const u of [worker, buyer]) {
      const res = await postForm(ADMIN_HOME, { intent: "taka_rate", taka_per_dollar: "1" }, u.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/unauthorized");
    }
    // their "1" (100 hundredths) was not stored
    expect((await takaRate(env))?.perDollarHundredths).not.toBe(100);

    const ok = await jsPost(ADMIN_HOME, { intent: "taka_rate", taka_per_dollar: "121.5" }, w.admin.cookie);
    expect(ok.status).toBe(200);
    expectText(ok.text, ["Taka rate saved"]);
    const rate = await takaRate(env);
    expect(rate?.perDollarHundredths).toBe(12150);
    const entry = await row<{ actor_id: string; detail: string }>(
      "SELECT actor_id, detail FROM audit_log WHERE action = 'taka_rate.set' ORDER BY created_at DESC LIMIT 1",
    );
    expect(entry).toMatchObject({ actor_id: w.admin.id });
    expect(entry?.detail).toMatch(/^121\.50 BDT per USD/);
  });

  it("shows the worker's withdrawable amount in taka beside dollars, with the rate and its day", async () => {
    const w = await adminWorld();
    await jsPost(ADMIN_HOME, { intent: "taka_rate", taka_per_dollar: "120" }, w.admin.cookie);
    const worker = await funded("Worker", 500);
    const page = await pageHtml("/dashboard/withdraw", worker.cookie);
    // 500 coins are $25.00: 3,000 taka at 120.00
    expectText(page.text, ["$25.00", "≈ ৳3,000.00", "at ৳120.00 per $1, set"]);
  });
});
