// Demo data for a local Coinwork database, as literal SQL.
//
// The data is not written table by table: the marketplace's history is simulated in time order with
// the coin rules of docs/product/coins.md (sign-up bonus, purchase, task charge, submission, approval,
// rejection, withdrawal hold/release, admin adjustment, admin delete), and every balance change is a
// coin_ledger row. So users.coin = SUM(delta) per user, open slots and pending submissions are
// escrowed, and the conservation identity holds exactly. `buildSeed` checks all of that before it
// returns and throws if a rule is broken.
//
// Deterministic: fixed ids ('seed-…') and a fixed random sequence; only timestamps move with `now`
// (completion dates lie ahead of the day the seed runs; pending submissions are a day or two old).
import { hashPassword } from "../app/server/auth/password.ts";
import { CATEGORIES, type Category } from "../app/lib/categories.ts";

export const DEMO_PASSWORD = "Coinwork!1";

export const DEMO_ACCOUNTS = [
  { role: "Admin", email: "admin@coinwork.dev", id: "seed-user-admin", name: "Ayesha Karim" },
  { role: "Buyer", email: "buyer@coinwork.dev", id: "seed-user-buyer", name: "Jordan Blake" },
  { role: "Worker", email: "worker@coinwork.dev", id: "seed-user-worker", name: "Rahim Uddin" },
] as const;

/** `SELECT … ` that is non-empty once the seed has run (or a demo e-mail is taken). */
export const SEEDED_CHECK_SQL = `SELECT id FROM users WHERE id = 'seed-user-admin' OR email IN (${DEMO_ACCOUNTS.map((a) => `'${a.email}'`).join(", ")}) LIMIT 1`;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

type Role = "Worker" | "Buyer" | "Admin";
type LedgerKind =
  | "signup_bonus"
  | "purchase"
  | "admin_adjustment"
  | "task_charge"
  | "task_refund"
  | "slot_reopen"
  | "submission_payout"
  | "withdrawal_hold"
  | "withdrawal_release";
type Value = string | number | null;
type Row = Record<string, Value>;

/** public/images/categories/<slug>.webp */
export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---------------------------------------------------------------------------------------------
// People

interface Person {
  key: string;
  name: string;
  email: string;
  role: Role;
  photo: string | null;
  joinedDaysAgo: number;
}

const avatar = (n: number) => `/avatars/seed-${String(n).padStart(2, "0")}.webp`;

const PEOPLE: Person[] = [
  {
    key: "admin",
    name: DEMO_ACCOUNTS[0].name,
    email: DEMO_ACCOUNTS[0].email,
    role: "Admin",
    photo: avatar(1),
    joinedDaysAgo: 210,
  },
  {
    key: "buyer",
    name: DEMO_ACCOUNTS[1].name,
    email: DEMO_ACCOUNTS[1].email,
    role: "Buyer",
    photo: avatar(2),
    joinedDaysAgo: 180,
  },
  {
    key: "worker",
    name: DEMO_ACCOUNTS[2].name,
    email: DEMO_ACCOUNTS[2].email,
    role: "Worker",
    photo: avatar(3),
    joinedDaysAgo: 170,
  },
  // workers
  {
    key: "w01",
    name: "Tanvir Hasan",
    email: "tanvir.hasan@example.com",
    role: "Worker",
    photo: avatar(4),
    joinedDaysAgo: 168,
  },
  { key: "w02", name: "Mei Lin", email: "mei.lin@example.com", role: "Worker", photo: avatar(5), joinedDaysAgo: 164 },
  {
    key: "w03",
    name: "Lucas Oliveira",
    email: "lucas.oliveira@example.com",
    role: "Worker",
    photo: avatar(6),
    joinedDaysAgo: 159,
  },
  {
    key: "w04",
    name: "Fatima Noor",
    email: "fatima.noor@example.com",
    role: "Worker",
    photo: avatar(7),
    joinedDaysAgo: 155,
  },
  {
    key: "w05",
    name: "Kwame Mensah",
    email: "kwame.mensah@example.com",
    role: "Worker",
    photo: avatar(8),
    joinedDaysAgo: 151,
  },
  {
    key: "w06",
    name: "Elena Petrova",
    email: "elena.petrova@example.com",
    role: "Worker",
    photo: avatar(9),
    joinedDaysAgo: 146,
  },
  {
    key: "w07",
    name: "Arjun Mehta",
    email: "arjun.mehta@example.com",
    role: "Worker",
    photo: avatar(10),
    joinedDaysAgo: 140,
  },
  {
    key: "w08",
    name: "Chloe Martin",
    email: "chloe.martin@example.com",
    role: "Worker",
    photo: avatar(11),
    joinedDaysAgo: 137,
  },
  {
    key: "w09",
    name: "Samuel Osei",
    email: "samuel.osei@example.com",
    role: "Worker",
    photo: avatar(12),
    joinedDaysAgo: 133,
  },
  {
    key: "w10",
    name: "Yuki Tanaka",
    email: "yuki.tanaka@example.com",
    role: "Worker",
    photo: avatar(13),
    joinedDaysAgo: 129,
  },
  {
    key: "w11",
    name: "Nusrat Jahan",
    email: "nusrat.jahan@example.com",
    role: "Worker",
    photo: null,
    joinedDaysAgo: 126,
  },
  {
    key: "w12",
    name: "Diego Ramirez",
    email: "diego.ramirez@example.com",
    role: "Worker",
    photo: null,
    joinedDaysAgo: 124,
  },
  // buyers
  {
    key: "b01",
    name: "Olivia Bennett",
    email: "olivia.bennett@example.com",
    role: "Buyer",
    photo: avatar(14),
    joinedDaysAgo: 178,
  },
  {
    key: "b02",
    name: "Marcus Reid",
    email: "marcus.reid@example.com",
    role: "Buyer",
    photo: avatar(15),
    joinedDaysAgo: 172,
  },
  { key: "b03", name: "Hana Kim", email: "hana.kim@example.com", role: "Buyer", photo: avatar(16), joinedDaysAgo: 161 },
  { key: "b04", name: "Omar Farouk", email: "omar.farouk@example.com", role: "Buyer", photo: null, joinedDaysAgo: 153 },
  { key: "b05", name: "Grace Liu", email: "grace.liu@example.com", role: "Buyer", photo: null, joinedDaysAgo: 144 },
];

const userId = (key: string) => `seed-user-${key}`;

// ---------------------------------------------------------------------------------------------
// Tasks: [buyer, category, title, detail, submission info, slots, pay, created days ago, due in days
// (negative: already past), image?, submissions to generate, of which recent (still pending)]

interface TaskSpec {
  buyer: string;
  category: Category;
  title: string;
  detail: string;
  info: string;
  slots: number;
  pay: number;
  createdDaysAgo: number;
  dueInDays: number;
  image: boolean;
  subs: number;
  recent: number;
}

const T = (
  buyer: string,
  category: Category,
  title: string,
  detail: string,
  info: string,
  slots: number,
  pay: number,
  createdDaysAgo: number,
  dueInDays: number,
  image: boolean,
  subs: number,
  recent = 0,
): TaskSpec => ({ buyer, category, title, detail, info, slots, pay, createdDaysAgo, dueInDays, image, subs, recent });

const TASKS: TaskSpec[] = [
  // The demo buyer: a task in most categories, with work waiting for review.
  T(
    "buyer",
    "App & Website Testing",
    "Test the checkout flow of our shoe store on a phone",
    "Open shop.brightstep.example on an Android or iOS phone, add any pair of shoes to the cart and go through checkout with the test card 4242 4242 4242 4242 up to the confirmation page. Tell us anything that felt slow, confusing or broken.",
    "A screenshot of the order confirmation page and two sentences about what felt slow or confusing.",
    12,
    30,
    38,
    21,
    true,
    9,
    2,
  ),
  T(
    "buyer",
    "Survey & Feedback",
    "Five-minute survey about how you plan your grocery shopping",
    "Answer 12 short questions about where and how often you buy groceries. There are no right answers; we want honest habits for a meal-planning app we are building.",
    "The completion code shown on the last page of the survey.",
    40,
    8,
    30,
    14,
    false,
    12,
    2,
  ),
  T(
    "buyer",
    "Content Writing",
    "Write a 300-word product description for a bamboo cutting board",
    "Write an original, friendly description for an eco-friendly bamboo cutting board (3 sizes, juice groove, dishwasher-safe: no). Plain English, no keyword stuffing, no AI-generated filler.",
    "Paste the description and a link to a shared document with it.",
    4,
    45,
    26,
    10,
    true,
    4,
    1,
  ),
  T(
    "buyer",
    "Video Engagement",
    "Watch our 4-minute onboarding video and answer three questions",
    "Watch the onboarding video of the Brightstep app to the end, then answer: what is the first step, where do you find your orders, and what did you find unclear?",
    "Your three answers and the last word spoken in the video.",
    25,
    6,
    20,
    12,
    true,
    10,
    2,
  ),
  T(
    "buyer",
    "Data Entry",
    "Copy 50 store opening hours from photos into a spreadsheet",
    "You get a folder with 50 photos of shop-door signs. Enter store name, weekdays and opening hours into the shared sheet template, one row per store.",
    "A link to your filled copy of the sheet.",
    3,
    60,
    16,
    9,
    false,
    3,
    1,
  ),
  T(
    "buyer",
    "Translation",
    "Translate our app's 120-word welcome screen into Spanish",
    "Translate the welcome screen text (attached in the task document) into natural Latin-American Spanish. Keep the button labels short.",
    "The translated text, with button labels marked in [brackets].",
    3,
    40,
    12,
    18,
    false,
    2,
    1,
  ),
  T(
    "buyer",
    "Image Handling",
    "Remove the background from 20 product photos",
    "Cut out 20 shoe photos onto a pure white background (#FFFFFF), 1200x1200 px, centred, with a soft natural shadow. Keep the file names.",
    "A link to a zip or folder with the 20 edited images.",
    2,
    55,
    9,
    15,
    true,
    1,
    1,
  ),
  T(
    "buyer",
    "SEO & Marketing",
    "Find 15 running blogs that accept guest posts",
    "Find 15 active blogs about running or fitness (a post in the last 3 months) that accept guest posts. List name, URL, contact and domain authority if you can see it.",
    "A link to a sheet with the 15 blogs.",
    5,
    35,
    44,
    -4,
    false,
    5,
    0,
  ),
  T(
    "buyer",
    "Creative Design",
    "Design an Instagram story for our spring sale",
    "One 1080x1920 story announcing 20% off all running shoes from March 1 to 10. Use our teal (#0f766e) and white; the logo is in the brief.",
    "A PNG of the story and, if you used one, the editable file.",
    3,
    50,
    34,
    -2,
    true,
    3,
    0,
  ),
  T(
    "buyer",
    "Survey & Feedback",
    "Rate three landing page headlines",
    "Read three headline options for our running-shoe landing page and rank them from most to least convincing, with one sentence on why for each.",
    "Your ranking (e.g. B, A, C) and one sentence per headline.",
    30,
    5,
    5,
    25,
    false,
    6,
    3,
  ),

  // Older tasks, done and past their completion date: the history behind today's balances.
  T(
    "buyer",
    "Content Writing",
    "Write five FAQ answers for a fitness app",
    "Answer five questions our users ask most (resetting a plan, pausing a subscription, syncing a watch, rest days, data export) in 60 to 90 words each.",
    "A link to a shared document with the five answers.",
    4,
    60,
    95,
    -70,
    true,
    4,
  ),
  T(
    "b01",
    "Video Engagement",
    "Watch and review our bread-scoring tutorial",
    "Watch the 6-minute scoring tutorial and leave a review on the video: was it easy to follow, what would you add?",
    "A screenshot of your review under the video.",
    15,
    12,
    88,
    -60,
    true,
    10,
  ),
  T(
    "b02",
    "App & Website Testing",
    "Test the sign-up flow of Pennywise on Android",
    "Sign up in the Pennywise beta with a new e-mail, verify it and connect a demo bank. Report every step that failed or confused you.",
    "Your phone model, Android version and a list of problems (or 'none').",
    8,
    50,
    80,
    -55,
    true,
    8,
  ),
  T(
    "buyer",
    "Data Entry",
    "Transcribe 40 handwritten customer feedback cards",
    "Type the text of 40 scanned feedback cards into the sheet, one card per row, keeping spelling as written.",
    "A link to the finished sheet.",
    5,
    70,
    75,
    -50,
    false,
    5,
  ),
  T(
    "b03",
    "Translation",
    "Translate plant care labels into German",
    "Translate 25 short plant care labels (light, water, temperature) into German. Short and clear: they are printed on small tags.",
    "The 25 translations in the same order as the list.",
    3,
    60,
    70,
    -45,
    false,
    3,
  ),
  T(
    "b05",
    "Survey & Feedback",
    "Survey: how do you track your spending?",
    "Ten questions about apps, spreadsheets or notebooks you use to follow your spending.",
    "The completion code at the end of the survey.",
    50,
    6,
    65,
    -35,
    false,
    12,
  ),
  T(
    "b04",
    "Image Handling",
    "Rename and sort 300 hotel room photos",
    "Sort 300 photos into folders by room type and rename them room-type-number.jpg as in the example.",
    "A link to the sorted folder.",
    4,
    55,
    60,
    -30,
    true,
    4,
  ),
  T(
    "buyer",
    "SEO & Marketing",
    "Check 100 product links for 404 errors",
    "Open each of the 100 product links in the list and mark the ones that show an error or the wrong product.",
    "A link to the sheet with the broken links marked.",
    6,
    40,
    55,
    -28,
    false,
    6,
  ),

  // Other buyers
  T(
    "b01",
    "Video Engagement",
    "Watch a cooking tutorial and leave a genuine comment",
    "Watch the full 'One-pan lemon chicken' video on our channel and leave a genuine comment about the recipe. No copy-paste comments, please.",
    "A screenshot showing your comment under the video and your channel name.",
    30,
    5,
    33,
    20,
    true,
    12,
    2,
  ),
  T(
    "b01",
    "Content Writing",
    "Write three short Instagram captions for a bakery",
    "Three captions (max 150 characters each) for photos of sourdough, cinnamon buns and a birthday cake. Warm tone, one emoji at most, include #MapleBakery.",
    "The three captions, one per line.",
    6,
    20,
    22,
    16,
    false,
    5,
    1,
  ),
  T(
    "b01",
    "Image Handling",
    "Tag 200 photos of food by dish type",
    "Label each photo in our tagging tool with one of 12 dish types (soup, salad, pasta, …). Skip blurry photos and note how many you skipped.",
    "Your tagger username and how many photos you tagged and skipped.",
    8,
    25,
    54,
    -10,
    true,
    7,
    0,
  ),
  T(
    "b02",
    "App & Website Testing",
    "Find bugs in our budgeting app's new chart screen",
    "Install the beta of Pennywise from the test link, add five expenses and open the new 'Monthly chart' screen. Report crashes, wrong totals or layout problems with steps to reproduce.",
    "Steps to reproduce each issue, your phone model and a screenshot.",
    10,
    40,
    27,
    19,
    true,
    7,
    1,
  ),
  T(
    "b02",
    "Data Entry",
    "Enter 100 business cards into a CRM import sheet",
    "Type the details of 100 scanned business cards (name, company, role, phone, e-mail) into the CSV template. Accuracy matters more than speed.",
    "A link to the finished CSV file.",
    4,
    70,
    47,
    -6,
    false,
    4,
    0,
  ),
  T(
    "b02",
    "SEO & Marketing",
    "Write meta descriptions for 10 blog posts",
    "Write a meta description (max 155 characters) for each of our 10 latest blog posts about personal finance. Include the main keyword naturally.",
    "The 10 descriptions with the post URL before each.",
    6,
    30,
    14,
    22,
    false,
    4,
    1,
  ),
  T(
    "b02",
    "Translation",
    "Translate a 200-word FAQ from English to French",
    "Translate our budgeting FAQ (5 questions) into French for readers in France. Keep the friendly 'tu' tone of the original.",
    "The translated FAQ.",
    3,
    45,
    24,
    11,
    false,
    3,
    0,
  ),
  T(
    "b03",
    "Creative Design",
    "Sketch a logo concept for a plant shop",
    "Draw two rough logo concepts for 'Fern & Fig', a small plant shop. Hand sketches photographed are fine; we are looking for ideas, not polish.",
    "Photos or images of your two concepts and a sentence on each.",
    5,
    40,
    19,
    24,
    true,
    4,
    1,
  ),
  T(
    "b03",
    "Survey & Feedback",
    "Tell us how you care for house plants (10 questions)",
    "A short survey about watering, light and the plants you own. Takes about 4 minutes.",
    "The completion code at the end of the survey.",
    60,
    4,
    11,
    30,
    false,
    12,
    3,
  ),
  T(
    "b03",
    "Video Engagement",
    "Watch a 2-minute plant-care reel and rate it",
    "Watch our repotting reel and rate it from 1 to 5 for clarity, with one thing we could do better.",
    "Your rating and the improvement you suggest.",
    20,
    5,
    8,
    9,
    true,
    6,
    2,
  ),
  T(
    "b03",
    "Image Handling",
    "Crop and straighten 30 plant photos",
    "Crop each photo to a square with the plant centred and straighten tilted horizons. Export as JPEG at 90% quality.",
    "A link to the folder with the 30 edited photos.",
    2,
    45,
    3,
    20,
    false,
    1,
    1,
  ),
  T(
    "b04",
    "Translation",
    "Proofread an Arabic translation of a hotel menu",
    "We have a machine translation of our breakfast menu into Arabic (40 lines). Correct mistakes and make dish names sound natural.",
    "The corrected menu with your changes highlighted.",
    2,
    50,
    28,
    8,
    false,
    2,
    0,
  ),
  T(
    "b04",
    "App & Website Testing",
    "Book a test room on our hotel site and report problems",
    "Make a test booking on staging.sunhotel.example (no payment needed), change the dates once and cancel it. Note anything that did not work on your device.",
    "Your device and browser, and what went wrong (or 'no problems').",
    15,
    20,
    17,
    13,
    true,
    6,
    1,
  ),
  T(
    "b04",
    "SEO & Marketing",
    "Check 40 hotel listings for wrong phone numbers",
    "Compare the phone number on 40 travel-site listings with the one on our website and list every mismatch with a link.",
    "A link to a sheet with the mismatches.",
    3,
    30,
    42,
    -1,
    false,
    3,
    0,
  ),
  T(
    "b05",
    "Content Writing",
    "Write a 500-word blog post on first-time investing mistakes",
    "An original blog post for beginners about five common mistakes when starting to invest. Friendly and practical; no financial advice disclaimers needed, we add ours.",
    "A link to a shared document with the post.",
    2,
    80,
    15,
    17,
    true,
    2,
    1,
  ),
  T(
    "b05",
    "Data Entry",
    "Collect prices of 60 items from two supermarket websites",
    "For each of the 60 items in the list, record the price on both supermarket websites and the date you checked.",
    "A link to the completed sheet.",
    6,
    35,
    7,
    14,
    false,
    3,
    1,
  ),
  T(
    "b05",
    "Creative Design",
    "Make a simple YouTube thumbnail for a finance video",
    "A 1280x720 thumbnail for the video 'How I saved $5,000 in a year'. Bold text, a face or an illustration, high contrast.",
    "The PNG file and the fonts you used.",
    4,
    35,
    2,
    10,
    true,
    1,
    1,
  ),
  T(
    "b05",
    "Survey & Feedback",
    "Give feedback on a personal finance newsletter",
    "Read this week's newsletter and tell us the most useful part, the least useful part and whether you would subscribe.",
    "Your three answers in a few sentences.",
    25,
    6,
    6,
    28,
    false,
    5,
    2,
  ),
  T(
    "b01",
    "SEO & Marketing",
    "Share our bakery's new menu in two local groups",
    "Share the new menu post in two local community groups you are already a member of, with a short personal note.",
    "Screenshots of both shares.",
    10,
    10,
    40,
    5,
    false,
    6,
    0,
  ),
];

// The task an admin removes (with a pending submission that gets cancelled and refunded).
const REMOVED_TASK: TaskSpec = T(
  "b04",
  "Video Engagement",
  "Like and follow 20 of our social accounts",
  "Follow all 20 accounts in the list and like their last three posts each.",
  "Screenshots of every follow.",
  20,
  3,
  6,
  20,
  false,
  2,
  1,
);

// ---------------------------------------------------------------------------------------------
// Words

const PROOF: Record<Category, string[]> = {
  "Video Engagement": [
    "Watched the whole video and left a comment as @{handle}. Screenshot attached.",
    "Done: watched to the end; comment posted under my channel {name}.",
    "Finished the video. Answers: 1) create an account, 2) the Orders tab, 3) the part about saved cards was quick.",
  ],
  "Content Writing": [
    "Here is my draft: {doc}. Written from scratch; happy to adjust the tone.",
    "Finished text in the shared document: {doc}",
  ],
  Translation: [
    "Translation done and proofread twice: {doc}",
    "Translated text attached; button labels in [brackets] as asked.",
  ],
  "Image Handling": ["All images edited and uploaded: {doc}", "Folder with the edited files: {doc}. File names kept."],
  "App & Website Testing": [
    "Tested on a Samsung A54 (Chrome). Found one issue: the total does not update after removing an item. Screenshot attached.",
    "Pixel 7, Android 15: no crash, but the chart labels overlap in dark mode. Steps: add 5 expenses, open Monthly chart, switch theme.",
    "iPhone 13, Safari: completed the flow. The date picker closes when scrolling. Details in the attached screenshot.",
  ],
  "Creative Design": [
    "Design attached (PNG plus source file): {doc}",
    "Two concepts in the folder: {doc}. The first uses a leaf monogram.",
  ],
  "Data Entry": [
    "Sheet completed and double-checked: {doc}",
    "All rows entered. Link: {doc}. Two entries were unreadable and are marked.",
  ],
  "SEO & Marketing": ["List completed: {doc}", "Done, every entry checked by hand: {doc}"],
  "Survey & Feedback": [
    "Completed the survey. Code: {code}",
    "My answers: the comparison table was the most useful part; the long intro the least. I would subscribe.",
    "Ranking: B, A, C. B is concrete, A is friendly but vague, C sounds like an advert.",
  ],
};

const REJECT_REASONS = [
  "The screenshot does not show your comment under the video.",
  "The completion code is not one our survey gave out.",
  "The text looks machine-generated and was not checked; please write it yourself.",
  "The link to your file asks for access. Please share it publicly and submit again.",
  "Only half of the items were done.",
];

const WITHDRAWAL_REJECT_REASONS = [
  "The account number does not match the name on your profile.",
  "The Bkash number is not registered. Please check it and request again.",
];

const CONTACT_MESSAGES = [
  {
    name: "Liam Carter",
    email: "liam.carter@example.com",
    subject: "Posting tasks for a small agency",
    message:
      "Hi! We are a five-person marketing agency. Can several of us post tasks from one buyer account, or do we each need our own?",
    daysAgo: 4,
    read: false,
  },
  {
    name: "Sara Haddad",
    email: "sara.haddad@example.com",
    subject: "Withdrawal to Nagad",
    message: "How long does a withdrawal to Nagad usually take after it is approved?",
    daysAgo: 2,
    read: false,
  },
  {
    name: "Peter Novak",
    email: "peter.novak@example.com",
    subject: "Great platform",
    message: "Just wanted to say the review process is quick and fair. Thanks!",
    daysAgo: 12,
    read: true,
  },
];

// ---------------------------------------------------------------------------------------------
// A small deterministic random sequence (mulberry32).

function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}

// ---------------------------------------------------------------------------------------------
// The simulation

interface UserState {
  id: string;
  name: string;
  role: Role;
  coin: number;
}
interface TaskState {
  row: Row;
  openSlots: number;
  title: string;
  buyerId: string;
  pay: number;
  dueEnd: number;
  deleted: boolean;
}
interface SubmissionState {
  row: Row;
  taskId: string;
  workerId: string;
  status: "pending" | "approved" | "rejected" | "cancelled";
}
interface WithdrawalState {
  row: Row;
  workerId: string;
  coins: number;
  status: "pending" | "approved" | "rejected";
}

class Market {
  users = new Map<string, UserState>();
  tasks = new Map<string, TaskState>();
  subs = new Map<string, SubmissionState>();
  withdrawals = new Map<string, WithdrawalState>();
  out: Record<string, Row[]> = {
    users: [],
    tasks: [],
    submissions: [],
    withdrawals: [],
    orders: [],
    coin_ledger: [],
    notifications: [],
    contact_messages: [],
    audit_log: [],
  };
  private seq: Record<string, number> = {};
  private now: number;
  constructor(now: number) {
    this.now = now;
  }

  nextId(prefix: string, width = 3) {
    this.seq[prefix] = (this.seq[prefix] ?? 0) + 1;
    return `seed-${prefix}-${String(this.seq[prefix]).padStart(width, "0")}`;
  }

  user(id: string): UserState {
    const u = this.users.get(id);
    if (!u) throw new Error(`seed: unknown user ${id}`);
    return u;
  }

  post(
    userId: string,
    delta: number,
    kind: LedgerKind,
    at: number,
    refs: Partial<Record<"task_id" | "submission_id" | "withdrawal_id" | "order_id" | "note", string>> = {},
  ) {
    if (!Number.isInteger(delta) || delta === 0) throw new Error(`seed: bad delta ${delta} (${kind})`);
    const u = this.user(userId);
    if (u.coin + delta < 0) throw new Error(`seed: ${u.name} would go negative (${u.coin} ${delta}) on ${kind}`);
    u.coin += delta;
    this.out.coin_ledger.push({
      id: this.nextId("ledger", 4),
      user_id: userId,
      delta,
      kind,
      task_id: refs.task_id ?? null,
      submission_id: refs.submission_id ?? null,
      withdrawal_id: refs.withdrawal_id ?? null,
      order_id: refs.order_id ?? null,
      note: refs.note ?? null,
      created_at: at,
    });
  }

  notify(userId: string, message: string, actionRoute: string, at: number) {
    this.out.notifications.push({
      id: this.nextId("note"),
      user_id: userId,
      message,
      action_route: actionRoute,
      // what is more than three days old has been seen
      read_at: this.now - at > 3 * DAY ? at + 6 * HOUR : null,
      created_at: at,
    });
  }

  audit(
    actorId: string,
    action: string,
    targetType: string,
    targetId: string,
    detail: string | null,
    reason: string | null,
    at: number,
  ) {
    this.out.audit_log.push({
      id: this.nextId("audit"),
      actor_id: actorId,
      action,
      target_type: targetType,
      target_id: targetId,
      detail,
      reason,
      created_at: at,
    });
  }

  signUp(p: Person, at: number) {
    const id = userId(p.key);
    this.users.set(id, { id, name: p.name, role: p.role, coin: 0 });
    this.out.users.push({
      id,
      name: p.name,
      email: p.email,
      role: p.role,
      coin: 0, // filled in at the end from the simulated balance
      photo: p.photo,
      password_hash: "", // filled in by buildSeed
      session_version: 1,
      disabled_at: null,
      created_at: at,
      // demo accounts are verified (they move coins at once) and keep their documented, short password unflagged
      email_verified_at: at,
      demo: 1,
    });
    // Admins do not self-register: the admin joined as a worker and was promoted (ADMIN_EMAILS).
    const bonus = p.role === "Buyer" ? 50 : 10;
    this.post(id, bonus, "signup_bonus", at);
  }

  purchase(userId: string, coins: number, at: number) {
    const price: Record<number, number> = { 10: 100, 150: 1000, 500: 2000, 1000: 3500 };
    if (!price[coins]) throw new Error(`seed: no package of ${coins} coins`);
    const id = this.nextId("order");
    const n = id.slice(-3);
    this.out.orders.push({
      id,
      user_id: userId,
      coins,
      price_cents: price[coins],
      payment_id: `pi_test_seed_${n}`,
      provider: "test",
      created_at: at,
    });
    this.post(userId, coins, "purchase", at, { order_id: id });
  }

  adjust(adminId: string, userId: string, delta: number, reason: string, at: number) {
    this.post(userId, delta, "admin_adjustment", at, { note: reason });
    this.audit(adminId, "coins.adjust", "user", userId, `${delta > 0 ? "+" : ""}${delta} coins`, reason, at);
  }

  postTask(id: string, spec: TaskSpec, today: string, at: number) {
    const buyerId = userId(spec.buyer);
    const dueDate = isoDate(addDays(today, spec.dueInDays));
    const row: Row = {
      id,
      buyer_id: buyerId,
      task_title: spec.title,
      task_detail: spec.detail,
      task_image_url: spec.image ? `/images/categories/${categorySlug(spec.category)}.webp` : null,
      category: spec.category,
      required_workers: spec.slots,
      payable_amount: spec.pay,
      completion_date: dueDate,
      submission_info: spec.info,
      created_at: at,
      deleted_at: null,
    };
    this.out.tasks.push(row);
    this.tasks.set(id, {
      row,
      openSlots: spec.slots,
      title: spec.title,
      buyerId,
      pay: spec.pay,
      dueEnd: Date.parse(`${dueDate}T23:59:59.999Z`),
      deleted: false,
    });
    this.post(buyerId, -spec.slots * spec.pay, "task_charge", at, { task_id: id });
  }

  submit(id: string, taskId: string, workerId: string, details: string, at: number) {
    const t = this.tasks.get(taskId)!;
    if (t.deleted) throw new Error("seed: submission to a removed task");
    if (t.openSlots < 1) throw new Error(`seed: no slot left on "${t.title}"`);
    if (at > t.dueEnd) throw new Error(`seed: submission after the completion date of "${t.title}"`);
    for (const s of this.subs.values()) {
      if (s.taskId === taskId && s.workerId === workerId && (s.status === "pending" || s.status === "approved")) {
        throw new Error("seed: second active submission of one worker on one task");
      }
    }
    t.openSlots -= 1;
    const row: Row = {
      id,
      task_id: taskId,
      worker_id: workerId,
      buyer_id: t.buyerId,
      payable_amount: t.pay,
      submission_details: details,
      submission_image_url: null,
      status: "pending",
      reject_reason: null,
      created_at: at,
      reviewed_at: null,
    };
    this.out.submissions.push(row);
    this.subs.set(id, { row, taskId, workerId, status: "pending" });
    this.notify(t.buyerId, `${this.user(workerId).name} submitted work for "${t.title}"`, "/dashboard/buyerhome", at);
  }

  approve(subId: string, at: number) {
    const s = this.pending(subId);
    const t = this.tasks.get(s.taskId)!;
    s.status = "approved";
    s.row.status = "approved";
    s.row.reviewed_at = at;
    const amount = s.row.payable_amount as number;
    this.post(s.workerId, amount, "submission_payout", at, { submission_id: subId });
    this.notify(
      s.workerId,
      `You earned ${amount} coins: your submission for "${t.title}" was approved.`,
      "/dashboard/mysubmissions",
      at,
    );
  }

  reject(subId: string, reason: string, at: number) {
    const s = this.pending(subId);
    const t = this.tasks.get(s.taskId)!;
    s.status = "rejected";
    s.row.status = "rejected";
    s.row.reject_reason = reason;
    s.row.reviewed_at = at;
    t.openSlots += 1; // the slot returns; its coins never left the task's escrow
    this.notify(s.workerId, `Your submission for "${t.title}" was rejected: ${reason}`, "/dashboard/mysubmissions", at);
  }

  /** An admin removes a task: open slots and pending submissions are refunded to the buyer. */
  removeTask(adminId: string, taskId: string, reason: string, at: number) {
    const t = this.tasks.get(taskId)!;
    const pending = [...this.subs.values()].filter((s) => s.taskId === taskId && s.status === "pending");
    const refund = t.openSlots * t.pay + pending.reduce((sum, s) => sum + (s.row.payable_amount as number), 0);
    this.audit(adminId, "task.delete", "task", taskId, t.title, reason, at);
    this.post(t.buyerId, refund, "task_refund", at, { task_id: taskId, note: "removed by admin" });
    this.notify(
      t.buyerId,
      `An admin removed your task "${t.title}". Its escrowed coins were refunded.`,
      "/dashboard/mytasks",
      at,
    );
    for (const s of pending) {
      s.status = "cancelled";
      s.row.status = "cancelled";
      s.row.reviewed_at = at;
      this.notify(
        s.workerId,
        `The task "${t.title}" was removed, so your pending submission was cancelled.`,
        "/dashboard/mysubmissions",
        at,
      );
    }
    t.deleted = true;
    t.row.deleted_at = at;
  }

  requestWithdrawal(workerId: string, coins: number, system: string, account: string, at: number): string {
    if (coins < 200) throw new Error("seed: withdrawals are at least 200 coins");
    const id = this.nextId("withdrawal", 2);
    const row: Row = {
      id,
      worker_id: workerId,
      withdrawal_coin: coins,
      withdrawal_cents: coins * 5,
      payment_system: system,
      account_number: account,
      status: "pending",
      decision_reason: null,
      decided_by: null,
      created_at: at,
      decided_at: null,
    };
    this.out.withdrawals.push(row);
    this.withdrawals.set(id, { row, workerId, coins, status: "pending" });
    this.post(workerId, -coins, "withdrawal_hold", at, { withdrawal_id: id });
    return id;
  }

  decideWithdrawal(adminId: string, id: string, approve: boolean, reason: string | null, at: number) {
    const w = this.withdrawals.get(id)!;
    if (w.status !== "pending") throw new Error("seed: withdrawal decided twice");
    w.status = approve ? "approved" : "rejected";
    Object.assign(w.row, { status: w.status, decided_by: adminId, decided_at: at, decision_reason: reason });
    const dollars = (w.coins / 20).toFixed(2);
    if (approve) {
      this.notify(
        w.workerId,
        `Your withdrawal of $${dollars} (${w.coins} coins) was approved and paid.`,
        "/dashboard/withdraw",
        at,
      );
      this.audit(adminId, "withdrawal.approve", "withdrawal", id, `${w.coins} coins, $${dollars}`, null, at);
    } else {
      this.post(w.workerId, w.coins, "withdrawal_release", at, { withdrawal_id: id });
      this.notify(
        w.workerId,
        `Your withdrawal of $${dollars} (${w.coins} coins) was rejected: ${reason}. The coins are back in your balance.`,
        "/dashboard/withdraw",
        at,
      );
      this.audit(adminId, "withdrawal.reject", "withdrawal", id, `${w.coins} coins, $${dollars}`, reason, at);
    }
  }

  private pending(subId: string): SubmissionState {
    const s = this.subs.get(subId)!;
    if (s.status !== "pending") throw new Error("seed: a submission reviewed twice");
    return s;
  }
}

function addDays(isoDay: string, days: number): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY);
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------

export interface SeedResult {
  sql: string;
  counts: Record<string, number>;
  balances: Record<string, number>;
  created: number;
}

interface Event {
  at: number;
  order: number;
  run: () => void;
}

/** Simulates the marketplace's history up to `now` and returns it as SQL inserts. */
export async function buildSeed(when = Date.now()): Promise<SeedResult> {
  const now = Math.round(when);
  const rnd = random(20261122);
  const m = new Market(now);
  const today = isoDate(new Date(now));
  const events: Event[] = [];
  let order = 0;
  const at = (t: number, run: () => void) => events.push({ at: Math.round(t), order: order++, run });
  const ago = (days: number) => Math.round(now - days * DAY);

  const adminId = userId("admin");
  const workerKeys = PEOPLE.filter((p) => p.role === "Worker").map((p) => p.key);
  const workerIds = workerKeys.map(userId);
  const demoWorker = userId("worker");

  // Sign-ups
  for (const p of PEOPLE)
    at(ago(p.joinedDaysAgo) + rnd.int(8, 20) * HOUR, () => m.signUp(p, ago(p.joinedDaysAgo) + 9 * HOUR));

  // Tasks, and the coins their buyers bought before posting them
  const specs = [...TASKS, REMOVED_TASK];
  const taskIds = specs.map((_, i) => `seed-task-${String(i + 1).padStart(2, "0")}`);
  const spend = new Map<string, { cost: number; firstPost: number }>();
  specs.forEach((spec, i) => {
    const createdAt = ago(spec.createdDaysAgo) - rnd.int(1, 10) * HOUR;
    const s = spend.get(spec.buyer) ?? { cost: 0, firstPost: Infinity };
    s.cost += spec.slots * spec.pay;
    s.firstPost = Math.min(s.firstPost, createdAt);
    spend.set(spec.buyer, s);
    at(createdAt, () => m.postTask(taskIds[i], spec, today, createdAt));
  });
  for (const p of PEOPLE.filter((x) => x.role === "Buyer")) {
    const s = spend.get(p.key) ?? { cost: 0, firstPost: ago(1) };
    // Packages bought: enough for every task plus a balance left to spend (the demo buyer: a good one).
    const leftover = p.key === "buyer" ? 900 : 120 + rnd.int(0, 6) * 40;
    let need = s.cost + leftover - 50;
    const packs: number[] = [];
    while (need > 0) {
      const pack = need >= 900 ? 1000 : need >= 400 ? 500 : need >= 100 ? 150 : 10;
      packs.push(pack);
      need -= pack;
    }
    const joined = ago(p.joinedDaysAgo) + 9 * HOUR;
    const span = Math.max(HOUR, s.firstPost - joined - 2 * HOUR);
    packs.forEach((coins, k) => {
      const t = Math.round(joined + HOUR + (span * (k + 1)) / (packs.length + 1));
      at(t, () => m.purchase(userId(p.key), coins, t));
    });
  }
  // The demo buyer tops up now and then, so the payment history reaches the present.
  at(ago(9) + 3 * HOUR, () => m.purchase(userId("buyer"), 150, ago(9) + 3 * HOUR));
  at(ago(2) + 5 * HOUR, () => m.purchase(userId("buyer"), 10, ago(2) + 5 * HOUR));

  // Submissions and reviews
  let subN = 0;
  specs.forEach((spec, i) => {
    const taskId = taskIds[i];
    const createdAt = ago(spec.createdDaysAgo);
    const dueEnd = Date.parse(`${isoDate(addDays(today, spec.dueInDays))}T23:59:59.999Z`);
    const end = Math.min(now - HOUR, dueEnd);
    const oldEnd = Math.min(end, now - 3.5 * DAY);
    const times: number[] = [];
    for (let k = 0; k < spec.subs; k++) {
      const recent = k >= spec.subs - spec.recent;
      const lo = recent ? Math.max(createdAt + HOUR, now - 2 * DAY) : createdAt + 4 * HOUR;
      const hi = recent ? end : oldEnd;
      if (hi <= lo) throw new Error(`seed: no time for submission ${k + 1} of "${spec.title}"`);
      times.push(lo + rnd.next() * (hi - lo));
    }
    times.sort((a, b) => a - b);
    // Workers who had joined by then; the demo worker takes part in most tasks, the others at random.
    const joinedAt = (id: string) => ago(PEOPLE.find((p) => userId(p.key) === id)!.joinedDaysAgo) + DAY;
    const chosen: string[] = [];
    const demoAt = rnd.chance(0.8) ? rnd.int(0, spec.subs - 1) : -1;
    times.forEach((t, k) => {
      const eligible = workerIds.filter((w) => joinedAt(w) < t && !chosen.includes(w));
      const w =
        k === demoAt && eligible.includes(demoWorker)
          ? demoWorker
          : rnd.pick(eligible.filter((x) => x !== demoWorker || demoAt < 0));
      if (!w) throw new Error(`seed: no worker for submission ${k + 1} of "${spec.title}"`);
      chosen.push(w);
    });
    times.forEach((t, k) => {
      const subId = `seed-sub-${String(++subN).padStart(3, "0")}`;
      const workerId = chosen[k];
      const worker = PEOPLE.find((p) => userId(p.key) === workerId)!;
      const details = rnd
        .pick(PROOF[spec.category])
        .replace("{handle}", worker.name.split(" ")[0].toLowerCase() + rnd.int(10, 99))
        .replace("{name}", worker.name)
        .replace("{doc}", `https://docs.example.com/d/${subId.slice(-3)}${worker.key}`)
        .replace("{code}", `CW-${rnd.int(1000, 9999)}-${rnd.int(10, 99)}`);
      at(t, () => m.submit(subId, taskId, workerId, details, Math.round(t)));
      if (now - t <= 2.5 * DAY) return; // waiting for review (inside the review window)
      const reviewAt = Math.min(t + rnd.int(3, 40) * HOUR + rnd.int(0, 59) * MINUTE, now - 2 * HOUR);
      if (rnd.chance(0.17)) {
        const reason = rnd.pick(REJECT_REASONS);
        at(reviewAt, () => m.reject(subId, reason, Math.round(reviewAt)));
      } else {
        at(reviewAt, () => m.approve(subId, Math.round(reviewAt)));
      }
    });
  });

  // Admin adjustments
  at(ago(33) + 2 * HOUR, () =>
    m.adjust(adminId, demoWorker, 100, "Bonus for 20 accurate submissions in a row", ago(33) + 2 * HOUR),
  );
  at(ago(21) + 4 * HOUR, () =>
    m.adjust(
      adminId,
      userId("w05"),
      40,
      "Compensation: a task was removed after you had started it",
      ago(21) + 4 * HOUR,
    ),
  );
  at(ago(58), () => m.adjust(adminId, userId("b03"), 150, "Goodwill credit after a failed card payment", ago(58)));

  // Withdrawals: amounts are decided from the balance at that moment (a worker keeps `keep` coins).
  const plans: {
    worker: string;
    daysAgo: number;
    keep: number;
    max: number;
    system: string;
    account: string;
    outcome: "approve" | "reject" | "pending";
    decideAfterH?: number;
  }[] = [
    {
      worker: "worker",
      daysAgo: 27,
      keep: 20,
      max: 250,
      system: "Bkash",
      account: "01711-482930",
      outcome: "approve",
      decideAfterH: 20,
    },
    {
      worker: "worker",
      daysAgo: 13,
      keep: 0,
      max: 300,
      system: "Nagad",
      account: "01811-220457",
      outcome: "reject",
      decideAfterH: 26,
    },
    {
      worker: "worker",
      daysAgo: 1.2,
      keep: 220,
      max: 200,
      system: "Bkash",
      account: "01711-482930",
      outcome: "pending",
    },
    {
      worker: "w01",
      daysAgo: 18,
      keep: 0,
      max: 200,
      system: "Rocket",
      account: "01912-006341",
      outcome: "approve",
      decideAfterH: 30,
    },
    {
      worker: "w02",
      daysAgo: 6,
      keep: 0,
      max: 220,
      system: "Bank",
      account: "DE89 3704 0044 0532 0130 00",
      outcome: "approve",
      decideAfterH: 18,
    },
    { worker: "w03", daysAgo: 2, keep: 0, max: 200, system: "Nagad", account: "01630-559812", outcome: "pending" },
    {
      worker: "w04",
      daysAgo: 9,
      keep: 0,
      max: 210,
      system: "Bkash",
      account: "01555-120000",
      outcome: "reject",
      decideAfterH: 22,
    },
    {
      worker: "w06",
      daysAgo: 0.6,
      keep: 0,
      max: 200,
      system: "Others",
      account: "PayPal elena.petrova@example.com",
      outcome: "pending",
    },
    { worker: "w07", daysAgo: 4, keep: 0, max: 200, system: "Rocket", account: "01777-310045", outcome: "pending" },
  ];
  const withdrawalsMade: string[] = [];
  let rejectN = 0;
  for (const plan of plans) {
    const t = ago(plan.daysAgo);
    const workerId = userId(plan.worker);
    at(t, () => {
      const balance = m.user(workerId).coin;
      const coins = Math.min(plan.max, Math.floor((balance - plan.keep) / 10) * 10);
      if (coins < 200) return; // not earned enough by then: no request
      const id = m.requestWithdrawal(workerId, coins, plan.system, plan.account, t);
      withdrawalsMade.push(`${plan.worker}:${plan.outcome}`);
      if (plan.outcome === "pending") return;
      const decideAt = Math.min(t + (plan.decideAfterH ?? 24) * HOUR, now - HOUR);
      const reason =
        plan.outcome === "reject" ? WITHDRAWAL_REJECT_REASONS[rejectN++ % WITHDRAWAL_REJECT_REASONS.length] : null;
      at(decideAt, () => m.decideWithdrawal(adminId, id, plan.outcome === "approve", reason, decideAt));
    });
  }

  // The admin removes the suspicious task (its pending submission is cancelled and refunded).
  const removedId = taskIds[specs.length - 1];
  // (after its last submission, which is at most an hour old)
  const removedAt = now - 30 * MINUTE;
  at(removedAt, () =>
    m.removeTask(adminId, removedId, "Asks for follows and likes, which breaks the task rules.", removedAt),
  );

  // Run the history in time order (events may schedule later events).
  const done = new Set<Event>();
  for (;;) {
    const next = events.filter((e) => !done.has(e)).sort((a, b) => a.at - b.at || a.order - b.order)[0];
    if (!next) break;
    if (next.at > now) throw new Error("seed: an event lies in the future");
    done.add(next);
    next.run();
  }

  // Contact messages
  for (const c of CONTACT_MESSAGES) {
    const created = ago(c.daysAgo);
    m.out.contact_messages.push({
      id: m.nextId("message", 2),
      name: c.name,
      email: c.email,
      subject: c.subject,
      message: c.message,
      read_at: c.read ? created + 5 * HOUR : null,
      created_at: created,
    });
  }

  // Final balances into the user rows, and one password hash for everybody (all share the demo password).
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const row of m.out.users) {
    row.coin = m.user(row.id as string).coin;
    row.password_hash = hash;
  }

  verify(m, withdrawalsMade);
  const created = m.out.coin_ledger
    .filter((l) => l.kind === "signup_bonus" || l.kind === "purchase" || l.kind === "admin_adjustment")
    .reduce((s, l) => s + (l.delta as number), 0);
  const counts = Object.fromEntries(Object.entries(m.out).map(([k, v]) => [k, v.length]));
  const balances = Object.fromEntries([...m.users.values()].map((u) => [u.id, u.coin]));
  return { sql: toSql(m.out), counts, balances, created };
}

/** The promises the seed makes, checked on the rows it is about to write. */
function verify(m: Market, withdrawalsMade: string[]) {
  const o = m.out;
  const sum = (rows: Row[], f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const created = sum(
    o.coin_ledger.filter((l) => ["signup_bonus", "purchase", "admin_adjustment"].includes(l.kind as string)),
    (l) => l.delta as number,
  );
  const balances = sum(o.users, (u) => u.coin as number);
  const openSlots = sum(
    o.tasks.filter((t) => t.deleted_at === null),
    (t) => (t.required_workers as number) * (t.payable_amount as number),
  );
  const pending = sum(
    o.submissions.filter((s) => s.status === "pending"),
    (s) => s.payable_amount as number,
  );
  const held = sum(
    o.withdrawals.filter((w) => w.status === "pending"),
    (w) => w.withdrawal_coin as number,
  );
  const paid = sum(
    o.withdrawals.filter((w) => w.status === "approved"),
    (w) => w.withdrawal_coin as number,
  );
  const fail = (msg: string) => {
    throw new Error(`seed: ${msg}`);
  };
  // required_workers in the rows = the simulated open slots
  for (const t of m.tasks.values()) t.row.required_workers = t.openSlots;
  const openSlots2 = sum(
    o.tasks.filter((t) => t.deleted_at === null),
    (t) => (t.required_workers as number) * (t.payable_amount as number),
  );
  if (created !== balances + openSlots2 + pending + held + paid) {
    fail(
      `conservation broken: created ${created} vs ${balances} + ${openSlots2} + ${pending} + ${held} + ${paid} (slots before sync ${openSlots})`,
    );
  }
  for (const u of o.users) {
    const ledger = sum(
      o.coin_ledger.filter((l) => l.user_id === u.id),
      (l) => l.delta as number,
    );
    if (ledger !== u.coin) fail(`${u.email}: coin ${u.coin} but ledger ${ledger}`);
  }
  const statuses = new Set(o.submissions.map((s) => s.status));
  for (const s of ["pending", "approved", "rejected", "cancelled"]) if (!statuses.has(s)) fail(`no ${s} submission`);
  const wStatuses = new Set(o.withdrawals.map((w) => w.status));
  for (const s of ["pending", "approved", "rejected"]) if (!wStatuses.has(s)) fail(`no ${s} withdrawal`);
  const categories = new Set(o.tasks.map((t) => t.category));
  for (const c of CATEGORIES) if (!categories.has(c)) fail(`no task in ${c}`);
  const demoWorker = m.user(userId("worker"));
  if (demoWorker.coin < 200) fail(`the demo worker has ${demoWorker.coin} coins (< 200)`);
  for (const outcome of ["approve", "reject", "pending"]) {
    if (!withdrawalsMade.includes(`worker:${outcome}`)) fail(`the demo worker has no ${outcome} withdrawal`);
  }
  const demoBuyer = userId("buyer");
  const toReview = o.submissions.filter((s) => s.buyer_id === demoBuyer && s.status === "pending").length;
  if (toReview < 5) fail(`the demo buyer has only ${toReview} pending submissions`);
  if (m.user(demoBuyer).coin < 300) fail(`the demo buyer has only ${m.user(demoBuyer).coin} coins`);
  const demoSubs = new Set(o.submissions.filter((s) => s.worker_id === demoWorker.id).map((s) => s.status));
  for (const s of ["pending", "approved", "rejected"])
    if (!demoSubs.has(s)) fail(`the demo worker has no ${s} submission`);
  for (const s of o.submissions) {
    const t = m.tasks.get(s.task_id as string)!;
    if (s.buyer_id !== t.buyerId || s.payable_amount !== t.pay) fail(`submission ${s.id} does not match its task`);
  }
}

// ---------------------------------------------------------------------------------------------
// SQL

function literal(v: Value): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new Error(`seed: not an integer: ${v}`);
    return String(v);
  }
  return `'${v.replaceAll("'", "''")}'`;
}

const TABLE_ORDER = [
  "users",
  "tasks",
  "submissions",
  "withdrawals",
  "orders",
  "coin_ledger",
  "notifications",
  "contact_messages",
  "audit_log",
];

function toSql(out: Record<string, Row[]>): string {
  const lines = ["-- Coinwork demo data, generated by scripts/seed.ts. Balances agree with coin_ledger."];
  for (const table of TABLE_ORDER) {
    const rows = out[table];
    if (!rows.length) continue;
    const cols = Object.keys(rows[0]);
    for (let i = 0; i < rows.length; i += 40) {
      const chunk = rows.slice(i, i + 40).map((r) => `  (${cols.map((c) => literal(r[c])).join(", ")})`);
      lines.push(`INSERT INTO ${table} (${cols.join(", ")}) VALUES\n${chunk.join(",\n")};`);
    }
  }
  return lines.join("\n") + "\n";
}
