// The public pages and the sign-in pages in Bengali (docs/decisions/097-words-in-two-languages.md): each page a
// visitor asking for `bn` gets is written in Bengali (lang="bn", its own Bengali words), no catalogue key shows
// instead of a word, and no English word is left but the names kept in every language and the page's own data
// (a task's title, a buyer's name, an address). The flashes the sign-in routes compose come in Bengali too.
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cookieFrom,
  englishWordsIn,
  env,
  flashOf,
  freshAddress,
  htmlOf,
  lastMailTo,
  linkIn,
  PASSWORD,
  postFormFrom,
  readableText,
  registerUser,
  sessionUser,
  taskOf,
  uniqueEmail,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { CONTACT } from "~/components/landing/content";
import { LANGUAGE_COOKIE } from "~/lib/i18n/languages";
import { saveSearch } from "~/server/services/alerts.server";
import { landingData } from "~/server/services/landing.server";

const BENGALI = { "Accept-Language": "bn-BD,bn;q=0.9" };

/** A page as a visitor whose browser asks for Bengali gets it (signed in with `cookie`). */
async function bengaliPage(path: string, cookie?: string): Promise<{ status: number; html: string }> {
  const res = await call(path, { headers: { ...BENGALI, ...(cookie ? { Cookie: cookie } : {}) } });
  return { status: res.status, html: await htmlOf(res) };
}

/** A key of the catalogues written where its words should be ("public.nav.home", "auth.login.title"). */
const LEAKED_KEY = /\b(?:common|public|auth|dashboard|worker|buyer|admin|validation|errors)\.[a-z][\w-]*\.?[\w.-]*/;

/** The page is Bengali: its lang, some of its own Bengali words, no key in place of a word, no English left. */
function expectBengali(html: string, words: string[], allowed: string[] = []) {
  expect(/<html[^>]*\blang="([^"]+)"/.exec(html)?.[1]).toBe("bn");
  for (const w of words) expect(html, `missing: ${w}`).toContain(w);
  expect(LEAKED_KEY.exec(readableText(html))?.[0] ?? null).toBeNull();
  expect(englishWordsIn(html, allowed)).toEqual([]);
}

/**
 * Words of the task components the public task and buyer pages share with the worker's pages (task-brief,
 * pay-rate, buyer-reputation, worker/coin-amount, worker/due-badge), converted with the worker's pages: until
 * then they are the only English words these two pages may show.
 */
const SHARED_TASK_COMPONENTS = [
  ..."Description What to submit Describe what you did for this task".split(" "),
  // pay-rate: "$7.50/hour" beside "estimate 10 min" (inline, so read as one word here), "Pays below the minimum"
  ..."hourestimate hourmeasured estimate measured median min minute minutes under Being Pays below the minimum".split(
    " ",
  ),
  // buyer-reputation
  ..."Approval days all time Median time to review Appeals lost Rejections without reason Tasks posted".split(" "),
  ..."Coins paid out Member since No reviews yet".split(" "),
  // worker/coin-amount ("30 coins", its title "Worth $1.50 at the withdrawal rate of 20 coins per $1") and
  // worker/due-badge ("Dec 28, 2026 (end of day UTC)")
  ..."coin coins Worth at the withdrawal rate of per end day UTC".split(" "),
  ..."Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" "),
];

describe("the public pages in Bengali", () => {
  let buyer: TestUser;
  let task: { id: string };
  const title = `Ranking ${uniqueToken()}`;

  beforeAll(async () => {
    buyer = await registerUser("Buyer", "Rina Buyer");
    task = await taskOf(buyer, {
      task_title: title,
      task_detail: "Rank five photos",
      submission_info: "A screenshot of the ranking",
      required_workers: 2,
    });
  });

  it("the landing page", async () => {
    const { status, html } = await bengaliPage("/");
    expect(status).toBe(200);
    expectBengali(
      html,
      ["জনপ্রিয় কাজের বিভাগ", "বাছাই করা কাজ", "আমাদের প্রতিশ্রুতি", "ব্যবহারকারীরা যা বলেন", "শুরু করুন", "লগইন"],
      // the people of the stories, the workers and tasks of the demo data, the footer's phone
      ["Maya Thompson Daniel Okafor Sofia Martinez Arjun Rao Lena Fischer", ...(await visibleData())],
    );
    // numbers in Bengali digits: the withdrawal promise's 200 coins
    expect(html).toContain("২০০ কয়েন");
  });

  it("About, FAQ and Terms", async () => {
    const about = await bengaliPage("/about");
    expectBengali(about.html, ["আমাদের গল্প", "আমরা যা মেনে চলি", "২০২২"]);
    const faq = await bengaliPage("/faq");
    expectBengali(faq.html, ["সাধারণ প্রশ্ন", "Coinwork কী?", "প্রতিটি টাস্কে অন্তত"]);
    const terms = await bengaliPage("/terms");
    expectBengali(terms.html, ["ব্যবহারের শর্তাবলি", "উত্তোলন", "support@coinwork.dev"]);
  });

  it("Contact, its address kept as it is written", async () => {
    const { html } = await bengaliPage("/contact");
    expectBengali(html, ["আপনার কথা শুনতে চাই", "আমাদের বার্তা পাঠান", "এখনই পাঠান"], [CONTACT.address]);
  });

  it("a task's public page and its buyer's record", async () => {
    const page = await bengaliPage(`/browse/${task.id}`);
    expect(page.status).toBe(200);
    expectBengali(
      page.html,
      ["এই টাস্কটি করতে চান?", "ক্রেতার রেকর্ড", "এটি করতে নিবন্ধন করুন"],
      [title, "Rina Buyer", "Rank five photos", "A screenshot of the ranking", ...SHARED_TASK_COMPONENTS],
    );
    const record = await bengaliPage(`/buyers/${buyer.id}`);
    expect(record.status).toBe(200);
    expectBengali(record.html, ["খোলা টাস্ক", "প্রতি কর্মীকে দেন"], [title, "Rina Buyer", ...SHARED_TASK_COMPONENTS]);
    const gone = await bengaliPage(`/browse/${uniqueToken("none")}`);
    expect(gone.status).toBe(404);
    expectBengali(gone.html, ["এই টাস্কটি আর খোলা নেই"]);
  });

  it("the pages that say no: not found, not allowed", async () => {
    const missing = await bengaliPage(`/no-such-page-${uniqueToken()}`);
    expect(missing.status).toBe(404);
    expectBengali(missing.html, ["আমরা পেজটি খুঁজে পাইনি", "প্রথম পাতায় ফিরুন"]);
    const denied = await bengaliPage("/unauthorized");
    expectBengali(denied.html, ["এই পেজ দেখার অনুমতি আপনার নেই"]);
  });

  it("the MTurk guide's page: its frame in Bengali, saying the guide is in English", async () => {
    const { html } = await bengaliPage("/docs/mturk");
    const guide = /<article[^>]*data-testid="mturk-guide"[^>]*>[\s\S]*<\/article>/.exec(html)?.[0] ?? "";
    expect(guide).toContain('lang="en"');
    // the guide's title heads the page, in the guide's words
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
    expectBengali(html.replace(guide, "").replace(heading, ""), ["কাজদাতাদের জন্য", "ইংরেজিতে লেখা"]);
  });

  it("the unsubscribe link of the alert e-mails", async () => {
    const worker = await registerUser("Worker");
    await saveSearch(env, await sessionUser(worker.id), { q: "photos", category: undefined });
    const token = (await env.DB.prepare("SELECT unsubscribe_token AS t FROM alert_mail WHERE worker_id = ?")
      .bind(worker.id)
      .first<{ t: string }>())!.t;
    const page = await bengaliPage(`/alerts/unsubscribe/${token}`);
    expectBengali(page.html, ["সতর্কবার্তার ইমেইল বন্ধ করুন"]);
  });
});

describe("signing in, in Bengali", () => {
  it("Login, Register and the password pages", async () => {
    const login = await bengaliPage("/login");
    expectBengali(login.html, ["আবার স্বাগতম", "পাসওয়ার্ড ভুলে গেছেন?", "Google দিয়ে লগইন"]);
    const register = await bengaliPage("/register");
    expectBengali(register.html, ["আপনার অ্যাকাউন্ট খুলুন", "কর্মী", "ক্রেতা", "ভূমিকা", "অন্তত ১২টি অক্ষর"]);
    // "Sign up to do this": the worker's sign-up
    const forTask = await bengaliPage(`/register?redirectTo=${encodeURIComponent("/dashboard/tasklist/x")}`);
    expectBengali(forTask.html, ["<strong>কর্মী</strong>"]);
    const forgot = await bengaliPage("/forgot-password");
    expectBengali(forgot.html, ["পাসওয়ার্ড ভুলে গেছেন?", "আমাকে লিংক পাঠান"]);
    const badReset = await bengaliPage("/reset-password?token=nope");
    expectBengali(badReset.html, ["লিংকটি বৈধ নয়", "আমাকে নতুন লিংক পাঠান"]);
    const badVerify = await bengaliPage("/verify-email?token=nope");
    expectBengali(badVerify.html, ["লিংকটি বৈধ নয়", "লগইনে যান"]);
  });

  it("the e-mailed links' pages, showing the person's own address", async () => {
    const worker = await registerUser("Worker", "Bengali Reader", { verified: false });
    const verify = new URL(linkIn(await lastMailTo(worker.email), "/verify-email"));
    const page = await bengaliPage(verify.pathname + verify.search);
    expectBengali(page.html, ["আপনার ইমেইল ঠিকানা নিশ্চিত করুন"], [worker.email]);
    const forgot = await bengaliPost("/forgot-password", { email: worker.email });
    expect(flashOf(forgot)?.title).toBe("আপনার ইনবক্স দেখুন");
    const reset = new URL(linkIn(await lastMailTo(worker.email, "Reset your password"), "/reset-password"));
    expectBengali((await bengaliPage(reset.pathname + reset.search)).html, ["নতুন পাসওয়ার্ড সংরক্ষণ করুন"]);
  });

  it("the flashes of signing in and out: in the account's language", async () => {
    const email = uniqueEmail("bn");
    const registered = await bengaliPost("/register", {
      name: "Bangla Tester",
      email,
      password: PASSWORD,
      role: "Worker",
    });
    expect(flashOf(registered)).toMatchObject({ title: "অ্যাকাউন্ট খোলা হয়েছে!", message: "নিবন্ধন সফল হয়েছে!" });
    // an English page, a Bengali account: the account's language
    const login = await postFormFrom("/login", { email, password: PASSWORD });
    expect(flashOf(login)).toMatchObject({ title: "লগইন সফল হয়েছে!", message: "আবার স্বাগতম" });
    const cookie = cookieFrom(login)!;
    const logout = await call("/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(flashOf(logout)?.title).toBe("লগআউট সফল হয়েছে!");
    // the visitor keeps reading Coinwork in the account's language
    expect(cookieFrom(logout, LANGUAGE_COOKIE)).toBe(`${LANGUAGE_COOKIE}=bn`);
    const failed = await bengaliPost("/login", { email, password: "not the password at all" });
    expect(await htmlOf(failed)).toContain("লগইন ব্যর্থ হয়েছে!");
  });
});

/** The names and titles the landing page shows from the database (its applicants, workers and featured tasks). */
async function visibleData(): Promise<string[]> {
  const data = await landingData(env);
  return [
    ...data.applicants.map((a) => a.name),
    ...data.workers.map((w) => w.name),
    ...data.featured.map((t) => t.taskTitle),
  ];
}

/** A form posted as a browser asking for Bengali does, from an address of its own (rate limits are per address). */
function bengaliPost(path: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call(path, { method: "POST", body: form, headers: { ...BENGALI, "CF-Connecting-IP": freshAddress() } });
}
