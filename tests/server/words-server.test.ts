// What the server writes, in the person's language (docs/decisions/106-validation-and-refusals-in-two-languages.md):
// a page's form refused in Bengali for a Bengali reader while REST says the same refusal in English, e-mails and
// notifications in their recipient's language, and the task alerts' feed in its owner's.
import { describe, expect, it } from "vitest";
import {
  call,
  env,
  funded,
  htmlOf,
  jsPost,
  lastMailTo,
  linkIn,
  makeAdmin,
  PASSWORD,
  postForm,
  registerUser,
  rest,
  sessionUser,
  taskFields,
  uniqueEmail,
} from "./fixtures";
import { register } from "~/server/services/accounts.server";
import { adjustCoins } from "~/server/services/users.server";
import { feedPath, saveSearch } from "~/server/services/alerts.server";
import { serverWords, wordsForEnglish } from "~/lib/i18n/words.server";
import type { Said } from "~/lib/i18n/messages";
import { saidIn } from "~/server/errors";
import { readTaskFile } from "~/server/services/task-batches.server";
import { heldExclusion, unmetCountry, unmetRequirement } from "~/lib/eligibility";
import { unmetQualification } from "~/lib/qualifications";
import { NOT_AVAILABLE_COIN } from "~/lib/posting";
import { VERIFY_EMAIL_FIRST, LINK_NOT_VALID, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import { TASK_PAUSED } from "~/lib/pay-rate";
import { IMAGE_DAMAGED, IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_TYPE_ERROR } from "~/lib/images";
import { CHANGED_MEANWHILE } from "~/server/services/ledger.server";
import { BLOCKED_WORKER } from "~/server/services/blocks.server";
import * as submissions from "~/server/services/submissions.server";
import * as slots from "~/server/services/slots.server";
import * as withdrawals from "~/server/services/withdrawals.server";
import * as accounts from "~/server/services/accounts.server";
import * as appeals from "~/server/services/appeals.server";
import * as revisions from "~/server/services/revisions.server";
import { TASK_CHANGED, HOLDS_BLOCK_DELETE, PENDING_BLOCKS_DELETE } from "~/server/services/tasks.server";
import { MESSAGE_RATE_LIMITED } from "~/server/services/messages.server";
import { TOO_MANY_EMAILS } from "~/server/services/email-links.server";

const BENGALI = /[\u0980-\u09ff]/;
const ADD_TASK = "/dashboard/addtask";
const WITHDRAW = "/dashboard/withdraw";

/** Switches an account to Bengali, as the language switch keeps it. */
async function inBengali(userId: string) {
  await env.DB.prepare("UPDATE users SET language = 'bn' WHERE id = ?").bind(userId).run();
}

async function noticesTo(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ message: string }>();
  return results.map((r) => r.message);
}

describe("a refusal", () => {
  it("of a page's form field is in Bengali for a Bengali reader; the same refusal over REST stays English", async () => {
    const buyer = await funded("Buyer", 50);
    await inBengali(buyer.id);
    // the schema's message (the form checked on the server, in the reader's language)
    const invalid = await postForm(ADD_TASK, taskFields({ task_title: "" }), buyer.cookie);
    expect(invalid.status).toBe(422);
    const page = await htmlOf(invalid, true);
    expect(page).toContain("টাস্কের শিরোনাম দিতে হবে");
    expect(page).not.toContain("Task Title is required");
    const missing = await rest("POST", "/tasks", buyer.token, {});
    expect(missing.status).toBe(422);
    expect((missing.body as { error: { fields: Record<string, string[]> } }).error.fields.task_title).toEqual([
      "Task Title is required",
    ]);
  });

  it("of a service is said on a page in Bengali (its English found in the catalogue); REST says it in English", async () => {
    const worker = await registerUser("Worker", "Unverified Worker", { verified: false });
    await adjustCoins(env, await sessionUser((await makeAdmin()).id), worker.id, 290, "to withdraw");
    await inBengali(worker.id);
    const request = { withdrawal_coin: "250", payment_system: "Nagad", account_number: "01811111111" };
    // the action's answer, as the page's script reads it (the page itself also shows the banner of its frame)
    const page = await jsPost(WITHDRAW, request, worker.cookie);
    expect(page.status).toBe(403);
    expect(page.text).toContain("আগে আপনার ইমেইল ঠিকানা যাচাই করুন।");
    expect(page.text).not.toContain(VERIFY_EMAIL_FIRST);
    const api = await rest("POST", "/withdraw", worker.token, { ...request, withdrawal_coin: 250 });
    expect(api.status).toBe(403);
    expect(api.body).toMatchObject({ error: { code: "forbidden", message: VERIFY_EMAIL_FIRST } });
  });

  it("stays English on a page for an English reader", async () => {
    const worker = await registerUser("Worker", "Unverified Worker", { verified: false });
    await adjustCoins(env, await sessionUser((await makeAdmin()).id), worker.id, 290, "to withdraw");
    const page = await jsPost(
      WITHDRAW,
      { withdrawal_coin: "250", payment_system: "Nagad", account_number: "01811111111" },
      worker.cookie,
    );
    expect(page.status).toBe(403);
    expect(page.text).toContain(VERIFY_EMAIL_FIRST);
  });

  it("with a fixed message has its Bengali in the catalogue, found by its English", () => {
    const fixed = [
      NOT_AVAILABLE_COIN,
      CHANGED_MEANWHILE,
      VERIFY_EMAIL_FIRST,
      LINK_NOT_VALID,
      PASSWORD_TOO_COMMON,
      TASK_PAUSED,
      TASK_CHANGED,
      HOLDS_BLOCK_DELETE,
      PENDING_BLOCKS_DELETE,
      BLOCKED_WORKER,
      IMAGE_TYPE_ERROR,
      IMAGE_TOO_LARGE,
      IMAGE_TOO_MANY_PIXELS,
      IMAGE_DAMAGED,
      MESSAGE_RATE_LIMITED,
      TOO_MANY_EMAILS,
      submissions.ALREADY_SUBMITTED,
      submissions.NO_SLOTS,
      submissions.PAST_DATE,
      submissions.ALREADY_REVIEWED,
      submissions.OWN_TASK,
      submissions.NOT_PENDING,
      submissions.EDITED_SINCE_SEEN,
      submissions.SUBMITTED_AGAIN,
      slots.NOT_STARTED,
      slots.TIME_RAN_OUT,
      slots.NOT_HOLDING,
      withdrawals.ALREADY_DECIDED,
      withdrawals.NOT_YOURS,
      accounts.EMAIL_EXISTS,
      accounts.BAD_CREDENTIALS,
      accounts.ALREADY_VERIFIED,
      accounts.SAME_EMAIL,
      appeals.ONLY_REJECTED,
      appeals.ALREADY_APPEALED,
      appeals.ACTIVE_ELSEWHERE,
      revisions.ONE_REVISION,
      revisions.REVISION_OUTSTANDING,
      revisions.NOT_PENDING_FOR_REVISION,
    ];
    const missing = fixed.filter((english) => !BENGALI.test(wordsForEnglish("bn", english) ?? ""));
    expect(missing).toEqual([]);
  });

  it("composed with values says in English what the catalogue's English says (a page in English shows the service's)", () => {
    const task = { requiredWorkers: 1, completionDate: "2999-01-01", buyerId: "b", pausedAt: null };
    const blocker = (read: Partial<Parameters<typeof submissions.submissionBlocker>[2]>, t = {}) =>
      submissions.submissionBlocker("w", { ...task, ...t }, { mySubmission: null, ineligibility: null, ...read })!;
    const composed: Said[] = [
      unmetRequirement({ minApproved: 3, minApprovalRate: null }, { approved: 1, rate: 80 })!,
      unmetRequirement({ minApproved: 1, minApprovalRate: null }, { approved: 0, rate: 80 })!,
      unmetRequirement({ minApproved: null, minApprovalRate: 85 }, { approved: 1, rate: 83.3 })!,
      heldExclusion("Kip", null),
      heldExclusion("Kip", 40),
      unmetCountry({ allowed: ["GB"], excluded: [] }, null)!,
      unmetCountry({ allowed: ["GB", "IN"], excluded: [] }, "BD")!,
      unmetCountry({ allowed: [], excluded: ["BD"] }, "BD")!,
      unmetQualification({ name: "Kip", minScore: 0 }, null)!,
      unmetQualification({ name: "Kip", minScore: 80 }, { score: 40 })!,
      blocker({ mySubmission: "pending" }),
      blocker({ mySubmission: "approved" }),
      blocker({}, { buyerId: "w" }),
      blocker({}, { requiredWorkers: 0 }),
      blocker({}, { pausedAt: 1 }),
      blocker({}, { completionDate: "2000-01-01" }),
      // a CSV's row errors: a cell's rule, the least pay, a row's shape
      ...readTaskFile(
        [
          "task_title,task_detail,required_workers,payable_amount,completion_date,submission_info,category,estimate_minutes",
          "T,D,0,2,2020-01-01,S,Gardening,60",
          "T,D,1,2,2999-01-01,S,Translation,60",
          "T,D",
        ].join("\n"),
        600,
      ).rows.flatMap((r) => r.errors.map((e) => e.message)),
    ];
    expect(composed.map((s) => s.key)).toEqual(expect.arrayContaining(["batch.cell", "batch.tooFewCells"]));
    // each names its words, whose English is what the service writes
    expect(composed.filter((s) => !s.key)).toEqual([]);
    const english = (s: Said) =>
      serverWords("en", "errors")(s.key!, typeof s.values === "function" ? s.values("en") : s.values);
    expect(composed.map(english)).toEqual(composed.map((s) => s.english));
    expect(composed.filter((s) => !BENGALI.test(saidIn("bn", s)))).toEqual([]);
  });
});

describe("an e-mail", () => {
  /** The address-confirmation mail of a worker who registers as `name`, in `language` (none given: English). */
  async function confirmationMail(name: string, language?: "bn") {
    const email = uniqueEmail(`${language ?? "en"}-mail`);
    await register(
      env,
      { name, email, password: PASSWORD, role: "Worker", photo: "", language },
      "https://coinwork.test",
    );
    return lastMailTo(email);
  }

  it("is written in its recipient's language: subject and body, the link as it is", async () => {
    const bn = await confirmationMail("Rahim", "bn");
    expect(bn.subject).toBe("আপনার ইমেইল ঠিকানা নিশ্চিত করুন");
    expect(bn.text).toContain("প্রিয় Rahim,");
    expect(bn.text).toContain("Coinwork টিম");
    expect(bn.html).toContain('<html lang="bn">');
    expect(bn.html).toContain("আমার ইমেইল ঠিকানা নিশ্চিত করুন");
    expect(bn.text).not.toMatch(/\b(?:Hi|Confirm|Welcome|The link works)\b/);
    expect(new URL(linkIn(bn, "/verify-email")).pathname).toBe("/verify-email");

    const en = await confirmationMail("Ruth");
    expect(en.subject).toBe("Confirm your email address");
    expect(en.text).toContain("Hi Ruth,");
    expect(en.text).toContain("The link works once, for 24 hours.");
    expect(en.html).toContain('<html lang="en">');
  });
});

describe("a notification", () => {
  it("is stored in its recipient's language, read by the statement that stores it", async () => {
    const admin = await sessionUser((await makeAdmin()).id);
    const bnWorker = await registerUser("Worker");
    await inBengali(bnWorker.id);
    const enWorker = await registerUser("Worker");
    await adjustCoins(env, admin, bnWorker.id, 1065, "a bonus");
    await adjustCoins(env, admin, enWorker.id, 1065, "a bonus");
    expect(await noticesTo(bnWorker.id)).toContain("একজন অ্যাডমিন আপনার ব্যালেন্সে ১,০৬৫ কয়েন যোগ করেছেন।");
    expect(await noticesTo(enWorker.id)).toContain("An admin added 1,065 coins to your balance.");
  });
});

describe("the task alerts' feed", () => {
  it("says its own words in its owner's language; the tasks' titles are theirs", async () => {
    const worker = await registerUser("Worker");
    await inBengali(worker.id);
    const search = await saveSearch(env, await sessionUser(worker.id), {
      q: "",
      category: undefined,
      min_hourly: null,
      min_approval: 90,
    });
    const res = await call(feedPath(search.feedToken));
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(
      '<title type="text">Coinwork টাস্ক অ্যালার্ট: সব টাস্ক যেসব ক্রেতা কমপক্ষে ৯০% অনুমোদন করেন</title>',
    );
    expect(xml).not.toContain("task alerts");
  });
});
