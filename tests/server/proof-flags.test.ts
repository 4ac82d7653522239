// Checks on proof (docs/product/quality.md): the known-answer check (set on Add Task, answered with the proof, the
// expected answer never sent to a worker, a wrong answer flagged and "Reject flagged" rejecting through the ledger)
// and copied proof (a perceptual hash of each stored proof image; a near duplicate of another worker's proof on the
// same buyer's tasks of the last 90 days is flagged, naming it). Real local D1 and R2 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import encodeJpeg, { init as initJpegEncoder } from "@jsquash/jpeg/encode";
import encodePng from "@jsquash/png/encode";
import { init as initPng } from "@jsquash/png/decode";
import jpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import {
  env,
  expectError,
  funded,
  getPage,
  holds,
  htmlOf,
  jsPost,
  postForm,
  registerUser,
  rest,
  row,
  sessionUser,
  taskFields,
  taskOf,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { storeImage } from "~/server/services/images.server";
import { createSubmission } from "~/server/services/submissions.server";
import { startTask } from "~/server/services/slots.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { differenceHash, hammingDistance, perceptualHash } from "~/server/services/proof-hash.server";
import { COPY_WINDOW_DAYS, NEAR_DUPLICATE_BITS } from "~/server/services/proof-flags.server";
import { REJECT_FLAGGED, WRONG_ANSWER_REASON } from "~/lib/proof-flags";

const EXPECTED = `Teal-${uniqueToken()}`;

/** A task with a check question whose expected answer is EXPECTED (ignoring case), posted through Add Task. */
async function taskWithCheck(buyer: TestUser, match = "ignore_case") {
  const title = `Checked ${uniqueToken()}`;
  const posted = await postForm(
    "/dashboard/addtask",
    taskFields({
      task_title: title,
      required_workers: "4",
      check_question: "What colour is the logo?",
      check_match: match,
      check_answer: EXPECTED,
    }),
    buyer.cookie,
  );
  expect(posted.status).toBe(302);
  return (await row<{ id: string }>("SELECT id FROM tasks WHERE task_title = ?", title))!.id;
}

describe("known-answer check", () => {
  it("refuses a question without an expected answer, or an answer not among the choices, changing nothing", async () => {
    const buyer = await funded("Buyer", 200);
    const title = `No answer ${uniqueToken()}`;
    const bad = await jsPost(
      "/dashboard/addtask",
      taskFields({ task_title: title, check_question: "Which city?", check_answer: "" }),
      buyer.cookie,
    );
    expect(bad.text).toContain("Give the expected answer of the check question");
    const choice = await rest("POST", "/tasks", buyer.token, {
      ...Object.fromEntries(Object.entries(taskFields({ task_title: title }))),
      required_workers: 1,
      payable_amount: 2,
      check_question: "Which city?",
      check_match: "choice",
      check_choices: "Paris\nRome",
      check_answer: "Oslo",
    });
    expectError(choice, 422, "validation_failed");
    expect(JSON.stringify(choice.body)).toContain("The expected answer must be one of the choices");
    expect(await row("SELECT 1 FROM tasks WHERE task_title = ?", title)).toBeNull();
  });

  it("never sends the expected answer to a worker: the task's page, its data and the review step", async () => {
    const buyer = await funded("Buyer", 200);
    const taskId = await taskWithCheck(buyer);
    const worker = await registerUser("Worker");
    await startTask(env, await sessionUser(worker.id), taskId);
    const page = await htmlOf(await getPage(`/dashboard/tasklist/${taskId}`, worker.cookie));
    expect(page).toContain("What colour is the logo?");
    expect(page).toContain('name="check_answer"');
    expect(page).not.toContain(EXPECTED);
    const data = await (await getPage(`/dashboard/tasklist/${taskId}.data`, worker.cookie)).text();
    expect(data).toContain("What colour is the logo?");
    expect(data).not.toContain(EXPECTED);
    const review = await jsPost(
      `/dashboard/tasklist/${taskId}`,
      { submission_details: "done", check_answer: "red", step: "review" },
      worker.cookie,
    );
    expect(review.text).toContain("red");
    expect(review.text).not.toContain(EXPECTED);
    const listed = await rest("GET", `/tasks2?q=${encodeURIComponent("Checked")}`, worker.token);
    expect(JSON.stringify(listed.body)).not.toContain(EXPECTED);
    // the buyer edits it on Update Task
    expect(await htmlOf(await getPage(`/dashboard/updatetask/${taskId}`, buyer.cookie))).toContain(EXPECTED);
  });

  it("requires an answer, flags a wrong one, and Reject flagged rejects those through the ledger, appealable", async () => {
    const buyer = await funded("Buyer", 200);
    const taskId = await taskWithCheck(buyer);
    const [wrong, right, blank] = await Promise.all([
      registerUser("Worker", `Wrong ${uniqueToken()}`),
      registerUser("Worker", `Right ${uniqueToken()}`),
      registerUser("Worker"),
    ]);
    const missing = await rest("POST", "/submission", blank.token, { task_id: taskId, submission_details: "done" });
    expectError(missing, 422, "validation_failed");
    expect(JSON.stringify(missing.body)).toContain("Answer the check question");
    expect(await row("SELECT 1 FROM submissions WHERE worker_id = ?", blank.id)).toBeNull();

    const bad = await rest("POST", "/submission", wrong.token, {
      task_id: taskId,
      submission_details: "done",
      check_answer: "orange",
    });
    expect(bad.status).toBe(201);
    // the page's form, in any case: right
    await startTask(env, await sessionUser(right.id), taskId);
    const good = await postForm(
      `/dashboard/tasklist/${taskId}`,
      { submission_details: "done", check_answer: EXPECTED.toUpperCase(), step: "send" },
      right.cookie,
    );
    expect(good.status).toBe(302);

    const home = await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie));
    expect(home).toContain("Wrong check answer:");
    expect(home).toContain("“orange”");
    expect(home).toContain("1 submission has a wrong check answer.");
    expect(home.match(/data-testid="flag-wrong-answer"/g)).toHaveLength(1);

    const ids = [buyer.id, wrong.id, right.id];
    expect(await holds(ids)).toBe(true);
    const rejected = await jsPost("/dashboard/buyerhome", { intent: REJECT_FLAGGED, id: "flagged" }, buyer.cookie);
    expect(rejected.text).toContain("1 flagged submission rejected");
    const statuses = await env.DB.prepare(
      "SELECT worker_id, status, reject_reason FROM submissions WHERE task_id = ? ORDER BY worker_id",
    )
      .bind(taskId)
      .all<{ worker_id: string; status: string; reject_reason: string | null }>();
    const byWorker = new Map(statuses.results.map((r) => [r.worker_id, r]));
    expect(byWorker.get(wrong.id)).toMatchObject({ status: "rejected", reject_reason: WRONG_ANSWER_REASON });
    expect(byWorker.get(right.id)).toMatchObject({ status: "pending" });
    // the slot went back to the task, the coins stayed where they were
    expect((await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", taskId))!.n).toBe(3);
    expect(await holds(ids)).toBe(true);
    // a rejection like any other: the worker may appeal
    const appeal = await fileAppeal(env, await sessionUser(wrong.id), bad.body._id, "My answer was right.");
    expect(appeal).toBeTruthy();
    // nothing left to reject
    expect(await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie))).not.toContain("wrong check answer.");
  });
});

/** A picture of `seed`'s own: soft blobs of light and dark on a gradient, w x h pixels, RGBA. */
function picture(seed: number, w: number, h: number): ImageData {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const blobs = Array.from({ length: 8 }, () => ({ x: random(), y: random(), r: 0.1 + random() * 0.25, v: random() }));
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let grey = 60 + (120 * x) / w;
      for (const b of blobs) {
        const d = Math.hypot(x / w - b.x, y / h - b.y);
        if (d < b.r) grey += (b.v - 0.5) * 200 * (1 - d / b.r);
      }
      const i = (y * w + x) * 4;
      data.set([grey, grey * 0.8 + 20, 255 - grey, 255], i);
    }
  return { width: w, height: h, data, colorSpace: "srgb" } as ImageData;
}

/** The picture shrunk to w x h by averaging (a resized copy). */
function shrink(src: ImageData, w: number, h: number): ImageData {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        let n = 0;
        for (let sy = Math.floor((y * src.height) / h); sy < Math.floor(((y + 1) * src.height) / h); sy++)
          for (let sx = Math.floor((x * src.width) / w); sx < Math.floor(((x + 1) * src.width) / w); sx++) {
            sum += src.data[(sy * src.width + sx) * 4 + c]!;
            n++;
          }
        data[(y * w + x) * 4 + c] = sum / n;
      }
  return { width: w, height: h, data, colorSpace: "srgb" } as ImageData;
}

let encoders: Promise<unknown> | null = null;
async function png(image: ImageData) {
  encoders ??= Promise.all([initPng(pngWasm), initJpegEncoder(jpegEncoderWasm)]);
  await encoders;
  return new Uint8Array(await encodePng(image));
}
async function jpeg(image: ImageData, quality: number) {
  await png(picture(1, 2, 2)); // the encoders are ready
  return new Uint8Array(await encodeJpeg(image, { quality }));
}

/** A stored upload of these bytes, as a proof form or POST /images stores it. */
async function uploaded(bytes: Uint8Array, name: string) {
  return (await storeImage(env, new File([new Uint8Array(bytes)], name))).url;
}

async function proofBy(worker: TestUser, taskId: string, bytes: Uint8Array, name = "proof.png") {
  const user = await sessionUser(worker.id);
  await startTask(env, user, taskId);
  return createSubmission(env, user, {
    task_id: taskId,
    submission_details: "done",
    submission_image_url: await uploaded(bytes, name),
  });
}

const copyOf = async (submissionId: string) =>
  (await row<{ copy_of: string | null }>("SELECT copy_of FROM proof_hashes WHERE submission_id = ?", submissionId))
    ?.copy_of ?? null;

describe("copied proof", () => {
  it("hashes a resized, recompressed copy within the threshold and an unrelated picture far from it", async () => {
    const original = picture(7, 320, 240);
    const a = await perceptualHash(await png(original));
    const b = await perceptualHash(await jpeg(shrink(original, 160, 120), 40));
    const c = await perceptualHash(await png(picture(99, 320, 240)));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(a!, b!)).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
    expect(hammingDistance(a!, c!)).toBeGreaterThan(NEAR_DUPLICATE_BITS * 3);
    // the hash of pixels, not of bytes: the same picture as PNG and as pixels agree
    expect(differenceHash(original)).toBe(a);
    // a GIF is not read: no hash, no flag
    expect(await perceptualHash(new TextEncoder().encode("GIF89a........"))).toBeNull();
  });

  it("flags a near duplicate of another worker's proof on the same buyer's tasks, naming it; not an unrelated one", async () => {
    const buyer = await funded("Buyer", 300);
    const [first, second] = [await taskOf(buyer), await taskOf(buyer)];
    const authorName = `Author ${uniqueToken()}`;
    const [author, copier, honest] = await Promise.all([
      registerUser("Worker", authorName),
      registerUser("Worker", `Copier ${uniqueToken()}`),
      registerUser("Worker", `Honest ${uniqueToken()}`),
    ]);
    const seed = 1000 + Math.floor(Math.random() * 1000);
    const original = picture(seed, 300, 200);
    const own = await proofBy(author, first.id, await png(original));
    const copied = await proofBy(copier, second.id, await jpeg(shrink(original, 150, 100), 50), "copy.jpg");
    const unrelated = await proofBy(honest, second.id, await png(picture(seed + 7, 300, 200)));
    expect(await copyOf(own.id)).toBeNull();
    expect(await copyOf(copied.id)).toBe(own.id);
    expect(await copyOf(unrelated.id)).toBeNull();

    const home = await htmlOf(await getPage(`/dashboard/buyerhome?task=${second.id}`, buyer.cookie));
    expect(home).toContain("Image like another worker");
    expect(home.match(/data-testid="flag-copied-proof"/g)).toHaveLength(1);
    expect(home).toContain(authorName);
  });

  it("compares neither another buyer's proof nor proof older than 90 days", async () => {
    const [buyer, other] = await Promise.all([funded("Buyer", 300), funded("Buyer", 300)]);
    const [mine, theirs] = [await taskOf(buyer), await taskOf(other)];
    const [w1, w2, w3] = await Promise.all([registerUser("Worker"), registerUser("Worker"), registerUser("Worker")]);
    const original = picture(5000 + Math.floor(Math.random() * 1000), 300, 200);
    const elsewhere = await proofBy(w1, theirs.id, await png(original));
    const old = await proofBy(w2, mine.id, await png(original));
    expect(await copyOf(old.id)).toBeNull();
    // the first proof on my tasks is older than the window
    await env.DB.prepare("UPDATE proof_hashes SET created_at = ? WHERE submission_id = ?")
      .bind(Date.now() - (COPY_WINDOW_DAYS + 1) * 86_400_000, old.id)
      .run();
    const later = await proofBy(w3, mine.id, await jpeg(original, 60), "again.jpg");
    expect(await copyOf(later.id)).toBeNull();
    expect(elsewhere.id).not.toBe(later.id);
    // within the window it would have been caught: the same PNG is 0 bits from it, and of equally near proofs the
    // oldest is named (a JPEG again would be 0 bits from `later`, which then wins whenever the PNG's hash differs)
    await env.DB.prepare("UPDATE proof_hashes SET created_at = ? WHERE submission_id = ?")
      .bind(Date.now() - 86_400_000, old.id)
      .run();
    const again = await proofBy(await registerUser("Worker"), mine.id, await png(original));
    expect(await copyOf(again.id)).toBe(old.id);
  });

  it("finds candidates through the band indexes, not a scan of the buyer's images", async () => {
    const plans = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT submission_id FROM proof_hashes WHERE buyer_id = ? AND band2 = ? AND created_at >= ?",
    )
      .bind("b", 1, 0)
      .all<{ detail: string }>();
    expect(plans.results.map((r) => r.detail).join(" ")).toMatch(/USING (COVERING )?INDEX proof_hashes_band2_idx/);
  });
});
