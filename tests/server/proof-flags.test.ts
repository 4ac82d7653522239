// Checks on proof (docs/product/quality.md): the known-answer check (set on Add Task, answered with the proof, the
// expected answer never sent to a worker, a wrong answer flagged and "Reject flagged" rejecting through the ledger;
// an edit answers it again and is judged again) and copied proof (a perceptual hash of each stored proof image and a
// fingerprint of each proof text; a near duplicate of another worker's earlier proof on the same buyer's tasks of the
// 90 days before is flagged, naming the earliest; an edit or a withdrawal has every flag judged again). Real local D1
// and R2 through the Worker's fetch; images and texts generated here.
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
  submissionBy,
  taskFields,
  taskOf,
  uniqueToken,
  type TestUser,
  withoutScripts,
} from "./fixtures";
import { storeImage } from "~/server/services/images.server";
import { createSubmission, editSubmission, withdrawSubmission } from "~/server/services/submissions.server";
import { startTask } from "~/server/services/slots.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { requestRevision } from "~/server/services/revisions.server";
import { differenceHash, hammingDistance, perceptualHash } from "~/server/services/proof-hash.server";
import { COPY_WINDOW_DAYS, NEAR_DUPLICATE_BITS } from "~/server/services/copied-proof.server";
import { textFingerprint } from "~/server/services/proof-text.server";
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
    expect(withoutScripts(await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie)))).not.toContain(
      "wrong check answer.",
    );
  });
});

describe("a revision can fix what was flagged", () => {
  it("offers the check question again with the answer given, shows it, and judges the new answer", async () => {
    const buyer = await funded("Buyer", 200);
    const taskId = await taskWithCheck(buyer);
    const worker = await registerUser("Worker");
    const sent = await rest("POST", "/submission", worker.token, {
      task_id: taskId,
      submission_details: "done",
      check_answer: "orange",
    });
    expect(sent.status).toBe(201);
    const id = sent.body._id as string;
    const page = `/dashboard/mysubmissions/${id}`;
    const before = await htmlOf(await getPage(page, worker.cookie));
    // "What you sent" shows the answer; the change form asks the question again, with it
    expect(before).toMatch(/data-testid="check-answer-sent"[^]*What colour is the logo\?[^]*orange/);
    expect(before).toMatch(
      /<input[^>]*name="check_answer"[^>]*value="orange"|<input[^>]*value="orange"[^>]*name="check_answer"/,
    );
    expect(before).not.toContain(EXPECTED);
    expect(await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie))).toContain("Wrong check answer:");

    await requestRevision(env, await sessionUser(buyer.id), id, "Look at the logo again.");
    // a blank answer is refused, and changes nothing
    const blank = await jsPost(
      page,
      { intent: "edit", submission_details: "Looked again.", step: "send" },
      worker.cookie,
    );
    expect(blank.text).toContain("Answer the check question");
    expect(await row("SELECT edited_at FROM submissions WHERE id = ?", id)).toEqual({ edited_at: null });
    // the review step shows the new answer; sending it is the resubmission
    const review = await postForm(
      page,
      { intent: "edit", submission_details: "Looked again.", check_answer: EXPECTED.toLowerCase(), step: "review" },
      worker.cookie,
    );
    expect(await htmlOf(review, true)).toContain(
      `Your answer to the check question: <span class="font-semibold">${EXPECTED.toLowerCase()}`,
    );
    const fixed = await postForm(
      page,
      { intent: "edit", submission_details: "Looked again.", check_answer: EXPECTED.toLowerCase(), step: "send" },
      worker.cookie,
    );
    expect(fixed.status).toBe(302);
    expect(await row("SELECT answer, correct FROM submission_check_answers WHERE submission_id = ?", id)).toEqual({
      answer: EXPECTED.toLowerCase(),
      correct: 1,
    });
    const home = await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie));
    expect(withoutScripts(home)).not.toContain("Wrong check answer:");
    expect(withoutScripts(home)).not.toContain("wrong check answer.");
    // "Reject flagged" leaves the corrected work alone
    await jsPost("/dashboard/buyerhome", { intent: REJECT_FLAGGED, id: "flagged" }, buyer.cookie);
    expect(await row("SELECT status FROM submissions WHERE id = ?", id)).toEqual({ status: "pending" });
    expect(await htmlOf(await getPage(page, worker.cookie))).toMatch(
      new RegExp(`data-testid="check-answer-sent"[^]*${EXPECTED.toLowerCase()}`),
    );

    // changed to a wrong answer again: flagged again, and "Reject flagged" rejects it
    await postForm(
      page,
      { intent: "edit", submission_details: "Looked again.", check_answer: "red", step: "send" },
      worker.cookie,
    );
    expect(await htmlOf(await getPage("/dashboard/buyerhome", buyer.cookie))).toContain("“red”");
    await jsPost("/dashboard/buyerhome", { intent: REJECT_FLAGGED, id: "flagged" }, buyer.cookie);
    expect(await row("SELECT status FROM submissions WHERE id = ?", id)).toEqual({ status: "rejected" });
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

/**
 * A screenshot of `seed`'s own: a white page under a blue bar, lines of grey words of varying length, a green
 * button. Screenshots of one layout are alike, and mostly flat: the hard case for a perceptual hash.
 */
function screenshot(seed: number, w: number, h: number): ImageData {
  let s = seed;
  const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const data = new Uint8ClampedArray(w * h * 4).fill(255);
  const box = (x0: number, y0: number, x1: number, y1: number, rgb: number[]) => {
    for (let y = Math.round(y0 * h); y < Math.round(y1 * h); y++)
      for (let x = Math.round(x0 * w); x < Math.round(x1 * w); x++) data.set([...rgb, 255], (y * w + x) * 4);
  };
  box(0, 0, 1, 0.08, [40, 90, 200]);
  for (let line = 0.14; line < 0.9; line += 0.035 + random() * 0.03) {
    const indent = 0.05 + (random() < 0.2 ? 0.05 : 0);
    const end = indent + 0.3 + random() * 0.6;
    for (let x = indent; x < end;) {
      const word = 0.02 + random() * 0.06;
      box(x, line, Math.min(x + word, end), line + 0.015, [70, 70, 70]);
      x += word + 0.012;
    }
  }
  box(0.6 + random() * 0.2, 0.9, 0.95, 0.96, [30, 160, 90]);
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

/** The picture at 70 % of its size (a resized copy). */
const at70 = (src: ImageData) => shrink(src, Math.round(src.width * 0.7), Math.round(src.height * 0.7));

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

async function proofBy(worker: TestUser, taskId: string, bytes: Uint8Array, name = "proof.png", text = "done") {
  const user = await sessionUser(worker.id);
  await startTask(env, user, taskId);
  return createSubmission(env, user, {
    task_id: taskId,
    submission_details: text,
    submission_image_url: await uploaded(bytes, name),
  });
}

/** The worker's edit of their pending proof, through the service the page's form calls. */
async function edit(worker: TestUser, submissionId: string, text: string, imageUrl: string | null) {
  return editSubmission(env, await sessionUser(worker.id), submissionId, {
    submission_details: text,
    submission_image_url: imageUrl ?? "",
  });
}

const copyOf = async (submissionId: string) =>
  (await row<{ copy_of: string | null }>("SELECT copy_of FROM proof_images WHERE submission_id = ?", submissionId))
    ?.copy_of ?? null;
const textCopyOf = async (submissionId: string) =>
  (await row<{ copy_of: string | null }>("SELECT copy_of FROM proof_texts WHERE submission_id = ?", submissionId))
    ?.copy_of ?? null;
const seedOf = (base: number) => base + Math.floor(Math.random() * 1000);
const hashOf = async (bytes: Uint8Array) => (await perceptualHash(bytes))!;

describe("copied proof: images", () => {
  it.each([
    ["a picture", (seed: number) => picture(seed, 300, 200)],
    ["a phone screenshot", (seed: number) => screenshot(seed, 390, 844)],
    ["a desktop screenshot", (seed: number) => screenshot(seed, 1440, 900)],
  ] as const)(
    "hashes %s resized to 70 %% and saved as JPEG quality 60 near it; others of its kind far",
    async (_, make) => {
      for (let seed = 1; seed <= 4; seed++) {
        const original = make(seed * 97);
        const own = await hashOf(await png(original));
        expect(own).toMatch(/^[0-9a-f]{32}$/);
        const copy = await hashOf(await jpeg(at70(original), 60));
        expect(hammingDistance(own, copy), `seed ${seed}: the copy`).toBeLessThanOrEqual(NEAR_DUPLICATE_BITS);
        // another of the same kind (a screenshot of the same layout) is far beyond the threshold
        const other = await hashOf(await png(make(seed * 97 + 5)));
        expect(hammingDistance(own, other), `seed ${seed}: another`).toBeGreaterThan(NEAR_DUPLICATE_BITS + 4);
      }
    },
  );

  it("hashes pixels, not bytes, and reads no GIF", async () => {
    // the same picture as PNG and as pixels agree
    const original = picture(7, 320, 240);
    expect(differenceHash(original)).toBe(await hashOf(await png(original)));
    // a GIF is not read: no hash, no flag
    expect(await perceptualHash(new TextEncoder().encode("GIF89a........"))).toBeNull();
  });

  it("flags a 70 %, quality 60 copy of another worker's screenshot on the same buyer's tasks, naming it", async () => {
    const buyer = await funded("Buyer", 300);
    const [first, second] = [await taskOf(buyer), await taskOf(buyer)];
    const authorName = `Author ${uniqueToken()}`;
    const [author, copier, honest] = await Promise.all([
      registerUser("Worker", authorName),
      registerUser("Worker", `Copier ${uniqueToken()}`),
      registerUser("Worker", `Honest ${uniqueToken()}`),
    ]);
    const seed = seedOf(1000);
    const original = screenshot(seed, 390, 844);
    const own = await proofBy(author, first.id, await png(original));
    const copied = await proofBy(copier, second.id, await jpeg(at70(original), 60), "copy.jpg");
    const unrelated = await proofBy(honest, second.id, await png(screenshot(seed + 7, 390, 844)));
    expect(await copyOf(own.id)).toBeNull();
    expect(await copyOf(copied.id)).toBe(own.id);
    expect(await copyOf(unrelated.id)).toBeNull();

    const home = await htmlOf(await getPage(`/dashboard/buyerhome?task=${second.id}`, buyer.cookie));
    expect(home).toContain("Image like another worker");
    expect(home.match(/data-testid="flag-copied-proof"/g)).toHaveLength(1);
    expect(home).toContain(authorName);
  });

  it("never blames the original: its edits that keep the image (or send it again) leave the flag on the copy", async () => {
    const buyer = await funded("Buyer", 300);
    const task = await taskOf(buyer);
    const [author, copier] = await Promise.all([registerUser("Worker"), registerUser("Worker")]);
    const original = picture(seedOf(3000), 300, 200);
    const own = await proofBy(author, task.id, await png(original));
    const copied = await proofBy(copier, task.id, await jpeg(at70(original), 60), "copy.jpg");
    expect(await copyOf(copied.id)).toBe(own.id);

    // the author changes the text and keeps the image
    await edit(author, own.id, "Done, with the details you asked for.", own.submissionImageUrl);
    expect(await copyOf(own.id)).toBeNull();
    expect(await copyOf(copied.id)).toBe(own.id);
    // a revision: the buyer asks, the author sends the same picture again as a new upload
    await requestRevision(env, await sessionUser(buyer.id), own.id, "Please crop it to the receipt.");
    await edit(author, own.id, "The same photo, sent again.", await uploaded(await png(original), "again.png"));
    expect(await copyOf(own.id)).toBeNull();
    expect(await copyOf(copied.id)).toBe(own.id);
    // the copy's flag shows when the original was first sent
    const first = await row<{ first_at: number }>("SELECT first_at FROM proof_images WHERE submission_id = ?", own.id);
    expect(first!.first_at).toBe(own.createdAt);
  });

  it("judges again when proof changes: a new image is compared as new, a withdrawn original passes the flag on", async () => {
    const buyer = await funded("Buyer", 300);
    const task = await taskOf(buyer, { required_workers: 5 });
    const [a, b, c, d] = await Promise.all([
      registerUser("Worker"),
      registerUser("Worker"),
      registerUser("Worker"),
      registerUser("Worker"),
    ]);
    const original = picture(seedOf(5000), 300, 200);
    const first = await proofBy(a, task.id, await png(original));
    const second = await proofBy(b, task.id, await jpeg(at70(original), 60), "b.jpg");
    const third = await proofBy(c, task.id, await jpeg(original, 70), "c.jpg");
    expect([await copyOf(second.id), await copyOf(third.id)]).toEqual([first.id, first.id]);

    // the first worker withdraws: the second is now the earliest, and the third copies it
    await withdrawSubmission(env, await sessionUser(a.id), first.id);
    expect(await row("SELECT 1 FROM proof_images WHERE submission_id = ?", first.id)).toBeNull();
    expect(await copyOf(second.id)).toBeNull();
    expect(await copyOf(third.id)).toBe(second.id);

    // a worker whose own picture came first, who then sends the copied one instead, is the copier: it is new
    const own = await proofBy(d, task.id, await png(picture(seedOf(6000), 300, 200)));
    await edit(d, own.id, "done", await uploaded(await png(original), "swapped.png"));
    expect(await copyOf(own.id)).toBe(second.id);
    // the second worker removes their image: the third is the earliest now, and the fourth copies it
    await edit(b, second.id, "done", null);
    expect(await row("SELECT 1 FROM proof_images WHERE submission_id = ?", second.id)).toBeNull();
    expect(await copyOf(third.id)).toBeNull();
    expect(await copyOf(own.id)).toBe(third.id);
  });

  it("compares neither another buyer's proof nor proof of more than 90 days before", async () => {
    const [buyer, other] = await Promise.all([funded("Buyer", 300), funded("Buyer", 300)]);
    const [mine, theirs] = [await taskOf(buyer), await taskOf(other)];
    const [w1, w2, w3] = await Promise.all([registerUser("Worker"), registerUser("Worker"), registerUser("Worker")]);
    const original = picture(seedOf(7000), 300, 200);
    const elsewhere = await proofBy(w1, theirs.id, await png(original));
    const old = await proofBy(w2, mine.id, await png(original));
    expect(await copyOf(old.id)).toBeNull();
    // the first proof on my tasks is older than the window
    await env.DB.prepare("UPDATE proof_images SET first_at = ? WHERE submission_id = ?")
      .bind(Date.now() - (COPY_WINDOW_DAYS + 1) * 86_400_000, old.id)
      .run();
    const later = await proofBy(w3, mine.id, await jpeg(original, 60), "again.jpg");
    expect(await copyOf(later.id)).toBeNull();
    expect(elsewhere.id).not.toBe(later.id);
    // within the window it would have been caught, and the earliest is named
    await env.DB.prepare("UPDATE proof_images SET first_at = ? WHERE submission_id = ?")
      .bind(Date.now() - 86_400_000, old.id)
      .run();
    const again = await proofBy(await registerUser("Worker"), mine.id, await png(original));
    expect(await copyOf(again.id)).toBe(old.id);
  });
});

const ORIGINAL_TEXT =
  "Tested the checkout on a Pixel 7 with Chrome: the coupon field accepts an expired code and the total drops to zero. Steps: add two items, open the cart, type SPRING24, press Apply.";
/** The same words in other case, spacing and punctuation. */
const SAME_TEXT =
  "tested the checkout on a pixel 7 with chrome - the coupon field accepts an expired code, and the total drops to zero!  steps: add two items; open the cart; type spring24; press apply";
/** A few words changed. */
const NEAR_TEXT =
  "Tested the checkout on my Pixel 7 with Chrome: the coupon field accepts an expired code and the total drops to zero. Steps: add two items, open the cart, type SPRING24 and press Apply.";
const OTHER_TEXT =
  "Tried the booking form on an iPad: the date picker opens behind the keyboard, so I could not choose a day. Steps: open Book, tap the date field, rotate the tablet.";
const linked = (n: number) => `Sheet completed and double-checked: https://docs.example.com/d/${n}`;

describe("copied proof: texts", () => {
  it("flags identical and nearly identical texts of other workers on one buyer's tasks, naming the earliest", async () => {
    const [buyer, other] = await Promise.all([funded("Buyer", 500), funded("Buyer", 300)]);
    const tasks = [await taskOf(buyer, { required_workers: 6 }), await taskOf(buyer, { required_workers: 6 })];
    const authorName = `Author ${uniqueToken()}`;
    const author = await registerUser("Worker", authorName);
    const [same, near, unrelated, elsewhere, shortA, shortB, linkA, linkB] = await Promise.all(
      Array.from({ length: 8 }, () => registerUser("Worker")),
    );
    const own = await submissionBy(author, tasks[0]!.id, ORIGINAL_TEXT);
    const copies = [
      await submissionBy(same, tasks[1]!.id, SAME_TEXT),
      await submissionBy(near, tasks[1]!.id, NEAR_TEXT),
    ];
    const honest = [
      await submissionBy(unrelated, tasks[1]!.id, OTHER_TEXT),
      // short texts say too little: never flagged
      await submissionBy(shortA, tasks[0]!.id, "done"),
      await submissionBy(shortB, tasks[1]!.id, "done"),
      await submissionBy(shortA, tasks[1]!.id, "Completed the survey. Code: CW-4821-77"),
      await submissionBy(shortB, tasks[0]!.id, "Completed the survey. Code: CW-4821-77"),
      // the same sentence around each worker's own link: different work
      await submissionBy(linkA, tasks[0]!.id, linked(4471)),
      await submissionBy(linkB, tasks[1]!.id, linked(9315)),
    ];
    // another buyer's task: never compared
    const theirs = await submissionBy(elsewhere, (await taskOf(other)).id, ORIGINAL_TEXT);
    expect(await textCopyOf(own.id)).toBeNull();
    for (const c of copies) expect(await textCopyOf(c.id)).toBe(own.id);
    for (const h of [...honest, theirs]) expect(await textCopyOf(h.id)).toBeNull();
    expect(textFingerprint("done")).toBeNull();

    const home = await htmlOf(await getPage(`/dashboard/buyerhome?task=${tasks[1]!.id}`, buyer.cookie));
    expect(home.match(/data-testid="flag-copied-text"/g)).toHaveLength(2);
    expect(home).toContain("Text like another worker");
    expect(home).toContain(authorName);
  });

  it("never blames the original: a typo fixed keeps it first; a text rewritten as another's is the copy", async () => {
    const buyer = await funded("Buyer", 300);
    const task = await taskOf(buyer, { required_workers: 4 });
    const [author, copier, later] = await Promise.all([
      registerUser("Worker"),
      registerUser("Worker"),
      registerUser("Worker"),
    ]);
    const own = await submissionBy(author, task.id, ORIGINAL_TEXT);
    const copied = await submissionBy(copier, task.id, NEAR_TEXT);
    expect(await textCopyOf(copied.id)).toBe(own.id);
    await edit(author, own.id, ORIGINAL_TEXT.replace("press Apply", "then press Apply"), null);
    expect(await textCopyOf(own.id)).toBeNull();
    expect(await textCopyOf(copied.id)).toBe(own.id);

    // a worker who first wrote something else and then sends the author's text is the copier
    const theirs = await submissionBy(later, task.id, OTHER_TEXT);
    expect(await textCopyOf(theirs.id)).toBeNull();
    await edit(later, theirs.id, ORIGINAL_TEXT, null);
    expect(await textCopyOf(theirs.id)).toBe(own.id);
  });

  it("finds candidates through the indexes of bands and of exact texts, not a scan of the buyer's proof", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind("b", 1, 0).all<{ detail: string }>()).results
        .map((r) => r.detail)
        .join(" ");
    const lookup = (table: string, key: string) =>
      `SELECT submission_id FROM ${table} WHERE buyer_id = ? AND ${key} = ? AND first_at >= ? ORDER BY first_at LIMIT 16`;
    expect(await plan(lookup("proof_images", "band5"))).toMatch(/USING (COVERING )?INDEX proof_images_band5_idx/);
    expect(await plan(lookup("proof_texts", "band2"))).toMatch(/USING (COVERING )?INDEX proof_texts_band2_idx/);
    expect(await plan(lookup("proof_texts", "exact"))).toMatch(/USING (COVERING )?INDEX proof_texts_exact_idx/);
  });
});
