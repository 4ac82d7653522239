// A marketplace of any size for the API benchmark (scripts/bench-api.ts) and the page profiler, in a migrated, empty
// local D1 file (no server may have it open). Like the demo seed, it is a history played through the app's own
// services (scripts/lib/history.ts): a year of people signing up, buyers buying coins and posting tasks, workers
// submitting, buyers reviewing, admins adjusting, deleting and removing, workers withdrawing. So every balance,
// posting and counter is the app's, and `npm run ledger:check` holds on it.
//
// Playing 100,000 tasks' history through the services would take many minutes: a history of at most TILE_TASKS
// tasks is played, and the marketplace is copies of it (scripts/lib/tiles.ts: new ids, the triggers counting the
// copies). The demo accounts of the seed (same e-mails and password) take part in every copy and are the heaviest
// users: the buyer posts 1% of the tasks, the worker makes 1% of the submissions. Per task: about 3 submissions,
// 4 ledger rows, 6 notifications and 0.2 users. Every task carries a time estimate (so a pay per hour); about one in
// seven requires an approval rate or a number of approved submissions, and one buyer in fifty requires a qualification
// of their own on a quarter of their tasks (the demo worker holds every other one of those), so that a worker's Task
// List hides some tasks and names what is missing on others. Then `writers` extra workers and buyers (bench-worker-NN@…,
// bench-buyer-NN@…) join; they have done nothing yet, so that write requests made as them succeed. The same
// marketplace for a given size and `now`, but for its ids.
import { DatabaseSync } from "node:sqlite";
import { CATEGORIES, categoryImage } from "../../app/lib/categories.ts";
import { COIN_PACKAGES, ITEMS_PER_PAGE_OPTIONS, MIN_WITHDRAWAL_COINS } from "../../app/lib/coins.ts";
import type { SessionUser } from "../../app/server/auth/session.server.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";
import {
  adjustCoins,
  approveSubmission,
  approveWithdrawal,
  createQualification,
  createSubmission,
  deleteTask,
  grantQualification,
  History,
  isForbidden,
  isRefusal,
  markNotificationsRead,
  NO_SLOTS,
  PENDING_BLOCKS_DELETE,
  postTask,
  rejectSubmission,
  rejectWithdrawal,
  removeUser,
  requestWithdrawal,
  setContactMessageRead,
  setItemsPerPage,
  submitContactMessage,
  type Person,
} from "./history.ts";
import { random, type Random } from "./random.ts";
import { addCopies } from "./tiles.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The most tasks whose history is played through the services; larger marketplaces are copies of one. */
const TILE_TASKS = 500;

export const WRITER_PASSWORD = DEMO_PASSWORD;
export const writerEmail = (role: "worker" | "buyer", n: number) =>
  `bench-${role}-${String(n + 1).padStart(2, "0")}@coinwork.dev`;

/** The word the search case looks for: one of the products task titles are about (about 1 task in 24). */
export const SEARCH_WORD = "bakery";

const PRODUCTS = [
  "bakery",
  "shoe store",
  "fitness app",
  "budget tracker",
  "coffee shop",
  "travel blog",
  "pet clinic",
  "bookshop",
  "yoga studio",
  "bike repair",
  "plant nursery",
  "language school",
  "food truck",
  "dental office",
  "game studio",
  "hotel",
  "florist",
  "law firm",
  "music school",
  "car wash",
  "toy shop",
  "surf school",
  "tea house",
  "photo studio",
];

const TITLES: Record<(typeof CATEGORIES)[number], string[]> = {
  "Video Engagement": ["Watch our {p} video and answer three questions", "Leave a genuine comment on a {p} tutorial"],
  "Content Writing": ["Write a 300-word blog post for a {p}", "Write five FAQ answers for a {p}"],
  Translation: ["Translate the {p} welcome screen into Spanish", "Translate {p} product labels into German"],
  "Image Handling": ["Remove the background from 20 {p} photos", "Tag 200 {p} photos by type"],
  "App & Website Testing": ["Test the checkout flow of a {p} website", "Find bugs in the {p} booking form"],
  "Creative Design": ["Design an Instagram story for a {p}", "Sketch three logo ideas for a {p}"],
  "Data Entry": ["Copy 50 {p} opening hours into a sheet", "Enter 100 {p} business cards into a CSV"],
  "SEO & Marketing": ["Find 15 blogs that would review a {p}", "Check 100 {p} links for 404 errors"],
  "Survey & Feedback": ["Five-minute survey about choosing a {p}", "Rate three headlines for a {p} landing page"],
};

const FIRST = [
  "Aisha",
  "Ben",
  "Carla",
  "Dev",
  "Elif",
  "Femi",
  "Grace",
  "Hugo",
  "Ines",
  "Jamal",
  "Kira",
  "Luis",
  "Maya",
  "Nikhil",
  "Olga",
  "Pablo",
  "Qi",
  "Rosa",
  "Sami",
  "Tara",
  "Umar",
  "Vera",
  "Wen",
  "Yusuf",
];
const LAST = [
  "Ahmed",
  "Baker",
  "Costa",
  "Das",
  "Evans",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Mensah",
  "Novak",
  "Okafor",
  "Park",
  "Rahman",
  "Silva",
  "Tanaka",
  "Usman",
];

const REJECT_REASONS = [
  "The screenshot does not show your comment.",
  "The completion code is not one our survey gave out.",
  "Only half of the items were done.",
  "The link to your file asks for access.",
];

export interface GeneratedMarketplace {
  counts: Record<string, number>;
  /** open tasks today (live, a slot left, completion date today or later) */
  openTasks: number;
  /** the id of the newest of them (the task page's benchmark and profile) */
  newestOpenTask: string;
  /** the demo buyer's id (their public record's benchmark: the buyer with the most decisions) */
  demoBuyer: string;
  ms: number;
}

const COUNTED = ["users", "tasks", "submissions", "coin_ledger", "notifications", "orders", "withdrawals"];

/**
 * Writes a marketplace of about `tasks` tasks (and everything scaled with it) plus `writers` fresh workers and
 * buyers into `dbFile`, a migrated, empty D1 database file.
 */
export async function generateMarketplace(
  dbFile: string,
  opts: { tasks: number; writers: number; now?: number },
): Promise<GeneratedMarketplace> {
  const started = performance.now();
  const now = Math.round(opts.now ?? Date.now());
  const copies = Math.ceil(opts.tasks / TILE_TASKS);
  const tileTasks = Math.round(opts.tasks / copies);
  const rnd = random(opts.tasks * 7919 + 17);
  const history = new History(dbFile, { end: now, password: DEMO_PASSWORD, admins: [DEMO_ACCOUNTS[0].email] });
  let demo: SessionUser[];
  try {
    demo = await playMarketplace(history, rnd, tileTasks, now);
  } finally {
    history.close();
  }

  const db = new DatabaseSync(dbFile);
  try {
    addCopies(
      db,
      copies - 1,
      demo.map((u) => u.id),
    );
    // the daily job has run on each day of the history: the tasks past their day are out of the open-task walks
    // (app/server/jobs/open-task-search.server.ts, migrations/0081)
    db.prepare("UPDATE tasks SET date_passed = 1 WHERE completion_date < ?").run(
      new Date(now).toISOString().slice(0, 10),
    );
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }

  // Fresh accounts for the write cases, made 30 days ago; each buyer has bought 2,000 coins.
  const writers = new History(dbFile, { end: now, password: WRITER_PASSWORD, admins: [] });
  try {
    for (let i = 0; i < opts.writers; i++) {
      writers.at(now - 30 * DAY, () =>
        writers.signUp({ name: `Bench Worker ${i + 1}`, email: writerEmail("worker", i), role: "Worker", photo: null }),
      );
      writers.at(now - 30 * DAY, async () => {
        const buyer = await writers.signUp({
          name: `Bench Buyer ${i + 1}`,
          email: writerEmail("buyer", i),
          role: "Buyer",
          photo: null,
        });
        writers.at(now - 29 * DAY, () => writers.buy(buyer, 1000));
        writers.at(now - 29 * DAY + HOUR, () => writers.buy(buyer, 1000));
      });
    }
    await writers.play();
    const counts = Object.fromEntries(
      COUNTED.map((t) => [t, writers.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`)[0].n]),
    );
    const open = "FROM tasks WHERE deleted_at IS NULL AND required_workers > 0 AND completion_date >= ?";
    const today = new Date(now).toISOString().slice(0, 10);
    const [{ n: openTasks }] = writers.query<{ n: number }>(`SELECT COUNT(*) AS n ${open}`, today);
    const [{ id: newestOpenTask }] = writers.query<{ id: string }>(
      `SELECT id ${open} ORDER BY created_at DESC LIMIT 1`,
      today,
    );
    const [{ id: demoBuyer }] = writers.query<{ id: string }>(
      "SELECT id FROM users WHERE email = ?",
      DEMO_ACCOUNTS[1].email,
    );
    return { counts, openTasks, newestOpenTask, demoBuyer, ms: Math.round(performance.now() - started) };
  } finally {
    writers.close();
  }
}

/** Plans and plays a year of the marketplace with `tasks` tasks; returns the demo accounts (admin, buyer, worker). */
async function playMarketplace(h: History, rnd: Random, tasks: number, now: number): Promise<SessionUser[]> {
  const signedUp = new Map<Person, SessionUser>();
  const as = (p: Person) => signedUp.get(p) ?? fail(`${p.email} acts before signing up`);
  const removed = new Set<Person>();
  const joinedAt = new Map<Person, number>();

  // ------------------------------------------------------------------ people
  // one admin, the demo admin: every copy of the history shares it
  const userCount = Math.max(40, Math.round(tasks / 5));
  const buyerCount = Math.max(5, Math.round(userCount * 0.25));
  const workerCount = userCount - 1 - buyerCount;
  const people: Person[] = [];
  const person = (role: Person["role"], name: string, email: string, at: number, photo: string | null): Person => {
    const p: Person = { name, email, role, photo };
    people.push(p);
    joinedAt.set(p, Math.round(at));
    h.at(at, async () => {
      signedUp.set(p, await h.signUp(p));
      // one in ten chose how many of their submissions a page shows
      if (role === "Worker" && rnd.chance(0.1))
        await setItemsPerPage(h.env, as(p).id, rnd.pick(ITEMS_PER_PAGE_OPTIONS));
    });
    return p;
  };
  const avatar = () => `/avatars/seed-${String(rnd.int(1, 16)).padStart(2, "0")}.webp`;
  const [demoAdmin, demoBuyer, demoWorker] = DEMO_ACCOUNTS.map((a) =>
    person(a.role, a.name, a.email, now - 400 * DAY, avatar()),
  );
  h.at(now - 399 * DAY, () => setItemsPerPage(h.env, as(demoWorker).id, 10));
  // Generated users join over 400 to 30 days ago; the lower the index, the earlier and the busier (see pick()).
  const joined = (i: number, n: number) => now - 400 * DAY + (i / n) * 370 * DAY + rnd.int(0, 12) * HOUR;
  const fullName = () => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
  const emailOf = (name: string, i: number) => `${name.toLowerCase().replace(" ", ".")}.${i}@example.com`;
  const group = (role: Person["role"], first: Person, count: number, photos: number) => {
    const pool = [first];
    for (let i = 1; i < count; i++) {
      const name = fullName();
      const photo = rnd.chance(photos) ? avatar() : null;
      pool.push(person(role, name, emailOf(name, people.length), joined(i, count), photo));
    }
    return pool;
  };
  const buyers = group("Buyer", demoBuyer, buyerCount, 0.5);
  const workers = group("Worker", demoWorker, workerCount, 0.6);
  /** A person from `pool`, skewed towards the first (older, busier) ones: P(index < k) = sqrt(k / n). */
  const pick = (pool: Person[]) => pool[Math.floor(rnd.next() ** 2 * pool.length)];

  // ------------------------------------------------------------------ withdrawals
  // After a credit, now and then the worker cashes out part of the balance. Requests of the last two days wait for
  // an admin; older ones were approved or rejected.
  const mayWithdraw = (worker: Person) => {
    if (!rnd.chance(0.2)) return;
    const at = Math.min(h.now + rnd.int(1, 60) * MINUTE, now - MINUTE);
    h.at(at, async () => {
      if (removed.has(worker)) return;
      const balance = await h.coins(as(worker).id);
      if (balance < MIN_WITHDRAWAL_COINS + 50) return;
      const coins = Math.max(MIN_WITHDRAWAL_COINS, Math.floor((balance * (0.5 + rnd.next() / 2)) / 10) * 10);
      const { id } = await requestWithdrawal(h.env, as(worker), {
        withdrawal_coin: coins,
        // a mobile wallet (app/lib/payouts.ts' MOBILE_WALLETS): its account is the number typed, where a bank
        // would also need its name and branch
        payment_system: rnd.pick(["Bkash", "Rocket", "Nagad"] as const),
        account_number: `01${rnd.int(100, 999)}-${rnd.int(100000, 999999)}`,
      });
      if (now - at < 2 * DAY) return;
      const admin = as(demoAdmin);
      const decideAt = Math.min(at + rnd.int(1, 48) * HOUR, now - MINUTE);
      if (rnd.chance(0.85)) h.at(decideAt, () => approveWithdrawal(h.env, admin, id));
      else
        h.at(decideAt, () =>
          rejectWithdrawal(h.env, admin, id, "The account number does not match the name on your profile."),
        );
    });
  };

  // ------------------------------------------------------------------ qualifications
  // One buyer in fifty (at least two, never the demo buyer) keeps a qualification, defined the hour after they join;
  // the demo worker holds every other one, with a score of 90.
  const qualificationOf = new Map<Person, string>();
  buyers
    .slice(1)
    .filter((_, i) => i % 50 === 0 || i < 2)
    .forEach((buyer, i) => {
      const at = joinedAt.get(buyer)! + HOUR;
      h.at(at, async () => {
        const q = await createQualification(h.env, as(buyer), {
          name: `Careful work for ${buyer.name}`,
          description: "Workers whose work for this buyer was careful and complete.",
          retake_hours: 24,
        });
        qualificationOf.set(buyer, q.id);
        if (i % 2 === 0)
          await grantQualification(h.env, as(buyer), { qualificationId: q.id, workerId: as(demoWorker).id, score: 90 });
      });
    });

  // ------------------------------------------------------------------ tasks
  const buyerShare = Math.max(1, Math.round(tasks / 100));
  for (let i = 0; i < tasks; i++) {
    const buyer = i < buyerShare ? demoBuyer : pick(buyers);
    const from = Math.max(joinedAt.get(buyer)! + 2 * HOUR, now - 365 * DAY);
    const createdAt = Math.round(from + rnd.next() * (now - HOUR - from));
    const category = rnd.pick(CATEGORIES);
    const title = rnd.pick(TITLES[category]).replace("{p}", PRODUCTS[i % PRODUCTS.length]);
    const r = rnd.next();
    const slots = r < 0.4 ? rnd.int(1, 5) : r < 0.75 ? rnd.int(6, 20) : r < 0.95 ? rnd.int(21, 60) : rnd.int(61, 200);
    const q = rnd.next();
    // at least 2 coins: a one-minute task pays the minimum hourly pay ($6.00) at 2 (the draws stay as they were)
    const pay = Math.max(2, q < 0.5 ? rnd.int(1, 10) : q < 0.9 ? rnd.int(11, 50) : rnd.int(51, 200));
    const completionDate = new Date(createdAt + rnd.int(3, 90) * DAY).toISOString().slice(0, 10);
    // an estimate that pays $6 to $18 an hour (the minimum is $6: pay x 300 / minutes cents); every task has one
    const estimate = rnd.int(Math.max(1, Math.floor(pay / 6)), Math.floor(pay / 2));
    const need = rnd.next();
    const minApprovalRate = need < 0.08 ? rnd.pick([80, 90, 95]) : null;
    const minApproved = need >= 0.05 && need < 0.15 ? rnd.pick([1, 10, 50]) : null;
    const askQualification = rnd.chance(0.25);
    const minScore = rnd.pick([0, 80]);
    h.at(createdAt, async () => {
      // Coins bought when the balance does not cover the task, with some to spare: the largest package while more
      // than its worth is missing, then the smallest one that covers the rest.
      let need = slots * pay - (await h.coins(as(buyer).id));
      if (need > 0) need += rnd.int(0, 40) * 100;
      while (need > 0) {
        const pack = COIN_PACKAGES.find((p) => p.coins >= need) ?? COIN_PACKAGES[COIN_PACKAGES.length - 1];
        await h.buy(as(buyer), pack.coins);
        need -= pack.coins;
      }
      const task = await postTask(h.env, as(buyer), {
        task_title: title,
        task_detail:
          `${title}. Follow the steps in the brief exactly and keep the result honest; ` +
          `we check every submission by hand before paying (${category}, ${slots} workers wanted).`,
        task_image_url: rnd.chance(0.4) ? categoryImage(category) : "",
        category,
        required_workers: slots,
        payable_amount: pay,
        completion_date: completionDate,
        submission_info: "A link to your result and a screenshot that shows it is done.",
        estimate_minutes: estimate,
        min_approval_rate: minApprovalRate,
        min_approved: minApproved,
        qualification_id: askQualification ? (qualificationOf.get(buyer) ?? null) : null,
        qualification_min_score: minScore,
      });
      const last = planSubmissions(task.id, buyer, createdAt, completionDate);
      // About 1 task in 100 is deleted after its last event: by its buyer, or by an admin (who also cancels and
      // refunds the work waiting for review, which the buyer may not).
      if (rnd.chance(0.01)) {
        const at = Math.min(last + rnd.int(1, 48) * HOUR, now - MINUTE);
        const byAdmin = rnd.chance(0.5);
        if (at > last)
          h.at(at, async () => {
            const reason = "Breaks the task rules.";
            if (byAdmin) return deleteTask(h.env, as(demoAdmin), task.id, reason);
            await deleteTask(h.env, as(buyer), task.id).catch((e: unknown) => {
              if (!isRefusal(e, PENDING_BLOCKS_DELETE)) throw e;
              return deleteTask(h.env, as(demoAdmin), task.id, reason);
            });
          });
      }
    });
  }

  /** Up to 7 workers submit (while a slot is left), and the buyer reviews; returns the time of the last event. */
  const planSubmissions = (taskId: string, buyer: Person, createdAt: number, completionDate: string) => {
    const end = Math.min(Date.parse(`${completionDate}T23:59:59.999Z`), now - 10 * MINUTE);
    const start = createdAt + HOUR;
    if (end <= start) return createdAt;
    const times = Array.from({ length: rnd.int(0, 7) }, () => Math.round(start + rnd.next() * (end - start)));
    const taken = new Set<Person>();
    let last = createdAt;
    for (const at of times) {
      const review = now - at > 2.5 * DAY; // inside the review window: waiting for the buyer
      const reviewedAt = Math.min(at + rnd.int(1, 60) * HOUR + rnd.int(0, 59) * MINUTE, now - MINUTE);
      last = Math.max(last, review ? reviewedAt : at);
      h.at(at, async () => {
        let worker = rnd.chance(0.01) && !taken.has(demoWorker) ? demoWorker : undefined;
        for (let tries = 0; !worker && tries < 6; tries++) {
          const w = pick(workers);
          if (joinedAt.get(w)! < at && !taken.has(w) && !removed.has(w)) worker = w;
        }
        if (!worker) return;
        const chosen = worker;
        taken.add(chosen);
        const submission = await createSubmission(
          h.env,
          as(chosen),
          {
            task_id: taskId,
            submission_details: `Done: https://docs.example.com/d/${rnd.int(10_000_000, 99_999_999)}`,
            submission_image_url: "",
          },
          { startIfNeeded: true },
        ).catch((e: unknown) => {
          // every slot taken meanwhile, or the worker does not meet the task's requirements
          if (isRefusal(e, NO_SLOTS) || isForbidden(e)) return undefined;
          throw e;
        });
        if (!submission || !review) return;
        h.at(reviewedAt, async () => {
          if (rnd.chance(0.3)) {
            await rejectSubmission(h.env, as(buyer), submission.id, rnd.pick(REJECT_REASONS));
          } else {
            await approveSubmission(h.env, as(buyer), submission.id);
            mayWithdraw(chosen);
          }
        });
      });
    }
    return last;
  };

  // Admin adjustments (1 per 2,000 tasks): a bonus, never to an admin's own account.
  for (let i = 0; i < Math.max(1, Math.round(tasks / 2000)); i++) {
    const user = rnd.chance(0.7) ? pick(workers) : pick(buyers);
    const from = Math.max(joinedAt.get(user)!, joinedAt.get(demoAdmin)!) + DAY;
    h.at(from + rnd.next() * (now - MINUTE - from), async () => {
      if (removed.has(user)) return;
      await adjustCoins(h.env, as(demoAdmin), as(user).id, rnd.int(1, 50) * 10, "Bonus for accurate work");
      if (user.role === "Worker") mayWithdraw(user);
    });
  }

  // A few workers removed by an admin (never a demo account) in the last 20 days.
  for (const w of workers.slice(1)) {
    if (!rnd.chance(0.005)) continue;
    h.at(now - rnd.next() * 20 * DAY, async () => {
      await removeUser(h.env, as(demoAdmin), as(w).id, "Submitted copied work repeatedly.");
      removed.add(w);
    });
  }

  // Contact messages of the last half year; the admin reads those older than a week.
  for (let i = 0; i < Math.max(3, Math.round(tasks / 100)); i++) {
    const name = fullName();
    const at = now - rnd.next() * 180 * DAY;
    h.at(at, async () => {
      const id = await submitContactMessage(h.env, {
        name,
        email: `${name.toLowerCase().replace(" ", ".")}@example.net`,
        subject: "A question about withdrawals",
        message: "How long does a withdrawal usually take after it is approved?",
      });
      if (now - at > 7 * DAY) h.at(at + DAY, () => setContactMessageRead(h.env, as(demoAdmin), id, true));
    });
  }

  // Everybody has read what they were told more than three days ago.
  for (const p of people) h.at(now - 3 * DAY, () => markNotificationsRead(h.env, as(p).id));

  await h.play();
  return [demoAdmin, demoBuyer, demoWorker].map(as);
}

function fail(why: string): never {
  throw new Error(`bench data: ${why}`);
}
