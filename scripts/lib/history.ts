// A marketplace's history played through the app's own services (app/server/services), in time order, on the SQLite
// file of a local D1: the demo seed (scripts/seed-data.ts) and the benchmark's marketplaces (scripts/lib/bench-data.ts)
// decide only who does what and when. Every row, balance, posting, notice and audit entry is what the app writes for
// the same action, and every counter what the migrations' triggers keep, so a rule changed in a service (a new ledger
// kind, a new notice, a new counter) changes the generated data with it (docs/decisions/029).
//
// The services read the time from Date.now(): while a history plays, Date.now() answers the time of the event being
// played. The file is written with node:sqlite in one transaction (the demo history in about a second, where
// `wrangler d1 execute` of the same rows took 3 to 6 s); no server may have it open meanwhile.
import "./app-modules.ts";
import { DatabaseSync } from "node:sqlite";
import type { Role } from "../../app/lib/roles.ts";
import type { SessionUser } from "../../app/server/auth/session.server.ts";
import { newSessionJwk } from "./served-build.ts";
import { SqliteD1 } from "./sqlite-d1.ts";

// The app's modules, loaded once app-modules.ts has taught Node the app's import paths.
const { createAccount, login } = await import("../../app/server/services/accounts.server.ts");
const { coinsOf } = await import("../../app/server/services/ledger.server.ts");
const { confirmPurchase, createPaymentIntent } = await import("../../app/server/services/purchases.server.ts");
const { confirmTestCard } = await import("../../app/server/payments/provider.server.ts");
const { toSessionUser } = await import("../../app/server/auth/session.server.ts");
const { AppError } = await import("../../app/server/errors.ts");
const { hashPassword } = await import("../../app/server/auth/password.ts");
const { purgeBatchReceipts } = await import("../../app/server/jobs/retention.server.ts");
export const { postTask, deleteTask, PENDING_BLOCKS_DELETE } =
  await import("../../app/server/services/tasks.server.ts");
export const { createSubmission, approveSubmission, rejectSubmission, NO_SLOTS } =
  await import("../../app/server/services/submissions.server.ts");
export const { requestWithdrawal, approveWithdrawal, rejectWithdrawal } =
  await import("../../app/server/services/withdrawals.server.ts");
export const { adjustCoins, removeUser } = await import("../../app/server/services/users.server.ts");
export const { setTakaRate } = await import("../../app/server/services/currency-rates.server.ts");
export const { setItemsPerPage } = await import("../../app/server/services/preferences.server.ts");
export const { fileAppeal, decideAppeal } = await import("../../app/server/services/appeals.server.ts");
export const { APPEAL_WINDOW_MS } = await import("../../app/lib/appeals.ts");
export const { markNotificationsRead } = await import("../../app/server/services/notifications.server.ts");
export const { submitContactMessage } = await import("../../app/server/services/contact.server.ts");
export const { setContactMessageRead } = await import("../../app/server/services/admin-reads.server.ts");
export const { createQualification, grantQualification } =
  await import("../../app/server/services/qualifications.server.ts");

export interface Person {
  name: string;
  email: string;
  role: Role;
  photo: string | null;
}

/** Whether `e` is the service's refusal with one of these messages (an outcome a history may meet, not a bug). */
export function isRefusal(e: unknown, ...messages: string[]): boolean {
  return e instanceof AppError && messages.includes(e.message);
}

/** Whether `e` refuses the caller as such (403: a worker the task's requirements keep out), whatever its words. */
export const isForbidden = (e: unknown): boolean => e instanceof AppError && e.code === "forbidden";

interface Event {
  at: number;
  order: number;
  act: () => Promise<void>;
}

/** Events by time, then in the order they were added: a binary heap. */
class Timeline {
  readonly #heap: Event[] = [];
  #added = 0;

  add(at: number, act: () => Promise<void>) {
    const heap = this.#heap;
    heap.push({ at, order: this.#added++, act });
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  next(): Event | undefined {
    const heap = this.#heap;
    const first = heap[0];
    const last = heap.pop();
    if (heap.length && last) {
      heap[0] = last;
      for (let i = 0; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (l < heap.length && before(heap[l], heap[least])) least = l;
        if (r < heap.length && before(heap[r], heap[least])) least = r;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    }
    return first;
  }
}
const before = (a: Event, b: Event) => a.at < b.at || (a.at === b.at && a.order < b.order);

/** One hash per password for the whole process (a PBKDF2 hash takes a tenth of a second), as everybody shares one. */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** The test card of the app's test-mode payment provider that succeeds. */
const TEST_CARD = { number: "4242 4242 4242 4242", exp: "12/40", cvc: "123" };

export class History {
  /** What the services are given: the file as the D1 binding, and the settings of a development Worker. */
  readonly env: Env;
  readonly #db: DatabaseSync;
  readonly #password: string;
  readonly #end: number;
  readonly #timeline = new Timeline();
  #now = 0;

  /**
   * A history on a migrated local D1 file, ending at `end`; every person signs up with `password`. `admins`: the
   * e-mails made Admin by the one-time ADMIN_EMAILS grant at their first sign-in.
   */
  constructor(file: string, opts: { end: number; password: string; admins: string[] }) {
    this.#db = new DatabaseSync(file);
    // D1 enforces foreign keys; a large cache keeps the one long transaction's pages in memory
    this.#db.exec("PRAGMA foreign_keys = ON; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY");
    this.#end = opts.end;
    this.#password = opts.password;
    // A partial Env: a history's services use no R2, e-mail or Stripe.
    this.env = {
      DB: new SqliteD1(this.#db) as unknown as D1Database,
      APP_ENV: "development",
      PAYMENTS_MODE: "test",
      ADMIN_EMAILS: opts.admins.join(","),
      REVIEW_WINDOW_DAYS: "3",
    } as Env;
  }

  /** The time of the event being played. */
  get now(): number {
    return this.#now;
  }

  /** Plays `act` at `at` (not before the event being played, nor after the history's end). */
  at(at: number, act: () => Promise<unknown>): void {
    const t = Math.round(at);
    if (t < this.#now) throw new Error(`history: an event at ${new Date(t).toISOString()} added after its time`);
    if (t > this.#end) throw new Error(`history: an event at ${new Date(t).toISOString()} lies after its end`);
    this.#timeline.add(t, async () => void (await act()));
  }

  /** Plays every event in time order, in one transaction; events may add later ones. */
  async play(): Promise<void> {
    const clock = Date.now;
    Date.now = () => this.#now;
    this.#db.exec("BEGIN");
    try {
      for (let e = this.#timeline.next(); e; e = this.#timeline.next()) {
        this.#now = e.at;
        await e.act();
      }
      // the receipts of batches older than a day go, as the daily job drops them
      await purgeBatchReceipts(this.env, this.#end, { chunk: 10_000, maxChunks: 1_000 });
      this.#db.exec("COMMIT");
    } catch (e) {
      this.#db.exec("ROLLBACK");
      throw e;
    } finally {
      Date.now = clock;
    }
  }

  /** A question of the simulation's own (which tasks, which people): never a way to write. */
  query<T>(sql: string, ...params: (string | number | null)[]): T[] {
    return this.#db.prepare(sql).all(...params) as T[];
  }

  close(): void {
    this.#db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    this.#db.close();
  }

  /**
   * A person's sign-up, their address verified at once (they move coins from the start). Admins do not sign up as
   * such: they join as workers and are made Admin by the ADMIN_EMAILS grant when they first sign in.
   */
  async signUp(p: Person): Promise<SessionUser> {
    const id = await createAccount(this.env, {
      name: p.name,
      email: p.email,
      role: p.role === "Admin" ? "Worker" : p.role,
      photo: p.photo,
      passwordHash: await hashOf(this.#password),
      verified: true,
      demo: true,
    });
    if (p.role === "Admin") {
      // signing in makes a session token, which needs a key: a throwaway one
      this.env.SESSION_JWK ??= await newSessionJwk();
      await login(this.env, p.email, this.#password, { address: "127.0.0.1", device: null });
    }
    return this.user(id);
  }

  /** The signed-in user as the app's middleware reads it from the user's row. */
  user(id: string): SessionUser {
    const [row] = this.query<Parameters<typeof toSessionUser>[0]>(
      "SELECT id, name, email, role, coin, photo, email_verified_at AS emailVerifiedAt, password_meets_rule AS passwordMeetsRule FROM users WHERE id = ?",
      id,
    );
    if (!row) throw new Error(`history: no user ${id}`);
    return toSessionUser(row);
  }

  coins(userId: string): Promise<number> {
    return coinsOf(this.env, userId);
  }

  /** A coin package bought as a buyer does in test mode: the intent, the test card, the purchase confirmed. */
  async buy(buyer: SessionUser, coins: number): Promise<void> {
    const intent = await createPaymentIntent(this.env, buyer, coins);
    await confirmTestCard(this.env, intent.clientSecret, TEST_CARD, buyer.id);
    await confirmPurchase(this.env, buyer, intent.paymentId);
  }
}
