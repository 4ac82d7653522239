// The demo data of a local Coinwork database: a marketplace's history of about half a year, played through the
// app's own services (scripts/lib/history.ts). This file decides only who does what and when: the people, their
// tasks, who submits what, the reviews, purchases, withdrawals, adjustments, a task an admin removes, contact
// messages and appeals. Every row, balance, posting and counter is what the app writes for those actions, so the
// demo cannot disagree with the app and `npm run ledger:check` holds on it.
//
// The same history every run (a fixed random sequence), placed relative to `now`: completion dates lie ahead of
// the day the seed runs, pending submissions are a day or two old.
import { categoryImage, type Category } from "../app/lib/categories.ts";
import type { Role } from "../app/lib/roles.ts";
import { MIN_WITHDRAWAL_COINS, SIGNUP_COINS, type PaymentSystem } from "../app/lib/coins.ts";
import type { SessionUser } from "../app/server/auth/session.server.ts";
import {
  adjustCoins,
  APPEAL_WINDOW_MS,
  approveSubmission,
  approveWithdrawal,
  createSubmission,
  decideAppeal,
  deleteTask,
  fileAppeal,
  History,
  markNotificationsRead,
  postTask,
  rejectSubmission,
  rejectWithdrawal,
  requestWithdrawal,
  setContactMessageRead,
  setTakaRate,
  submitContactMessage,
} from "./lib/history.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./lib/demo-accounts.ts";
import { random } from "./lib/random.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

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
  { key: "admin", ...DEMO_ACCOUNTS[0], photo: avatar(1), joinedDaysAgo: 210 },
  { key: "buyer", ...DEMO_ACCOUNTS[1], photo: avatar(2), joinedDaysAgo: 180 },
  { key: "worker", ...DEMO_ACCOUNTS[2], photo: avatar(3), joinedDaysAgo: 170 },
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
    "Done: watched to the end; my comment is up under the channel name @{handle}.",
    "Finished the video. {answers}",
  ],
  "Content Writing": [
    "Here is my draft: {doc}. Written from scratch; happy to adjust the tone.",
    "Finished text in the shared document: {doc}",
  ],
  Translation: [
    "Translation done and proofread twice: {doc}",
    "Translated text in {doc}; button labels in [brackets] as asked.",
  ],
  "Image Handling": ["All images edited and uploaded: {doc}", "Folder with the edited files: {doc}. File names kept."],
  "App & Website Testing": [
    "Tested on {device}. Found one issue: {bug}. Screenshot attached.",
    "On {device}: no crash, but {bug}. The steps are in the screenshot.",
    "Went through the whole flow on {device}. What I found: {bug}. Details in the attached screenshot.",
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
  "Survey & Feedback": ["Completed the survey. Code: {code}", "My answers: {opinion}", "Ranking: {ranking}"],
};

/**
 * Each worker's own words where a proof is an answer rather than a link: their phone, the bug they found, how they
 * put what a video said and what they thought. Honest workers do not send the same paragraph (the copied-proof check
 * would flag it: docs/product/quality.md).
 */
const VOICES: Record<string, { device: string; bug: string; answers: string; opinion: string; ranking: string }> = {
  worker: {
    device: "a Samsung A54 (Chrome)",
    bug: "the total does not update after removing an item",
    answers: "Answers: 1) create an account, 2) the Orders tab, 3) the part about saved cards was quick.",
    opinion: "the comparison table was the most useful part; the long intro the least. I would subscribe.",
    ranking: "B, A, C. B is concrete, A is friendly but vague, C sounds like an advert.",
  },
  w01: {
    device: "a Pixel 7 with Android 15",
    bug: "the chart labels overlap in dark mode after adding five expenses",
    answers: "You sign up first, past orders sit under Orders, and paying with a saved card takes two taps.",
    opinion: "I liked the price examples best. The intro went on too long, and I am not sure I would pay for it.",
    ranking: "A first, because it names the price; then C; B last, it promises too much.",
  },
  w02: {
    device: "an iPhone 13 in Safari",
    bug: "the date picker closes by itself when I scroll the month list",
    answers: "Q1 making an account, Q2 it is the Orders screen, Q3 the saved cards section felt short.",
    opinion: "Clear layout, though the checklist at the end was the only thing I would go back to.",
    ranking: "C, B, A. C is short and friendly; A reads like small print.",
  },
  w03: {
    device: "a Redmi Note 12 with Chrome",
    bug: "the Apply button stays grey after typing a coupon",
    answers: "The video says to register, then find history in the Orders tab; cards can be stored for next time.",
    opinion: "The step-by-step photos helped most. Too many adverts between sections, though.",
    ranking: "B, C, A: B explains the benefit, C is fine, A is vague.",
  },
  w04: {
    device: "an iPhone SE (Safari, iOS 17)",
    bug: "the page jumps back to the top whenever the keyboard opens",
    answers: "1: an account is needed. 2: Orders tab. 3: saving a card is shown briefly near the end.",
    opinion: "Good for beginners; I skipped the history part and would share the summary with a friend.",
    ranking: "A, B, C. A is the only one that says what the app does.",
  },
  w05: {
    device: "a Galaxy S21 with Samsung Internet",
    bug: "the back button empties the cart",
    answers: "First step is creating your profile; orders are listed in their own tab; stored cards speed up paying.",
    opinion: "Too long for what it says. The table was useful, the rest I would cut in half.",
    ranking: "C then A then B; B sounds like a sales call.",
  },
  w06: {
    device: "a Moto G84 with Firefox",
    bug: "prices show without the currency sign on the product page",
    answers: "Register an account; look under Orders; the saved-card bit is covered at 4:10.",
    opinion: "Honest and easy to read. I wanted more about delivery times and less about the founders.",
    ranking: "B is best (concrete numbers), A is warm, C is forgettable.",
  },
  w07: {
    device: "a OnePlus Nord on Chrome",
    bug: "the search field loses what I typed when I rotate the phone",
    answers: "It starts with signing up. Order history: Orders tab. Saved cards: mentioned but not shown in detail.",
    opinion: "The FAQ at the bottom answered everything; the intro video would not load on mobile data.",
    ranking: "A > C > B. A is direct; B uses too many exclamation marks.",
  },
  w08: {
    device: "an old iPad (Safari)",
    bug: "the menu overlaps the logo in landscape",
    answers: "Create an account, then Orders for history; saved payment cards make checkout faster.",
    opinion: "Nicely written but I never found the price. I would not subscribe without it.",
    ranking: "C first for the clear promise, B second, A last.",
  },
  w09: {
    device: "a Huawei P30 with the built-in browser",
    bug: "the confirmation e-mail link opens a blank page",
    answers: "The three answers I heard: make an account; open Orders; a stored card can be picked at checkout.",
    opinion: "Straight to the point, which I liked. The colours make the small text hard to read.",
    ranking: "B, A, C. I would click B; C is too long.",
  },
  w10: {
    device: "a Nokia G21 with Chrome",
    bug: "the quantity field accepts minus numbers",
    answers: "Signing up comes first. The Orders tab keeps your history. Card saving is quick to set up.",
    opinion: "The comparison with other brands was the best part; the jokes did not work for me.",
    ranking: "A, C, B: A is clear, C is cute, B is pushy.",
  },
  w11: {
    device: "a laptop with Edge, narrowed to phone width",
    bug: "the footer links cannot be tapped, a cookie banner covers them",
    answers: "Step one is an account; history lives in Orders; saved cards were explained in one sentence.",
    opinion: "Useful checklist. I would have liked prices in taka as well as dollars.",
    ranking: "C, A, B; C says who it is for.",
  },
  w12: {
    device: "a Tecno Spark 10 (Opera Mini)",
    bug: "images on the product page never finish loading",
    answers: "Make an account, check the Orders tab, and you can keep a card on file.",
    opinion: "Short and clear. The best part was the example week; the sign-up box felt pushy.",
    ranking: "B, C, A. B is specific; A could be about any shop.",
  },
};

const REJECT_REASONS = [
  "The screenshot does not show your comment under the video.",
  "The completion code is not one our survey gave out.",
  "The text looks machine-generated and was not checked; please write it yourself.",
  "The link to your file asks for access. Please share it publicly and submit again.",
  "Only half of the items were done.",
] as const;

/** What a worker answers to each rejection in an appeal. */
const APPEALS: Record<(typeof REJECT_REASONS)[number], string> = {
  "The screenshot does not show your comment under the video.":
    "My comment is in the screenshot: the second one from the top, under my channel name.",
  "The completion code is not one our survey gave out.":
    "That is the code the survey showed on its last page; I copied it exactly as it was.",
  "The text looks machine-generated and was not checked; please write it yourself.":
    "I wrote every sentence myself and read it through twice; I can share my drafts.",
  "The link to your file asks for access. Please share it publicly and submit again.":
    "The file is shared publicly now: anyone with the link can open it.",
  "Only half of the items were done.": "Every item is done; the second half is on the second tab of the sheet.",
};

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
// Withdrawals: each worker's request, sized from the balance at that moment (the worker keeps `keep` coins)

interface WithdrawalPlan {
  worker: string;
  daysAgo: number;
  keep: number;
  max: number;
  system: PaymentSystem;
  account: string;
  outcome: "approve" | "reject" | "pending";
  decideAfterH?: number;
}

const WITHDRAWALS: WithdrawalPlan[] = [
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

// ---------------------------------------------------------------------------------------------
// The history

/**
 * Plays the demo history up to `now` into `file`, the SQLite file of a migrated local D1 database that has no demo
 * accounts yet.
 */
export async function playDemoHistory(file: string, now = Date.now()): Promise<void> {
  const h = new History(file, {
    end: Math.round(now),
    password: DEMO_PASSWORD,
    admins: PEOPLE.filter((p) => p.role === "Admin").map((p) => p.email),
  });
  try {
    planDemoHistory(h, Math.round(now));
    await h.play();
  } finally {
    h.close();
  }
}

function planDemoHistory(h: History, now: number) {
  const rnd = random(20261122);
  const today = isoDate(new Date(now));
  const ago = (days: number) => Math.round(now - days * DAY);
  const joined = (key: string) => ago(personOf(key).joinedDaysAgo);

  // Who is who once they have signed up, by key and by id.
  const signedUp = new Map<string, SessionUser>();
  const byId = new Map<string, SessionUser>();
  const user = (key: string) => signedUp.get(key) ?? fail(`${key} acts before signing up`);
  const admin = () => user("admin");

  // Sign-ups
  for (const p of PEOPLE) {
    h.at(joined(p.key) + rnd.int(8, 20) * HOUR, async () => {
      const u = await h.signUp(p);
      signedUp.set(p.key, u);
      byId.set(u.id, u);
    });
  }

  // Tasks, and the coins their buyers bought before posting them
  const specs = [...TASKS, REMOVED_TASK];
  const taskIds: string[] = [];
  const spend = new Map<string, { cost: number; firstPost: number }>();
  specs.forEach((spec, i) => {
    const createdAt = ago(spec.createdDaysAgo) - rnd.int(1, 10) * HOUR;
    const s = spend.get(spec.buyer) ?? { cost: 0, firstPost: Infinity };
    s.cost += spec.slots * spec.pay;
    s.firstPost = Math.min(s.firstPost, createdAt);
    spend.set(spec.buyer, s);
    h.at(createdAt, async () => {
      const task = await postTask(h.env, user(spec.buyer), {
        task_title: spec.title,
        task_detail: spec.detail,
        task_image_url: spec.image ? categoryImage(spec.category) : "",
        category: spec.category,
        required_workers: spec.slots,
        payable_amount: spec.pay,
        completion_date: isoDate(addDays(today, spec.dueInDays)),
        submission_info: spec.info,
        // a time estimate paying about $9 an hour (three coins a minute; every task needs one, at least a minute)
        estimate_minutes: Math.max(1, Math.min(60, Math.floor(spec.pay / 3))),
      });
      taskIds[i] = task.id;
    });
  });
  for (const p of PEOPLE.filter((x) => x.role === "Buyer")) {
    const s = spend.get(p.key) ?? { cost: 0, firstPost: ago(1) };
    // Packages bought: enough for every task plus a balance left to spend (the demo buyer: a good one).
    const leftover = p.key === "buyer" ? 900 : 120 + rnd.int(0, 6) * 40;
    let need = s.cost + leftover - SIGNUP_COINS.Buyer;
    const packs: number[] = [];
    while (need > 0) {
      const pack = need >= 900 ? 1000 : need >= 400 ? 500 : need >= 100 ? 150 : 10;
      packs.push(pack);
      need -= pack;
    }
    const start = joined(p.key) + 9 * HOUR;
    const span = Math.max(HOUR, s.firstPost - start - 2 * HOUR);
    packs.forEach((coins, k) => {
      h.at(start + HOUR + (span * (k + 1)) / (packs.length + 1), () => h.buy(user(p.key), coins));
    });
  }
  // The demo buyer tops up now and then, so the payment history reaches the present.
  h.at(ago(9) + 3 * HOUR, () => h.buy(user("buyer"), 150));
  h.at(ago(2) + 5 * HOUR, () => h.buy(user("buyer"), 10));

  // Submissions and reviews
  const workerKeys = PEOPLE.filter((p) => p.role === "Worker").map((p) => p.key);
  const submissionIds: string[] = [];
  specs.forEach((spec, i) => {
    const createdAt = ago(spec.createdDaysAgo);
    const dueEnd = Date.parse(`${isoDate(addDays(today, spec.dueInDays))}T23:59:59.999Z`);
    const end = Math.min(now - HOUR, dueEnd);
    const oldEnd = Math.min(end, now - 3.5 * DAY);
    const times: number[] = [];
    for (let k = 0; k < spec.subs; k++) {
      const recent = k >= spec.subs - spec.recent;
      const lo = recent ? Math.max(createdAt + HOUR, now - 2 * DAY) : createdAt + 4 * HOUR;
      const hi = recent ? end : oldEnd;
      if (hi <= lo) fail(`no time for submission ${k + 1} of "${spec.title}"`);
      times.push(lo + rnd.next() * (hi - lo));
    }
    times.sort((a, b) => a - b);
    // Workers who had joined by then; the demo worker takes part in most tasks, the others at random.
    const chosen: string[] = [];
    const demoAt = rnd.chance(0.8) ? rnd.int(0, spec.subs - 1) : -1;
    times.forEach((t, k) => {
      const eligible = workerKeys.filter((w) => joined(w) + DAY < t && !chosen.includes(w));
      const w =
        k === demoAt && eligible.includes("worker")
          ? "worker"
          : rnd.pick(eligible.filter((x) => x !== "worker" || demoAt < 0));
      if (!w) fail(`no worker for submission ${k + 1} of "${spec.title}"`);
      chosen.push(w);
    });
    times.forEach((t, k) => {
      const n = submissionIds.length;
      submissionIds.push("");
      const worker = personOf(chosen[k]);
      const voice = VOICES[worker.key] ?? fail(`no voice for ${worker.key}`);
      // the `{…}` of a template are filled in this order whatever it names, so every draw of rnd happens as before
      const details = rnd
        .pick(PROOF[spec.category])
        .replace("{device}", voice.device)
        .replace("{bug}", voice.bug)
        .replace("{answers}", voice.answers)
        .replace("{opinion}", voice.opinion)
        .replace("{ranking}", voice.ranking)
        .replace("{handle}", worker.name.split(" ")[0].toLowerCase() + rnd.int(10, 99))
        .replace("{doc}", `https://docs.example.com/d/${String(n + 1).padStart(3, "0")}${worker.key}`)
        .replace("{code}", `CW-${rnd.int(1000, 9999)}-${rnd.int(10, 99)}`);
      h.at(t, async () => {
        const s = await createSubmission(
          h.env,
          user(worker.key),
          {
            task_id: taskIds[i],
            submission_details: details,
            submission_image_url: "",
          },
          { startIfNeeded: true },
        );
        submissionIds[n] = s.id;
      });
      if (now - t <= 2.5 * DAY) return; // waiting for review (inside the review window)
      const reviewAt = Math.min(t + rnd.int(3, 40) * HOUR + rnd.int(0, 59) * MINUTE, now - 2 * HOUR);
      if (rnd.chance(0.17)) {
        const reason = rnd.pick(REJECT_REASONS);
        h.at(reviewAt, () => rejectSubmission(h.env, user(spec.buyer), submissionIds[n], reason));
      } else {
        h.at(reviewAt, () => approveSubmission(h.env, user(spec.buyer), submissionIds[n]));
      }
    });
  });

  // Admin adjustments
  const adjust = (at: number, key: string, coins: number, reason: string) =>
    h.at(at, () => adjustCoins(h.env, admin(), user(key).id, coins, reason));
  adjust(ago(33) + 2 * HOUR, "worker", 100, "Bonus for 20 accurate submissions in a row");
  adjust(ago(21) + 4 * HOUR, "w05", 40, "Compensation: a task was removed after you had started it");
  adjust(ago(58), "b03", 150, "Goodwill credit after a failed card payment");

  // The taka rate workers see beside dollars, set by the admin and changed once since.
  h.at(ago(40), () => setTakaRate(h.env, admin(), 11_950));
  h.at(ago(6) + 9 * HOUR, () => setTakaRate(h.env, admin(), 12_150));

  // Withdrawals: amounts are decided from the balance at that moment (a worker keeps `keep` coins).
  let rejectN = 0;
  for (const plan of WITHDRAWALS) {
    const t = ago(plan.daysAgo);
    h.at(t, async () => {
      const worker = user(plan.worker);
      const coins = Math.min(plan.max, Math.floor(((await h.coins(worker.id)) - plan.keep) / 10) * 10);
      if (coins < MIN_WITHDRAWAL_COINS) return; // not earned enough by then: no request
      const { id } = await requestWithdrawal(h.env, worker, {
        withdrawal_coin: coins,
        payment_system: plan.system,
        account_number: plan.account,
      });
      if (plan.outcome === "pending") return;
      const decideAt = Math.min(t + (plan.decideAfterH ?? 24) * HOUR, now - HOUR);
      // the payment's own reference, as a mobile wallet's transaction ID or a bank's reference reads
      // (from the request's id, so the seed's random draws stay as they were)
      const reference = `${plan.system === "Bank" ? "FT" : ""}${id.replace(/-/g, "").slice(0, 10).toUpperCase()}`;
      if (plan.outcome === "approve") h.at(decideAt, () => approveWithdrawal(h.env, admin(), id, reference));
      else {
        const reason = WITHDRAWAL_REJECT_REASONS[rejectN++ % WITHDRAWAL_REJECT_REASONS.length];
        h.at(decideAt, () => rejectWithdrawal(h.env, admin(), id, reason));
      }
    });
  }

  // The admin removes the suspicious task, after its last submission (at most an hour old), which is cancelled.
  h.at(now - 30 * MINUTE, () =>
    deleteTask(h.env, admin(), taskIds[specs.length - 1], "Asks for follows and likes, which breaks the task rules."),
  );

  // Contact messages, some read by the admin
  for (const c of CONTACT_MESSAGES) {
    h.at(ago(c.daysAgo), async () => {
      const id = await submitContactMessage(h.env, {
        name: c.name,
        email: c.email,
        subject: c.subject,
        message: c.message,
      });
      if (c.read) h.at(h.now + 5 * HOUR, () => setContactMessageRead(h.env, admin(), id, true));
    });
  }

  // Everybody has read what they were told more than three days ago.
  for (const p of PEOPLE) h.at(now - 3 * DAY, () => markNotificationsRead(h.env, user(p.key).id));

  // Appeals of the latest rejections still open to one: the demo worker's waits for the admin; of two other
  // workers' appeals, the admin upholds one and overturns the other.
  h.at(now - 20 * HOUR, async () => {
    type Rejected = { id: string; worker_id: string; reject_reason: keyof typeof APPEALS };
    const rejected = h.query<Rejected>(
      `SELECT id, worker_id, reject_reason FROM submissions WHERE status = 'rejected' AND reviewed_at >= ?
        ORDER BY reviewed_at DESC`,
      h.now - APPEAL_WINDOW_MS,
    );
    const appeal = (s: Rejected) => fileAppeal(h.env, byId.get(s.worker_id)!, s.id, APPEALS[s.reject_reason]);
    const demo = rejected.find((s) => s.worker_id === user("worker").id);
    if (demo) await appeal(demo);
    const others = rejected.filter((s) => s.worker_id !== user("worker").id).slice(0, 2);
    for (const [k, s] of others.entries()) {
      const { id } = await appeal(s);
      h.at(now - (6 - 3 * k) * HOUR, () => decideAppeal(h.env, admin(), id, k === 0 ? "uphold" : "overturn"));
    }
  });
}

function personOf(key: string): Person {
  return PEOPLE.find((p) => p.key === key) ?? fail(`no person ${key}`);
}

function fail(why: string): never {
  throw new Error(`seed: ${why}`);
}

function addDays(isoDay: string, days: number): Date {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY);
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
