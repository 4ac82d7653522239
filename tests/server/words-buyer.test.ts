// The buyer's pages in Bengali (docs/decisions/097-words-in-two-languages.md): each page of the buyer's part of the
// site, for a verified buyer whose account language is bn, is written in Bengali: lang="bn", its own Bengali words,
// no catalogue key instead of a word, and no English word but the names kept in every language and the data the
// test made (names, titles).
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE,
  env,
  funded,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  sessionUser,
  submissionBy,
  taskOf,
  type TestUser,
} from "./fixtures";
import { englishWordsIn, readableText } from "./fixtures/words";
import { createQualification } from "~/server/services/qualifications.server";
import { BATCH_COLUMNS } from "~/lib/task-batch";
import { CATEGORIES } from "~/lib/categories";

/** The CSV format's column names, which the page names as the file does. */
const COLUMNS = [...BATCH_COLUMNS];

/** The page's own part (the dashboard's frame around it is another part's). */
function mainOf(html: string): string {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0];
  expect(main, "the page has a <main>").toBeTruthy();
  return main!;
}

/** A catalogue key written where its words should be ("buyer.home.title"). */
const LEAKED_KEY = /\b(?:common|dashboard|buyer|validation)\.[a-z][A-Za-z]*(?:\.[A-Za-z_]+)*\b/g;

// Data names without English words in them, so that a word left in English cannot hide behind the data.
const BUYER = "Maya Karim";
const WORKER = "Nadia Rahman";
const TITLE = "Zorvik Plim";
const QUALIFICATION = "Quorra Vexil";
const CSV_FILE = "kaj.csv";

/** Uploads a CSV of these rows (under the template's header) as the buyer; answers its preview page's path. */
async function previewOf(rows: string[]): Promise<string> {
  const csv = [
    "task_title,task_detail,required_workers,payable_amount,completion_date,submission_info,category,estimate_minutes",
    ...rows,
  ].join("\n");
  const upload = await postForm(
    "/dashboard/batchtasks",
    { csv: new File([csv], CSV_FILE, { type: "text/csv" }) },
    buyer.cookie,
  );
  expect(upload.status).toBe(302);
  const preview = new URL(upload.headers.get("Location")!, BASE);
  return `${preview.pathname}${preview.search}`;
}

let buyer: TestUser;
let taskId: string;
let qualificationId: string;
let paymentId: string;

beforeAll(async () => {
  buyer = await funded("Buyer", 500, BUYER);
  const switched = await postForm("/language", { language: "bn", back: "/" }, buyer.cookie);
  expect(switched.status).toBe(302);
  const task = await taskOf(buyer, { task_title: TITLE, task_detail: "Plim zorvik", submission_info: "Vexa" });
  taskId = task.id;
  await submissionBy(await registerUser("Worker", WORKER), task.id, "Florb glimmer");
  const made = await createQualification(env, await sessionUser(buyer.id), {
    name: QUALIFICATION,
    description: "Quorra",
    retake_hours: 24,
    questions: [{ prompt: "Kip zan?", choices: ["Kip", "Zan"], answer: 1 }],
  });
  qualificationId = made.id;
  const paid = await postForm(
    "/dashboard/purchasecoin",
    { intent: "pay", coins: "10", number: "4242 4242 4242 4242", exp: "12/34", cvc: "123" },
    buyer.cookie,
  );
  expect(paid.status).toBe(302);
  paymentId = (await env.DB.prepare("SELECT payment_id FROM orders WHERE user_id = ?")
    .bind(buyer.id)
    .first<{ payment_id: string }>())!.payment_id;
});

/** The data this test made, which a page shows as it is. */
const data = () => [
  BUYER,
  WORKER,
  TITLE,
  QUALIFICATION,
  CSV_FILE,
  paymentId,
  "Plim zorvik",
  "Florb glimmer",
  "Kip Zan",
  "Quorra",
];

/** Renders `path` for the buyer and checks it is in Bengali; answers the page's readable text. */
async function bengaliPage(path: string, words: string[], allowed: string[] = []) {
  const res = await getPage(path, buyer.cookie);
  expect(res.status, path).toBe(200);
  const html = await htmlOf(res);
  expect(/<html[^>]*\blang="([^"]+)"/.exec(html)?.[1], path).toBe("bn");
  const main = mainOf(html);
  const text = readableText(main);
  for (const word of words) expect(text, path).toContain(word);
  expect(text.match(LEAKED_KEY) ?? [], `${path}: keys shown instead of words`).toEqual([]);
  expect(englishWordsIn(main, [...data(), ...allowed]), `${path}: English words`).toEqual([]);
  return text;
}

describe("the buyer's pages in Bengali", () => {
  it("Buyer Home: the review queue, the gauges and the charts", async () => {
    const text = await bengaliPage("/dashboard/buyerhome", [
      "ক্রেতার হোম",
      "পর্যালোচনার টাস্ক",
      "১ টি জমা আপনার সিদ্ধান্তের অপেক্ষায়।",
      "অনুমোদন",
      "প্রত্যাখ্যান",
      "মোট পেমেন্ট",
      "প্রতি সপ্তাহে খরচ করা কয়েন",
    ]);
    expect(text).toContain(WORKER);
    expect(text).toContain("এখনো কোনো কাজ পর্যালোচনা হয়নি");
  });

  it("Add Task, with its cost panel, and Update Task", async () => {
    await bengaliPage("/dashboard/addtask", [
      "নতুন টাস্ক যোগ করুন",
      "টাস্কের শিরোনাম",
      "প্রদেয় কয়েন",
      "মোট খরচ",
      "যাচাই প্রশ্ন (ঐচ্ছিক)",
      "অনুবাদ",
    ]);
    await bengaliPage(`/dashboard/updatetask/${taskId}`, ["টাস্ক হালনাগাদ করুন", "খরচের পরিবর্তন", "এখন আটকে আছে"]);
  });

  it("Post Tasks from a CSV, with a file's preview (the file's column names stay as the format names them)", async () => {
    await bengaliPage("/dashboard/batchtasks", ["CSV থেকে টাস্ক পোস্ট করুন", "নমুনা ফাইল ডাউনলোড করুন"], COLUMNS);
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await bengaliPage(
      await previewOf([`Zorvik Plim,Plim zorvik,2,10,${due},Vexa,Translation,1`]),
      ["kaj.csv-এর প্রিভিউ", "১ টি টাস্ক", "প্রস্তুত"],
      [...COLUMNS, "Translation", "Vexa"],
    );
  });

  it("a CSV's row errors and a file refused whole, said in Bengali (the file's own values as it writes them)", async () => {
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const preview = await previewOf([
      `Zorvik Plim,Plim zorvik,2,10,${due},Vexa,Translation,1`,
      `Zorvik Plim,Plim zorvik,2,0,${due},Vexa,Gardening,1`,
      `Zorvik Plim,Plim zorvik,2,2,${due},Vexa,Translation,60`,
      `Zorvik Plim,Plim zorvik,2,10,2020-01-01,Vexa,Translation,1`,
      "Zorvik Plim,Plim zorvik",
    ]);
    // the categories and the date's form as the file must write them
    const format = [...COLUMNS, ...CATEGORIES, "YYYY-MM-DD", "Gardening", "Translation", "Vexa", "2020-01-01"];
    const text = await bengaliPage(
      preview,
      [
        "৪ টি সারিতে ভুল আছে",
        "প্রদেয় কয়েন: ১ থেকে ১,০০,০০০-এর মধ্যে একটি পূর্ণসংখ্যা লিখুন (প্রতি কর্মীর কয়েন)",
        `ক্যাটাগরি: এগুলোর একটি লিখুন: ${CATEGORIES.join(", ")}`,
        "প্রদেয় কয়েন: সর্বনিম্ন পারিশ্রমিক",
        "শেষ তারিখ: আজকের বা পরের কোনো দিন লিখুন, YYYY-MM-DD আকারে",
        "এই সারিতে ঘরের সংখ্যা কম।",
      ],
      format,
    );
    expect(text).not.toMatch(/Payable amount|Category:|The row has/);

    // a file the page cannot take: refused on the page in Bengali, nothing kept
    const refusedWith = async (file: BlobPart, words: string) => {
      const res = await postForm("/dashboard/batchtasks", { csv: new File([file], CSV_FILE) }, buyer.cookie);
      expect(res.status).toBeGreaterThanOrEqual(400);
      const main = mainOf(await htmlOf(res));
      expect(readableText(main)).toContain(words);
      expect(englishWordsIn(main, [...data(), ...COLUMNS, "UTF", "title", "pay"])).toEqual([]);
    };
    await refusedWith("title,pay\nA,1\n", "“title” নামে কোনো কলাম নেই: নমুনা ফাইলের কলামগুলো ব্যবহার করুন।");
    await refusedWith(new Uint8Array([0x74, 0xe9, 0x0a]), "ফাইলটি ইউটিএফ-৮ এনকোডিংয়ে লেখা নয়।");
  });

  it("My Tasks", async () => {
    await bengaliPage("/dashboard/mytasks", ["আমার টাস্ক", "কর্মী ও পেমেন্ট", "সম্পাদনা", "০ টি অনুমোদিত"]);
  });

  it("Purchase Coin and Payment History", async () => {
    await bengaliPage("/dashboard/purchasecoin", ["কয়েন কিনুন", "এখনই কিনুন", "১,০০০ কয়েন", "সবচেয়ে সাশ্রয়ী!"]);
    await bengaliPage("/dashboard/paymenthistory", ["পেমেন্টের ইতিহাস", "কেনা কয়েন", "পরীক্ষামূলক"]);
  });

  it("Bonuses and Requester API keys", async () => {
    await bengaliPage("/dashboard/bonuses", ["বোনাস", "বোনাস দিন", "দেওয়া বোনাস"]);
    await bengaliPage("/dashboard/apikeys", ["রিকোয়েস্টার API কী", "একটি কী তৈরি করুন", "বর্তমান পাসওয়ার্ড"]);
  });

  it("Qualifications and a qualification's page", async () => {
    await bengaliPage("/dashboard/qualifications", ["আপনার যোগ্যতা", "১ টি প্রশ্ন", "১ দিন পরে আবার দেওয়া যায়"]);
    await bengaliPage(`/dashboard/qualifications/${qualificationId}`, [
      "যোগ্যতায় ফিরে যান",
      "পরীক্ষা (২০ টির মধ্যে ১ টি প্রশ্ন)",
      "একটি প্রশ্ন যোগ করুন",
    ]);
  });
});
