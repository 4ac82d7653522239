// The frame of every signed-in page, the pages every role shares and the admin's pages, in Bengali
// (docs/decisions/097-words-in-two-languages.md): each is written in Bengali for a person whose language is bn, shows
// the words of its part of the site, leaks no catalogue key, and leaves no English word on screen but the names kept
// in every language and the data people typed (names, titles, messages, e-mail addresses).
import { describe, expect, it } from "vitest";
import {
  addContactMessage,
  englishWordsIn,
  env,
  getPage,
  htmlOf,
  makeAdmin,
  messageAs,
  pendingWithdrawal,
  postForm,
  readableText,
  registerUser,
  rejectAs,
  sessionUser,
  submissionBy,
  taskOf,
  type TestUser,
  uniqueToken,
} from "./fixtures";
import { fileAppeal } from "~/server/services/appeals.server";
import { listAuditLog, listContactMessages } from "~/server/services/admin-reads.server";
import { listWithdrawals } from "~/server/services/withdrawals.server";
import { setTakaRate } from "~/server/services/currency-rates.server";
import { closingPreview } from "~/server/services/own-account.server";
import { payoutOf } from "~/lib/payouts";

/** The namespaces of the catalogues: a key shown as text (`dashboard.nav.home`) means a page missed its words. */
const LEAKED_KEY =
  /\b(?:common|public|auth|dashboard|worker|buyer|admin|validation|errors|email|notifications|feed)\.[a-z]/;

/**
 * English still written by pieces of the UI kit that other helpers convert (issue 43's item for the public pages and
 * the kit): the logo's label and its brand in two colours ("Coin" "work"), a photo's alt text, the pager, a list's
 * actions column, a status badge, the current-password field and the country list. Each goes once its piece reads
 * the catalogues; nothing of this file's pages is among them.
 */
const KIT_WORDS = ["home", "Coin", "work", "photo", "Pagination", "Prev", "Page", "of", "Next", "Actions", "Pending"];
const PASSWORD_FIELD = ["Current", "password"];
/** The kit's photo picker's hint and its new-password field's hint, on Settings. */
const FORM_KIT_WORDS = [
  ...PASSWORD_FIELD,
  ...["PNG", "JPEG", "WebP", "or", "GIF", "at", "most", "MB", "and", "megapixels", "for", "example", "pixels"],
  ...["At", "least", "characters", "few", "unrelated", "words", "make", "strong"],
];
/** A proof without an image says so in the worker's and buyer's shared proof pieces. */
const PROOF_WORDS = ["No", "image"];
/** The buyer's list of blocked workers (a piece of the buyer's pages) when it is empty. */
const NO_BLOCKS = ["You", "block", "no", "workers"];
/** The country field's options (names of countries) and its "Not given", left out of the check of Settings. */
const withoutCountries = (html: string) => html.replace(/<select[^>]*name="country"[\s\S]*?<\/select>/, "");
/** The avatar's alt text, "<name>'s photo" (the kit's). */
const withoutPhotoAlts = (html: string) => html.replace(/ alt="[^"]*(?:&#x27;|')s photo"/g, "");

/** `user` reads Coinwork in Bengali from now on (the switch, as a person uses it). */
async function readsBengali(user: TestUser): Promise<TestUser> {
  const res = await postForm("/language", { language: "bn", back: "/" }, user.cookie);
  expect(res.status).toBe(302);
  expect((await sessionUser(user.id)).language).toBe("bn");
  return user;
}

/**
 * The page at `path` as `user` sees it: in Bengali, with `words` among its text, no catalogue key, and no English
 * word but the names kept and `data` (what people typed that the page shows).
 */
async function expectBengaliPage(path: string, user: TestUser, words: string[], data: string[] = []) {
  const res = await getPage(path, user.cookie);
  expect(res.status, path).toBe(200);
  const html = withoutPhotoAlts(withoutCountries(await htmlOf(res)));
  const reader = (await sessionUser(user.id)).name;
  expect(/<html[^>]*\blang="bn"/.test(html), path).toBe(true);
  const text = readableText(html);
  for (const word of words) expect(text, `${path}: ${word}`).toContain(word);
  expect(text.replace(/\S+@\S+/g, " "), path).not.toMatch(LEAKED_KEY);
  expect(englishWordsIn(html, [reader, ...data, ...KIT_WORDS]), path).toEqual([]);
  return text;
}

/** A buyer's task with a worker's submission, and a message of the buyer's in its conversation, all by bn readers. */
async function conversation() {
  const token = uniqueToken();
  const buyer = await readsBengali(await registerUser("Buyer", "Mina Rahman"));
  const worker = await readsBengali(await registerUser("Worker", "Rafi Karim"));
  const title = `Lipi ${token}`;
  const task = await taskOf(buyer, { task_title: title, required_workers: 2, payable_amount: 4 });
  const submission = await submissionBy(worker, task.id, "proof");
  const message = `Salam ${token}`;
  await messageAs(buyer, submission.id, message);
  return { buyer, worker, task, submission, title, message, data: ["Mina Rahman", "Rafi Karim", title, message] };
}

/** The stored texts of a person's notifications (written by the services; the page shows them as they are). */
async function notificationTexts(userId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT message FROM notifications WHERE user_id = ?")
    .bind(userId)
    .all<{ message: string }>();
  return rows.results.map((r) => r.message);
}

describe("the frame of a signed-in page, in Bengali", () => {
  it("names a worker's, a buyer's and an admin's pages, their role and the way back to the site", async () => {
    const worker = await readsBengali(await registerUser("Worker", "Rafi Karim"));
    const buyer = await readsBengali(await registerUser("Buyer", "Mina Rahman"));
    const admin = await readsBengali(await makeAdmin());
    const frame = ["ড্যাশবোর্ড", "নোটিফিকেশন", "সেটিংস", "লগআউট", "সাইটে ফিরুন", "মেনু খুলুন"];
    const worker_ = await expectBengaliPage("/dashboard/notifications", worker, [
      ...frame,
      "টাস্কের তালিকা",
      "আমার জমা",
      "উত্তোলন",
      "কর্মী",
    ]);
    expect(worker_).not.toContain("ক্রেতা ");
    await expectBengaliPage("/dashboard/notifications", buyer, [...frame, "নতুন টাস্ক যোগ করুন", "কয়েন কিনুন", "ক্রেতা"]);
    await expectBengaliPage("/dashboard/notifications", admin, [
      ...frame,
      "ব্যবহারকারী পরিচালনা",
      "টাস্ক পরিচালনা",
      "অডিট লগ",
      "অ্যাডমিন",
    ]);
    // the role under the name
    const html = await htmlOf(await getPage("/dashboard/notifications", buyer.cookie));
    expect(html).toMatch(/data-testid="user-role"[^>]*>ক্রেতা</);
  });

  it("says in Bengali when the address is not verified yet, and resends the link in Bengali", async () => {
    const worker = await readsBengali(await registerUser("Worker", "Rafi Karim", { verified: false }));
    await expectBengaliPage("/dashboard/notifications", worker, [
      "আগে আপনার ইমেইল ঠিকানা যাচাই করুন।",
      "লিংকটি আবার পাঠান",
    ]);
    const resent = await postForm("/dashboard/verify-email", { redirectTo: "/dashboard/settings" }, worker.cookie);
    expect(resent.status).toBe(302);
    expect(decodeURIComponent(resent.headers.get("Set-Cookie") ?? "")).toContain("ইমেইল পাঠানো হয়েছে");
  });
});

describe("the shared signed-in pages, in Bengali", () => {
  it("Notifications: the list around the stored texts, the bell and its unread count", async () => {
    const { worker } = await conversation();
    const stored = await notificationTexts(worker.id);
    expect(stored.length).toBeGreaterThan(0);
    const text = await expectBengaliPage(
      "/dashboard/notifications",
      worker,
      ["নোটিফিকেশন", "টি অপঠিত, নতুনগুলো আগে।", "সবগুলো পড়া হয়েছে চিহ্নিত করুন", "পড়া হয়েছে চিহ্নিত করুন"],
      stored,
    );
    expect(text).toMatch(/নোটিফিকেশন, [০-৯]+ টি অপঠিত/);
  });

  it("Settings: every section of a worker's and a buyer's", async () => {
    const { worker, buyer } = await conversation();
    await expectBengaliPage(
      "/dashboard/settings",
      worker,
      [
        "আপনার নাম, দেশ ও ছবি",
        "প্রোফাইল সংরক্ষণ করুন",
        "ইমেইল ঠিকানা বদলান",
        "পাসওয়ার্ড বদলান",
        "সব জায়গা থেকে লগআউট",
        "আপনার তথ্য ডাউনলোড করুন",
        "আপনার অ্যাকাউন্ট বন্ধ করুন…",
        "কিছু টাস্ক শুধু কিছু দেশের কর্মীদের জন্য",
      ],
      FORM_KIT_WORDS,
    );
    await expectBengaliPage(
      "/dashboard/settings",
      buyer,
      ["ব্লক করা কর্মী", "রিকোয়েস্টার API কী", "API কী পরিচালনা করুন"],
      [...FORM_KIT_WORDS, ...NO_BLOCKS],
    );
  });

  it("Close your account: what happens to the coins and the work, before asking", async () => {
    const { worker, buyer } = await conversation();
    await expectBengaliPage(
      "/dashboard/settings/close",
      worker,
      [
        "আগে পড়ুন কী হবে",
        "বন্ধ করলে যা হবে",
        "আপনার ১০ কয়েন ব্যালেন্স হারিয়ে যাবে",
        "পর্যালোচনার অপেক্ষায় থাকা আপনার ১ টি জমা",
        "আমার অ্যাকাউন্ট রাখুন",
      ],
      PASSWORD_FIELD,
    );
    // a buyer with work to review cannot close yet (the service's reason is its own words)
    const text = await expectBengaliPage(
      "/dashboard/settings/close",
      buyer,
      ["আপনি এখনই অ্যাকাউন্ট বন্ধ করতে পারবেন না", "জমাগুলো পর্যালোচনা করুন"],
      // the reason is the service's refusal, words of its own
      [(await closingPreview(env, await sessionUser(buyer.id))).blocker ?? ""],
    );
    expect(text).toContain("আপনার ১ টি চালু টাস্ক বন্ধ হবে");
  });

  it("Messages: the inbox and a conversation, for its worker and its buyer", async () => {
    const { worker, buyer, submission, data } = await conversation();
    await expectBengaliPage(
      "/dashboard/inbox",
      worker,
      ["বার্তা", "ক্রেতাদের সঙ্গে আপনার কথোপকথন", "একটি জমা নিয়ে", "টাস্ক", "জমা"],
      data,
    );
    await expectBengaliPage("/dashboard/inbox", buyer, ["কর্মীদের সঙ্গে আপনার কথোপকথন", "আপনি:"], data);
    const thread = `/dashboard/threads/submission/${submission.id}`;
    await expectBengaliPage(thread, worker, ["নিয়ে বার্তা", "-এর জমা", "কথোপকথন", "বার্তা পাঠান", "আপনার বার্তা"], data);
    await expectBengaliPage(thread, buyer, ["আপনি", "জমাটি পর্যালোচনা করুন, অথবা সংশোধন চান"], data);
  });
});

describe("the admin's pages, in Bengali", () => {
  it("Admin Home: figures, the payout queue with its risk signals, the taka rate and the charts", async () => {
    const admin = await readsBengali(await makeAdmin());
    const adminUser = await sessionUser(admin.id);
    await pendingWithdrawal({ admin, adminUser });
    await setTakaRate(env, adminUser, 12150);
    const queue = await listWithdrawals(env, {
      status: "pending",
      oldestFirst: true,
      withRisk: true,
      page: 1,
      limit: 10,
    });
    const data = queue.items.flatMap((w) => {
      const p = payoutOf(w);
      return [w.workerName, w.workerEmail, p.payment_system, p.bank_name ?? "", p.bank_branch ?? ""];
    });
    await expectBengaliPage(
      "/dashboard/adminhome",
      admin,
      [
        "অ্যাডমিন হোম",
        "মোট ক্রেতা",
        "উত্তোলনের অনুরোধ",
        "অপেক্ষমাণ",
        "ঝুঁকির লক্ষণ",
        "অনুমোদন",
        "প্রত্যাখ্যান",
        "$১ = ",
        "দিনে কয়েন",
      ],
      data,
    );
  });

  it("Manage Users and Manage Tasks: a search, its count, the rows' controls", async () => {
    const admin = await readsBengali(await makeAdmin());
    const { title, buyer } = await conversation();
    await expectBengaliPage(
      `/dashboard/manageusers?q=${encodeURIComponent(admin.email)}`,
      admin,
      ["ব্যবহারকারী পরিচালনা", "১ জন ব্যবহারকারী", "এর সঙ্গে মেলে", "কয়েন সমন্বয়", "সরান", "আপনি", "সব ভূমিকা"],
      ["Admin Tester"],
    );
    await expectBengaliPage(
      `/dashboard/managetasks?q=${encodeURIComponent(title)}`,
      admin,
      ["টাস্ক পরিচালনা", "১ টি টাস্ক", "জন দরকার", "এসক্রোতে", "মুছুন"],
      [title, "Video Engagement", (await sessionUser(buyer.id)).name],
    );
  });

  it("Messages, Appeals, Audit Log and Ledger", async () => {
    const admin = await readsBengali(await makeAdmin());
    await addContactMessage({ name: "Karim", subject: `Proshno ${uniqueToken()}`, message: "(Kemon achen)" });
    const contact = await listContactMessages(env, { page: 1, limit: 10 });
    await expectBengaliPage(
      "/dashboard/messages",
      admin,
      ["যোগাযোগ ফর্মের বার্তা", "সব", "অপঠিত"],
      contact.items.flatMap((m) => [m.name, m.subject, m.message]),
    );

    const { buyer, worker, submission, title } = await conversation();
    await rejectAs(buyer, submission.id, "Jhapsa chobi");
    const appeal = await fileAppeal(env, await sessionUser(worker.id), submission.id, "Chobi thik ache, dekhun");
    await expectBengaliPage(
      `/dashboard/appeals?appeal=${appeal.id}`,
      admin,
      ["আপিল", "একটি আপিল দেখানো হচ্ছে।", "প্রত্যাখ্যাত:", "কথোপকথন পড়ুন", "বাতিল করুন", "বহাল রাখুন"],
      [
        ...PROOF_WORDS,
        title,
        "Jhapsa chobi",
        "Chobi thik ache, dekhun",
        "proof",
        (await sessionUser(worker.id)).name,
        (await sessionUser(buyer.id)).name,
      ],
    );

    const log = await listAuditLog(env, { page: 1, limit: 20 });
    await expectBengaliPage(
      "/dashboard/auditlog",
      admin,
      ["অডিট লগ", "সব কাজ", "টি এন্ট্রি"],
      log.items.flatMap((e) => [e.actorName ?? "", e.targetName ?? "", e.detail ?? "", e.reason ?? "", e.action]),
    );

    await expectBengaliPage("/dashboard/ledger", admin, [
      "খতিয়ান",
      "তৈরি হওয়া কয়েন",
      "হিসাবে আছে",
      "এসক্রো: খালি জায়গা",
    ]);
  });
});
