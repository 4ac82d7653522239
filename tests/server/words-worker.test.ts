// The worker's pages in Bengali (docs/decisions/097-words-in-two-languages.md): a worker whose account language is
// bn reads every page of theirs in Bengali: the page says so (lang="bn"), shows the catalogue's Bengali words, leaks
// no catalogue key, and leaves no English word but the names kept in every language and the data people typed (a
// task's title, a buyer's name, a qualification's questions). Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  admin,
  englishWordsIn,
  env,
  funded,
  getPage,
  htmlOf,
  newWithdrawal,
  postForm,
  registerUser,
  jsPost,
  rest,
  sessionUser,
  submissionBy,
  taskInput,
  taskOf,
  uniqueToken,
  type TestUser,
} from "./fixtures";
import { setTakaRate } from "~/server/services/currency-rates.server";
import { createQualification, grantQualification } from "~/server/services/qualifications.server";
import { postTask } from "~/server/services/tasks.server";
import type { ExtraRequirements } from "~/server/services/eligibility.server";
import { CATEGORIES } from "~/lib/categories";

/** A worker who reads Coinwork in Bengali: the switch keeps it on their account. */
async function bengaliWorker(coins = 10): Promise<TestUser> {
  const worker =
    coins === 10 ? await registerUser("Worker", "Rahim Karim") : await funded("Worker", coins, "Rahim Karim");
  const res = await postForm("/language", { language: "bn", back: "/" }, worker.cookie);
  expect(res.status).toBe(302);
  expect((await sessionUser(worker.id)).language).toBe("bn");
  return worker;
}

/**
 * Words of shared pieces on these pages that are not the worker's: the UI kit's status badges, table and pagination
 * (converted with the public pages and the UI kit). The dashboard's frame around a page and the home pages' charts
 * are left out of what is read, for the same reason.
 */
const SHARED_PIECES = [
  ...["Actions", "Pending", "Approved", "Pagination", "Prev", "Next", "Page", "of"],
  // the categories' names, written as stored until the catalogue's category words (added with the public pages) name
  // them: ~/components/category-name.ts
  ...CATEGORIES.flatMap((c) => c.split(/\W+/)),
  // the image picker's hint: "PNG, JPEG, WebP or GIF, at most 5 MB and 24 megapixels, for example 6000 × 4000 pixels"
  ...["PNG", "JPEG", "WebP", "GIF", "or", "most", "MB", "megapixels", "for", "example", "pixels"],
];

/** The page's own part (without the dashboard's frame and the home's charts) and its title. */
function partsOf(html: string) {
  const main = (/<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "").replace(
    /<section aria-labelledby="charts-heading"[\s\S]*?(?=<section aria-labelledby="approved-heading")/,
    "",
  );
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  return { main, title };
}

/**
 * The page at `path`, read by `worker`: in Bengali, with `words` among its words, no catalogue key and no English
 * but `data`. Returns the page's HTML.
 */
async function expectBengali(
  path: string,
  worker: TestUser,
  words: string[],
  data: string[] = [],
  /** parts of the page that are other people's data (the tests every buyer offers, made by other test files) */
  others?: RegExp,
) {
  const res = await getPage(path, worker.cookie);
  expect(res.status, path).toBe(200);
  const html = await htmlOf(res);
  expect(/<html[^>]*\blang="([^"]+)"/.exec(html)?.[1], path).toBe("bn");
  const { main, title } = partsOf(html);
  // the title is the page's name in Bengali, or the data it names (a task's title)
  expect(title, path).toMatch(/[\u0980-\u09ff]|· Coinwork$/);
  expect(englishWordsIn(title, data), path).toEqual([]);
  for (const w of words) expect(main, `${path}: ${w}`).toContain(w);
  // a key the page did not receive is written as itself ("worker.taskList.title")
  expect(main.match(/\b(?:worker|common|dashboard)\.[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*)?\b/g) ?? [], path).toEqual([]);
  expect(englishWordsIn(others ? main.replace(others, "") : main, [...data, ...SHARED_PIECES]), path).toEqual([]);
  return html;
}

describe("the worker's pages in Bengali", () => {
  it("Worker Home, the task list and a task's page", async () => {
    const buyer = await registerUser("Buyer", "Nadia Sultana");
    const title = `Logo feedback ${uniqueToken()}`;
    const task = await taskOf(buyer, {
      task_title: title,
      task_detail: "Look at the logo and say what you think.",
      submission_info: "Your opinion in two lines",
      category: "Creative Design",
    });
    const worker = await bengaliWorker();
    const data = [title, "Look at the logo and say what you think.", "Your opinion in two lines", "Nadia Sultana"];

    await expectBengali("/dashboard/workerhome", worker, ["কর্মীর হোম", "মোট জমা", "অনুমোদনের হার"], ["Rahim"]);

    const list = await expectBengali(
      `/dashboard/tasklist?q=${encodeURIComponent(title)}`,
      worker,
      ["চালু টাস্ক", "বিস্তারিত দেখুন", "এই খোঁজ সংরক্ষণ করুন"],
      data,
    );
    // the card's pay in Bengali digits and its pay per hour
    expect(list).toContain("৫ কয়েন");
    expect(list).toContain("/ঘণ্টা");

    const page = await expectBengali(
      `/dashboard/tasklist/${task.id}`,
      worker,
      ["টাস্ক শুরু করুন", "ক্রেতার রেকর্ড", "ঘণ্টাপ্রতি আয়", "কী জমা দেবেন"],
      data,
    );
    expect(page).toContain("উত্তোলনের হারে");

    // a task that is not there: its 404 in Bengali too
    const gone = await getPage("/dashboard/tasklist/no-such-task", worker.cookie);
    expect(gone.status).toBe(404);
    const goneMain = partsOf(await htmlOf(gone)).main;
    expect(goneMain).toContain("টাস্ক পাওয়া যায়নি");
    expect(englishWordsIn(goneMain)).toEqual([]);
  });

  it("a held slot, a submission and My Submissions", async () => {
    const buyer = await registerUser("Buyer", "Nadia Sultana");
    const title = `Survey ${uniqueToken()}`;
    const task = await taskOf(buyer, { task_title: title, submission_info: "The code at the end" });
    const other = await taskOf(buyer, { task_title: `${title} again`, submission_info: "The code at the end" });
    const worker = await bengaliWorker();
    const data = [
      `${title} again`,
      "The code at the end",
      "Nadia Sultana",
      "Watch the whole video and like it.",
      "done",
    ];

    // started on its page: the slot held, the time left and the proof form
    const started = await postForm(`/dashboard/tasklist/${other.id}`, { intent: "start", id: other.id }, worker.cookie);
    expect(started.status).toBe(302);
    await expectBengali(
      `/dashboard/tasklist/${other.id}`,
      worker,
      ["কাজ পাঠানোর জন্য", "টাস্ক ফেরত দিন", "আপনার জমা"],
      data,
    );

    const submission = await submissionBy(worker, task.id, "done");
    await expectBengali("/dashboard/mysubmissions", worker, ["আমার জমা", "পাঠানো হয়েছে"], data);
    await expectBengali(
      `/dashboard/mysubmissions/${submission.id}`,
      worker,
      ["আপনি যা পাঠিয়েছেন", "আপনার জমা বদলান", "জমা তুলে নিন", "পর্যালোচনার শেষ সময়"],
      data,
    );
  });

  it("a task the worker cannot do yet: its page and a refused start say why in Bengali, REST in English", async () => {
    const buyer = await funded("Buyer", 200, "Nadia Sultana");
    const owner = await sessionUser(buyer.id);
    const qualification = `Proofreading ${uniqueToken()}`;
    const { id: qualificationId } = await createQualification(env, owner, {
      name: qualification,
      description: "Finds spelling mistakes.",
      retake_hours: 24,
    });
    const title = `Logo feedback ${uniqueToken()}`;
    const data = [
      title,
      qualification,
      "Watch the whole video and like it.",
      "A screenshot of the like",
      "Nadia Sultana",
    ];
    const task = (requirements: Record<string, unknown>) =>
      taskOf(buyer, { task_title: title, required_workers: 1, payable_amount: 3, ...requirements });
    const withExtra = (extra: Partial<ExtraRequirements>) =>
      postTask(env, owner, taskInput({ task_title: title, required_workers: 1, payable_amount: 3 }) as never, {
        extra: { qualifications: [], exclusions: [], countries: { allowed: [], excluded: [] }, guards: [], ...extra },
      });
    const worker = await bengaliWorker();
    const refusals: [Promise<{ id: string }>, string][] = [
      [task({ min_approved: 1 }), "এই টাস্কটি তাঁদের জন্য যাঁদের অন্তত ১টি জমা অনুমোদিত হয়েছে; আপনার হয়েছে ০টি।"],
      [task({ min_approval_rate: 90 }), "যাঁদের অনুমোদনের হার অন্তত ৯০%; আপনার হার ৮০%। আপনার অনুমোদনের হার হলো"],
      [task({ qualification_id: qualificationId }), `যাঁদের “${qualification}” যোগ্যতা আছে; আপনার এটি নেই।`],
      [
        withExtra({ countries: { allowed: ["GB"], excluded: [] } }),
        "এই টাস্কটি শুধু কয়েকটি দেশের কর্মীদের জন্য। এতে কাজ করতে সেটিংসে আপনার দেশ যোগ করুন।",
      ],
    ];
    for (const [posted, reason] of refusals) {
      const { id } = await posted;
      const page = await expectBengali(`/dashboard/tasklist/${id}`, worker, [reason], data);
      expect(page).not.toContain("This task is");
    }

    // with a country, the countries by their Bengali names; a qualification that shuts its holders out
    await env.DB.prepare("UPDATE users SET country = 'BD' WHERE id = ?").bind(worker.id).run();
    await grantQualification(env, owner, { qualificationId, workerId: worker.id, score: 40 });
    const abroad = await withExtra({ countries: { allowed: ["GB", "IN"], excluded: [] } });
    await expectBengali(
      `/dashboard/tasklist/${abroad.id}`,
      worker,
      ["এই টাস্কটি যুক্তরাজ্য, ভারত-এর কর্মীদের জন্য; আপনার দেশ বাংলাদেশ।"],
      data,
    );
    const excluded = await withExtra({ exclusions: [{ id: qualificationId, score: 40 }] });
    await expectBengali(
      `/dashboard/tasklist/${excluded.id}`,
      worker,
      [`“${qualification}” যোগ্যতায় যাঁদের স্কোর ৪০, এই টাস্কটি সেই কর্মীদের জন্য নয়।`],
      data,
    );
    const scored = await task({ qualification_id: qualificationId, qualification_min_score: 80 });
    await expectBengali(
      `/dashboard/tasklist/${scored.id}`,
      worker,
      [`যাঁদের “${qualification}” যোগ্যতা আছে (কমপক্ষে ৮০ স্কোরসহ); আপনার স্কোর ৪০।`],
      data,
    );

    // starting it anyway: refused in Bengali on the page, in English over REST, nothing held
    const started = await jsPost(`/dashboard/tasklist/${scored.id}`, { intent: "start", id: scored.id }, worker.cookie);
    expect(started.status).toBe(403);
    expect(started.text).toContain("আপনার স্কোর ৪০।");
    expect(started.text).not.toContain("This task is");
    const api = await rest("POST", "/task-starts", worker.token, { task_id: scored.id });
    expect(api.status).toBe(403);
    expect((api.body as { error: { message: string } }).error.message).toBe(
      `This task is for workers who hold the qualification “${qualification}” with a score of at least 80; your score is 40.`,
    );
    const holds = await env.DB.prepare("SELECT COUNT(*) AS n FROM task_holds WHERE worker_id = ?")
      .bind(worker.id)
      .first<{ n: number }>();
    expect(holds!.n).toBe(0);

    // a task done: its page says the work waits for review
    const done = await task({});
    await submissionBy(worker, done.id, "done");
    await expectBengali(
      `/dashboard/tasklist/${done.id}`,
      worker,
      ["এই টাস্কে আপনার জমা পর্যালোচনার অপেক্ষায় আছে।"],
      [...data, "done"],
    );
  });

  it("Withdrawals, with taka beside dollars and a pending request", async () => {
    await setTakaRate(env, await sessionUser((await admin()).id), 12150);
    const worker = await bengaliWorker(1_000);
    await newWithdrawal(worker, 200, "01712345678");
    const html = await expectBengali("/dashboard/withdraw?system=Bank", worker, [
      "উত্তোলন",
      "পেমেন্ট মাধ্যম",
      "ব্যাংকের নাম",
      "আপনার উত্তোলনের অনুরোধ",
      "সারিতে",
    ]);
    // dollars and taka in Bengali digits; the withdrawal amount's taka waits for coins to be typed
    expect(html).toContain("৪০.০০$");
    expect(html).toMatch(/≈ [০-৯][০-৯,.]*৳/);
    expect(html).toContain("কয়েন ÷ ২০, আপনার জন্য হিসাব করা।");
  });

  it("Task Alerts and the qualification tests", async () => {
    const worker = await bengaliWorker();
    const saved = await postForm(
      "/dashboard/alerts",
      { intent: "save", q: "logo", category: "Data Entry", min_hourly: "6", min_approval: "" },
      worker.cookie,
    );
    expect(saved.status).toBe(302);
    const alerts = await expectBengali("/dashboard/alerts", worker, ["টাস্ক অ্যালার্ট", "অ্যালার্ট ইমেইল"], ["logo"]);
    expect(alerts).toContain("কমপক্ষে ৬.০০$/ঘণ্টা দেয় এমন");

    const buyer = await registerUser("Buyer", "Nadia Sultana");
    const name = `Proofreading ${uniqueToken()}`;
    const made = await rest<{ _id: string }>("POST", "/qualifications", buyer.token, {
      name,
      description: "Finds spelling mistakes.",
      retake_hours: 48,
      questions: [{ prompt: "Which word is spelled right?", choices: ["recieve", "receive"], answer: 2 }],
    });
    expect(made.status).toBe(201);
    const data = [name, "Finds spelling mistakes.", "Nadia Sultana", "Which word is spelled right?", "recieve receive"];
    // every buyer's tests are listed: their names, buyers and descriptions are data
    await expectBengali(
      "/dashboard/tests",
      worker,
      ["যোগ্যতা", "১টি প্রশ্ন", "২ দিন পরে আবার দেওয়া যায়"],
      data,
      /<p class="(?:name|meta)">[\s\S]*?<\/p>|aria-label="[^"]*"/g,
    );

    await expectBengali(`/dashboard/tests/${made.body._id}`, worker, ["উত্তর পাঠান"], data);
  });
});
