// A marketplace of any size for the API benchmark (scripts/bench-api.ts), written straight into the SQLite file
// of a local D1 with node:sqlite: one transaction, secondary indexes dropped first and rebuilt after (which also
// checks every UNIQUE index), then a foreign-key check. The D1 must be migrated and no server may have it open.
//
// Like the demo seed (scripts/seed-data.ts), the rows are a history played through the coin rules of
// docs/product/coins.md (Money flows), and every balance change is a coin_ledger row: sign-up bonus, purchase, task charge,
// submission payout, task refund (deleted by its buyer or an admin), withdrawal hold and release, admin
// adjustment. So users.coin = SUM(delta) per user and the conservation identity holds (`npm run ledger:check`).
// The running totals, open-slot counters and search indexes of migrations/0006 are kept by their triggers as the
// rows go in (they are tables, not the indexes dropped here), so `ledger:check` finds them equal to the full sums.
//
// Scale, per task: 3 submissions, about 3.9 ledger rows and 5.9 notifications, 0.2 users. The demo accounts of
// the seed (same e-mails and password) are the heaviest users: the buyer posts 1% of the tasks, the worker makes
// 1% of the submissions. `writers` extra workers and buyers (bench-worker-NN@…, bench-buyer-NN@…) have done
// nothing yet, so that write requests made as them succeed. Deterministic for a given `now` and size.
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { CATEGORIES, type Category } from "../../app/lib/categories.ts";
import {
  COIN_PACKAGES,
  MIN_WITHDRAWAL_COINS,
  PAYMENT_SYSTEMS,
  SIGNUP_COINS,
  withdrawalAmount,
  withdrawalCents,
} from "../../app/lib/coins.ts";
import { hashPassword } from "../../app/server/auth/password.ts";
import { categorySlug, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../seed-data.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

const TITLES: Record<Category, string[]> = {
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

/** sfc32: a small, fast, seedable generator (the same rows every run). */
function randomSource(seed: number) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const u32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) u32();
  const next = () => u32() / 4294967296;
  const hex = () => u32().toString(16).padStart(8, "0");
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
    /** A UUID-shaped id, like the Worker's crypto.randomUUID(). */
    uuid: () => {
      const h = hex() + hex() + hex() + hex();
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[u32() & 3]}${h.slice(17, 20)}-${h.slice(20)}`;
    },
  };
}

type Role = "Worker" | "Buyer" | "Admin";
type Kind =
  | "signup_bonus"
  | "purchase"
  | "admin_adjustment"
  | "task_charge"
  | "task_refund"
  | "submission_payout"
  | "withdrawal_hold"
  | "withdrawal_release";

interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  photo: string | null;
  joinedAt: number;
  disabledAt: number | null;
  coin: number;
  /** coins a buyer may still spend on tasks (purchases and bonus minus charges; refunds arrive later) */
  spendable: number;
  /** a worker's credits in time order, for the withdrawals walk */
  credits: { at: number; coins: number }[];
}

interface TaskPlan {
  id: string;
  buyer: User;
  createdAt: number;
  category: Category;
  title: string;
  slots: number;
  pay: number;
  completionDate: string;
}

export interface GeneratedMarketplace {
  counts: Record<string, number>;
  /** open tasks today (live, a slot left, completion date today or later) and their open slots */
  openTasks: number;
  openSlots: number;
  ms: number;
}

const COLUMNS = {
  users: [
    "id",
    "name",
    "email",
    "role",
    "coin",
    "photo",
    "password_hash",
    "session_version",
    "disabled_at",
    "created_at",
    "email_verified_at",
    "demo",
  ],
  user_preferences: ["user_id", "items_per_page"],
  tasks: [
    "id",
    "buyer_id",
    "task_title",
    "task_detail",
    "task_image_url",
    "category",
    "required_workers",
    "payable_amount",
    "completion_date",
    "submission_info",
    "created_at",
    "deleted_at",
  ],
  submissions: [
    "id",
    "task_id",
    "worker_id",
    "buyer_id",
    "payable_amount",
    "submission_details",
    "submission_image_url",
    "status",
    "reject_reason",
    "created_at",
    "reviewed_at",
  ],
  withdrawals: [
    "id",
    "worker_id",
    "withdrawal_coin",
    "withdrawal_cents",
    "payment_system",
    "account_number",
    "status",
    "decision_reason",
    "decided_by",
    "created_at",
    "decided_at",
  ],
  orders: ["id", "user_id", "coins", "price_cents", "payment_id", "provider", "created_at"],
  coin_ledger: [
    "id",
    "user_id",
    "delta",
    "kind",
    "task_id",
    "submission_id",
    "withdrawal_id",
    "order_id",
    "note",
    "created_at",
  ],
  notifications: ["id", "user_id", "message", "action_route", "read_at", "created_at"],
  contact_messages: ["id", "name", "email", "subject", "message", "read_at", "created_at"],
  audit_log: ["id", "actor_id", "action", "target_type", "target_id", "detail", "reason", "created_at"],
};
type Table = keyof typeof COLUMNS;
const TABLES = Object.keys(COLUMNS) as Table[];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Writes a marketplace of `tasks` tasks (and everything scaled with it) plus `writers` fresh workers and buyers
 * into `dbFile`, a migrated, empty D1 database file.
 */
export async function generateMarketplace(
  dbFile: string,
  opts: { tasks: number; writers: number; now?: number },
): Promise<GeneratedMarketplace> {
  const started = performance.now();
  const now = opts.now ?? Date.now();
  const today = isoDate(now);
  const rnd = randomSource(opts.tasks * 7919 + 17);
  const hash = await hashPassword(DEMO_PASSWORD);
  const db = new DatabaseSync(dbFile);
  const counts = Object.fromEntries(TABLES.map((t) => [t, 0])) as Record<Table, number>;
  const statements = Object.fromEntries(
    TABLES.map((t) => [
      t,
      db.prepare(`INSERT INTO ${t} (${COLUMNS[t].join(", ")}) VALUES (${COLUMNS[t].map(() => "?").join(", ")})`),
    ]),
  ) as Record<Table, StatementSync>;
  const insert = (table: Table, ...values: SQLInputValue[]) => {
    statements[table].run(...values);
    counts[table]++;
  };

  let openTasks = 0;
  let openSlots = 0;
  // a large page cache: rows arrive in random id order, into the primary-key b-trees
  db.exec(
    "PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -1000000",
  );
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${TABLES.map((t) => `'${t}'`).join(", ")})`,
    )
    .all() as { name: string; sql: string }[];
  for (const ix of indexes) db.exec(`DROP INDEX ${ix.name}`);
  db.exec("BEGIN");
  try {
    const post = (
      user: User,
      delta: number,
      kind: Kind,
      at: number,
      refs: { task?: string; submission?: string; withdrawal?: string; order?: string; note?: string } = {},
    ) => {
      if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`bench data: bad delta ${delta} (${kind})`);
      user.coin += delta;
      insert(
        "coin_ledger",
        rnd.uuid(),
        user.id,
        delta,
        kind,
        refs.task ?? null,
        refs.submission ?? null,
        refs.withdrawal ?? null,
        refs.order ?? null,
        refs.note ?? null,
        at,
      );
    };
    // what is more than three days old has been seen
    const notify = (user: User, message: string, route: string, at: number) =>
      insert("notifications", rnd.uuid(), user.id, message, route, now - at > 3 * DAY ? at + 6 * HOUR : null, at);
    const audit = (
      admin: User,
      action: string,
      type: string,
      target: string,
      detail: string,
      reason: string | null,
      at: number,
    ) => insert("audit_log", rnd.uuid(), admin.id, action, type, target, detail, reason, at);

    // ------------------------------------------------------------------ people
    const userCount = Math.max(40, Math.round(opts.tasks / 5));
    const adminCount = Math.max(1, Math.round(userCount / 2000));
    const buyerCount = Math.max(5, Math.round(userCount * 0.25));
    const workerCount = userCount - adminCount - buyerCount;
    const users: User[] = [];
    const person = (role: Role, name: string, email: string, joinedAt: number, photo: string | null): User => {
      const u: User = {
        id: rnd.uuid(),
        name,
        email,
        role,
        photo,
        joinedAt: Math.round(joinedAt),
        disabledAt: null,
        coin: 0,
        spendable: 0,
        credits: [],
      };
      users.push(u);
      // admins joined as workers and were promoted
      const bonus = SIGNUP_COINS[role === "Buyer" ? "Buyer" : "Worker"];
      post(u, bonus, "signup_bonus", u.joinedAt);
      u.spendable = bonus;
      u.credits.push({ at: u.joinedAt, coins: bonus });
      return u;
    };
    const avatar = () => `/avatars/seed-${String(rnd.int(1, 16)).padStart(2, "0")}.webp`;
    const [demoAdmin, demoBuyer, demoWorker] = DEMO_ACCOUNTS.map((a) =>
      person(a.role, a.name, a.email, now - 400 * DAY, avatar()),
    );
    // Generated users join over 400 to 30 days ago; the lower the index, the earlier and the busier (see pick()).
    const joined = (i: number, n: number) => now - 400 * DAY + (i / n) * 370 * DAY + rnd.int(0, 12) * HOUR;
    const fullName = () => `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
    const emailOf = (name: string, i: number) => `${name.toLowerCase().replace(" ", ".")}.${i}@example.com`;
    const admins = [demoAdmin];
    for (let i = 1; i < adminCount; i++) {
      const name = fullName();
      admins.push(person("Admin", name, emailOf(name, users.length), joined(i, adminCount), avatar()));
    }
    const buyers = [demoBuyer];
    for (let i = 1; i < buyerCount; i++) {
      const name = fullName();
      buyers.push(
        person("Buyer", name, emailOf(name, users.length), joined(i, buyerCount), rnd.chance(0.5) ? avatar() : null),
      );
    }
    const workers = [demoWorker];
    for (let i = 1; i < workerCount; i++) {
      const name = fullName();
      workers.push(
        person("Worker", name, emailOf(name, users.length), joined(i, workerCount), rnd.chance(0.6) ? avatar() : null),
      );
    }
    // Fresh accounts for the write cases, made 30 days ago; each buyer has bought 2,000 coins.
    const pack1000 = COIN_PACKAGES.find((p) => p.coins === 1000)!;
    let orderN = 0;
    const purchase = (buyer: User, pack: (typeof COIN_PACKAGES)[number], at: number) => {
      const id = rnd.uuid();
      insert(
        "orders",
        id,
        buyer.id,
        pack.coins,
        pack.priceCents,
        `pi_bench_${++orderN}`,
        rnd.chance(0.8) ? "stripe" : "test",
        at,
      );
      post(buyer, pack.coins, "purchase", at, { order: id });
      buyer.spendable += pack.coins;
    };
    for (let i = 0; i < opts.writers; i++) {
      person("Worker", `Bench Worker ${i + 1}`, writerEmail("worker", i), now - 30 * DAY, null);
      const b = person("Buyer", `Bench Buyer ${i + 1}`, writerEmail("buyer", i), now - 30 * DAY, null);
      purchase(b, pack1000, now - 29 * DAY);
      purchase(b, pack1000, now - 29 * DAY + HOUR);
    }
    /** A user from `pool`, skewed towards the first (older, busier) ones: P(index < k) = sqrt(k / n). */
    const pick = (pool: User[]) => pool[Math.floor(rnd.next() ** 2 * pool.length)];

    // ------------------------------------------------------------------ tasks
    const buyerShare = Math.max(1, Math.round(opts.tasks / 100));
    const plans: TaskPlan[] = [];
    for (let i = 0; i < opts.tasks; i++) {
      const buyer = i < buyerShare ? demoBuyer : pick(buyers);
      const from = Math.max(buyer.joinedAt + 2 * HOUR, now - 365 * DAY);
      const createdAt = Math.round(from + rnd.next() * (now - HOUR - from));
      const category = rnd.pick(CATEGORIES);
      const product = PRODUCTS[i % PRODUCTS.length];
      const r = rnd.next();
      const slots = r < 0.4 ? rnd.int(1, 5) : r < 0.75 ? rnd.int(6, 20) : r < 0.95 ? rnd.int(21, 60) : rnd.int(61, 200);
      const q = rnd.next();
      const pay = q < 0.5 ? rnd.int(1, 10) : q < 0.9 ? rnd.int(11, 50) : rnd.int(51, 200);
      plans.push({
        id: rnd.uuid(),
        buyer,
        createdAt,
        category,
        title: rnd.pick(TITLES[category]).replace("{p}", product),
        slots,
        pay,
        completionDate: isoDate(createdAt + rnd.int(3, 90) * DAY),
      });
    }
    plans.sort((x, y) => x.createdAt - y.createdAt);

    const workerShare = 0.01;

    for (const t of plans) {
      const buyer = t.buyer;
      // Coins bought shortly before posting when the balance does not cover the task, with some to spare: the
      // largest package while more than its worth is missing, then the smallest one that covers the rest.
      const cost = t.slots * t.pay;
      if (buyer.spendable < cost) {
        let need = cost - buyer.spendable + rnd.int(0, 40) * 100;
        let at = t.createdAt - rnd.int(10, 50) * MINUTE;
        while (need > 0) {
          const pack = need >= pack1000.coins ? pack1000 : COIN_PACKAGES.find((p) => p.coins >= need)!;
          purchase(buyer, pack, at);
          need -= pack.coins;
          at += MINUTE;
        }
      }
      const detail =
        `${t.title}. Follow the steps in the brief exactly and keep the result honest; ` +
        `we check every submission by hand before paying (${t.category}, ${t.slots} workers wanted).`;
      const info = "A link to your result and a screenshot that shows it is done.";
      buyer.spendable -= cost;
      post(buyer, -cost, "task_charge", t.createdAt, { task: t.id });

      // Submissions: a slot is taken on submit and comes back when the submission is rejected.
      const dueEnd = Date.parse(`${t.completionDate}T23:59:59.999Z`);
      const end = Math.min(dueEnd, now - 10 * MINUTE);
      const start = t.createdAt + HOUR;
      const times: number[] = [];
      if (end > start) {
        const k = rnd.int(0, 7);
        for (let j = 0; j < k; j++) times.push(Math.round(start + rnd.next() * (end - start)));
        times.sort((x, y) => x - y);
      }
      const taken = new Set<User>();
      const returns: number[] = [];
      const subs: {
        id: string;
        worker: User;
        at: number;
        status: string;
        reason: string | null;
        reviewedAt: number | null;
      }[] = [];
      let lastEvent = t.createdAt;
      for (const at of times) {
        if (subs.length - returns.filter((r) => r <= at).length >= t.slots) continue;
        let worker: User | undefined;
        if (rnd.chance(workerShare) && !taken.has(demoWorker)) worker = demoWorker;
        for (let tries = 0; !worker && tries < 6; tries++) {
          const w = pick(workers);
          if (w.joinedAt < at && !taken.has(w)) worker = w;
        }
        if (!worker) continue;
        taken.add(worker);
        const id = rnd.uuid();
        notify(buyer, `${worker.name} submitted work for "${t.title}"`, "/dashboard/buyerhome", at);
        lastEvent = Math.max(lastEvent, at);
        if (now - at <= 2.5 * DAY) {
          // inside the review window: waiting for the buyer
          subs.push({ id, worker, at, status: "pending", reason: null, reviewedAt: null });
          continue;
        }
        const reviewedAt = Math.min(at + rnd.int(1, 60) * HOUR + rnd.int(0, 59) * MINUTE, now - MINUTE);
        lastEvent = Math.max(lastEvent, reviewedAt);
        if (rnd.chance(0.3)) {
          const reason = rnd.pick(REJECT_REASONS);
          subs.push({ id, worker, at, status: "rejected", reason, reviewedAt });
          returns.push(reviewedAt);
          notify(
            worker,
            `Your submission for "${t.title}" was rejected: ${reason}`,
            "/dashboard/mysubmissions",
            reviewedAt,
          );
        } else {
          subs.push({ id, worker, at, status: "approved", reason: null, reviewedAt });
          post(worker, t.pay, "submission_payout", reviewedAt, { submission: id });
          worker.credits.push({ at: reviewedAt, coins: t.pay });
          notify(
            worker,
            `You earned ${t.pay} coins: your submission for "${t.title}" was approved.`,
            "/dashboard/mysubmissions",
            reviewedAt,
          );
        }
      }
      const requiredWorkers = t.slots - subs.length + returns.length;
      const pending = subs.filter((s) => s.status === "pending");

      // About 1 task in 100 is deleted after its last event: by an admin (pending work is cancelled and refunded
      // too) or, when nothing waits for review, by its buyer.
      let deletedAt: number | null = null;
      if (rnd.chance(0.01)) {
        const at = Math.min(lastEvent + rnd.int(1, 48) * HOUR, now - MINUTE);
        if (at > lastEvent) {
          const byAdmin = pending.length > 0 || rnd.chance(0.5);
          const refund = requiredWorkers * t.pay + pending.length * t.pay;
          deletedAt = at;
          if (byAdmin) {
            const admin = rnd.pick(admins);
            audit(admin, "task.delete", "task", t.id, t.title, "Breaks the task rules.", at);
            if (refund > 0) post(buyer, refund, "task_refund", at, { task: t.id, note: "removed by admin" });
            notify(
              buyer,
              `An admin removed your task "${t.title}". Its escrowed coins were refunded.`,
              "/dashboard/mytasks",
              at,
            );
            for (const s of pending) {
              s.status = "cancelled";
              s.reviewedAt = at;
              notify(
                s.worker,
                `The task "${t.title}" was removed, so your pending submission was cancelled.`,
                "/dashboard/mysubmissions",
                at,
              );
            }
          } else if (refund > 0) {
            post(buyer, refund, "task_refund", at, { task: t.id });
          }
        }
      }
      for (const s of subs) {
        const details = `Done: https://docs.example.com/d/${s.id.slice(0, 8)}`;
        insert(
          "submissions",
          s.id,
          t.id,
          s.worker.id,
          buyer.id,
          t.pay,
          details,
          null,
          s.status,
          s.reason,
          s.at,
          s.reviewedAt,
        );
      }
      if (deletedAt === null && requiredWorkers > 0 && t.completionDate >= today) {
        openTasks++;
        openSlots += requiredWorkers;
      }
      insert(
        "tasks",
        t.id,
        buyer.id,
        t.title,
        detail,
        rnd.chance(0.4) ? `/images/categories/${categorySlug(t.category)}.webp` : null,
        t.category,
        requiredWorkers,
        t.pay,
        t.completionDate,
        info,
        t.createdAt,
        deletedAt,
      );
    }

    // Admin adjustments (1 per 2,000 tasks): a bonus or a goodwill credit, never to an admin's own account.
    for (let i = 0; i < Math.max(1, Math.round(opts.tasks / 2000)); i++) {
      const user = rnd.chance(0.7) ? pick(workers) : pick(buyers);
      const admin = rnd.pick(admins);
      const coins = rnd.int(1, 50) * 10;
      const from = Math.max(user.joinedAt, admin.joinedAt) + DAY;
      const at = Math.round(from + rnd.next() * (now - MINUTE - from));
      const reason = "Bonus for accurate work";
      post(user, coins, "admin_adjustment", at, { note: reason });
      user.credits.push({ at, coins });
      audit(admin, "coins.adjust", "user", user.id, `+${coins} coins to ${user.email}`, reason, at);
      notify(user, `An admin added ${coins} coins to your balance.`, "/dashboard", at);
    }

    // Withdrawals: walking each worker's credits in time order, now and then the worker cashes out part of the
    // balance. Requests of the last two days wait for an admin; older ones were approved or rejected (released).
    for (const w of workers) {
      w.credits.sort((x, y) => x.at - y.at);
      let balance = 0;
      for (let i = 0; i < w.credits.length; i++) {
        balance += w.credits[i].coins;
        if (balance < MIN_WITHDRAWAL_COINS + 50 || !rnd.chance(0.2)) continue;
        const next = i + 1 < w.credits.length ? w.credits[i + 1].at : now;
        const at = Math.min(w.credits[i].at + rnd.int(1, 60) * MINUTE, next - 1, now - MINUTE);
        if (at <= w.credits[i].at) continue;
        const coins = Math.max(MIN_WITHDRAWAL_COINS, Math.floor((balance * (0.5 + rnd.next() / 2)) / 10) * 10);
        balance -= coins;
        const id = rnd.uuid();
        post(w, -coins, "withdrawal_hold", at, { withdrawal: id });
        const system = rnd.pick(PAYMENT_SYSTEMS);
        const account = `01${rnd.int(100, 999)}-${rnd.int(100000, 999999)}`;
        const amount = withdrawalAmount(coins);
        const withdrawal = (status: string, reason: string | null, admin: User | null, decidedAt: number | null) =>
          insert(
            "withdrawals",
            id,
            w.id,
            coins,
            withdrawalCents(coins),
            system,
            account,
            status,
            reason,
            admin?.id ?? null,
            at,
            decidedAt,
          );
        if (now - at < 2 * DAY) {
          withdrawal("pending", null, null, null);
          continue;
        }
        const admin = rnd.pick(admins);
        const decidedAt = Math.min(at + rnd.int(1, 48) * HOUR, now - MINUTE);
        if (rnd.chance(0.85)) {
          withdrawal("approved", null, admin, decidedAt);
          audit(admin, "withdrawal.approve", "withdrawal", id, `${coins} coins ($${amount})`, null, decidedAt);
          notify(w, `Your withdrawal of $${amount} was approved.`, "/dashboard/withdraw", decidedAt);
        } else {
          const reason = "The account number does not match the name on your profile.";
          withdrawal("rejected", reason, admin, decidedAt);
          post(w, coins, "withdrawal_release", decidedAt, { withdrawal: id });
          audit(admin, "withdrawal.reject", "withdrawal", id, `${coins} coins`, reason, decidedAt);
          notify(
            w,
            `Your withdrawal of $${amount} was rejected: ${reason} The ${coins} coins are back in your balance.`,
            "/dashboard/withdraw",
            decidedAt,
          );
        }
      }
    }

    // A few accounts removed by an admin (never a demo account), and people's page-size preferences.
    for (const w of workers.slice(1)) {
      if (rnd.chance(0.005)) {
        w.disabledAt = Math.round(now - rnd.next() * 20 * DAY);
        audit(
          rnd.pick(admins),
          "user.remove",
          "user",
          w.id,
          w.email,
          "Submitted copied work repeatedly.",
          w.disabledAt,
        );
      }
      if (rnd.chance(0.1)) insert("user_preferences", w.id, rnd.pick([3, 5, 10]));
    }
    insert("user_preferences", demoWorker.id, 10);

    for (const u of users) {
      if (u.coin < 0) throw new Error(`bench data: ${u.email} ends with ${u.coin} coins`);
      // verified when they joined, as the demo seed's people are: only a verified address moves coins
      insert("users", u.id, u.name, u.email, u.role, u.coin, u.photo, hash, 1, u.disabledAt, u.joinedAt, u.joinedAt, 1);
    }
    for (let i = 0; i < Math.max(3, Math.round(opts.tasks / 100)); i++) {
      const name = fullName();
      const at = Math.round(now - rnd.next() * 180 * DAY);
      insert(
        "contact_messages",
        rnd.uuid(),
        name,
        `${name.toLowerCase().replace(" ", ".")}@example.net`,
        "A question about withdrawals",
        "How long does a withdrawal usually take after it is approved?",
        now - at > 7 * DAY ? at + DAY : null,
        at,
      );
    }
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    db.close();
    throw e;
  }

  // Rebuild the indexes (UNIQUE ones refuse duplicates here), then check every foreign key.
  db.exec("BEGIN");
  for (const ix of indexes) db.exec(ix.sql);
  db.exec("COMMIT");
  const orphans = db.prepare("PRAGMA foreign_key_check").all();
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  if (orphans.length)
    throw new Error(`bench data: ${orphans.length} rows break a foreign key, e.g. ${JSON.stringify(orphans[0])}`);
  return { counts, openTasks, openSlots, ms: Math.round(performance.now() - started) };
}
