// drizzle mirror of migrations/*.sql (the SQL files are the source of truth; a test compares the two).
import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Bound } from "./sql";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  role: text("role", { enum: ["Worker", "Buyer", "Admin"] }).notNull(),
  coin: integer("coin").notNull().default(0),
  /** coins owed (a reversed card payment or an overturned rejection the balance did not cover): the sum of the user's debt_ledger rows */
  debtCoins: integer("debt_coins").notNull().default(0),
  photo: text("photo"),
  passwordHash: text("password_hash"),
  sessionVersion: integer("session_version").notNull().default(1),
  disabledAt: integer("disabled_at"),
  createdAt: integer("created_at").notNull(),
  emailVerifiedAt: integer("email_verified_at"),
  /** 1: the password meets the password rule; 0: a sign-in found it does not (the dashboard asks for a new one) */
  passwordMeetsRule: integer("password_meets_rule"),
  /** 1 for the local seed's demo accounts, whose documented password is never flagged as weak */
  demo: integer("demo").notNull().default(0),
  /** the worker's country, ISO 3166-1 alpha-2 (MTurk's Locale requirements); null until given (migrations/0067) */
  country: text("country"),
  /** the language the person reads Coinwork in, for what is sent to them (migrations/0079) */
  language: text("language", { enum: ["en", "bn"] })
    .notNull()
    .default("en"),
});

/** Each ADMIN_EMAILS address grants Admin once, ever: the addresses that have (migrations/0016). */
export const adminGrants = sqliteTable("admin_grants", {
  email: text("email").primaryKey(),
  userId: text("user_id").notNull(),
  grantedAt: integer("granted_at").notNull(),
});

/** Who a user is, as lists and the signed-in user show them. */
export const userSummaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  coin: users.coin,
  photo: users.photo,
};

/** What the signed-in user is made of (toSessionUser): who they are, and what the pages and mail need to know. */
export const sessionUserColumns = {
  ...userSummaryColumns,
  emailVerifiedAt: users.emailVerifiedAt,
  passwordMeetsRule: users.passwordMeetsRule,
  language: users.language,
};

export const userPreferences = sqliteTable("user_preferences", {
  userId: text("user_id").primaryKey(),
  itemsPerPage: integer("items_per_page").notNull().default(3),
});

export const tasks = sqliteTable("tasks", {
  id: text("id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  taskTitle: text("task_title").notNull(),
  taskDetail: text("task_detail").notNull(),
  taskImageUrl: text("task_image_url"),
  category: text("category").notNull(),
  requiredWorkers: integer("required_workers").notNull(),
  payableAmount: integer("payable_amount").notNull(),
  completionDate: text("completion_date").notNull(),
  submissionInfo: text("submission_info").notNull(),
  createdAt: integer("created_at").notNull(),
  deletedAt: integer("deleted_at"),
  /** how long a worker's start holds a slot, 5 to 1440 minutes (migrations/0030) */
  timeAllowanceMinutes: integer("time_allowance_minutes").notNull().default(60),
  /** how many task_holds rows the task has, kept by triggers (migrations/0054): its slots held by starts */
  heldSlots: integer("held_slots").notNull().default(0),
  // pay per hour (migrations/0032): the buyer's estimate, the timed submissions and their median, in minutes
  estimateMinutes: integer("estimate_minutes"),
  timedSubmissions: integer("timed_submissions").notNull().default(0),
  measuredMinutes: integer("measured_minutes"),
  belowMinimumToldAt: integer("below_minimum_told_at"),
  // the minimum pay on every task (migrations/0076): a task without an estimate (a HIT) is judged by the median of
  // its first five timed submissions, and paused while it pays under the minimum at it
  judgedMinutes: integer("judged_minutes"),
  pausedAt: integer("paused_at"),
  centsPerHour: integer("cents_per_hour").generatedAlwaysAs(
    sql`payable_amount * 300 / COALESCE(measured_minutes, estimate_minutes)`,
    { mode: "virtual" },
  ),
  /** the requester API's UpdateHITReviewStatus: 'MarkedForReview' while a Reviewable HIT is Reviewing (migrations/0069) */
  hitReviewStatus: text("hit_review_status").notNull().default("NotReviewed"),
  // who may work on it, kept from task_requirements and task_qualifications by triggers (migrations/0064)
  minApprovalRate: integer("min_approval_rate"),
  minApproved: integer("min_approved"),
  qualificationId: text("qualification_id"),
  qualificationMinScore: integer("qualification_min_score"),
  /**
   * 1 once the daily job found its completion date passed (migrations/0081): the open-task indexes walked in another
   * order than the date's leave it out. Never set by hand; a moved date unmarks it (trigger tasks_date_moved).
   */
  datePassed: integer("date_passed").notNull().default(0),
});

/** Each timed submission's minutes from start to submit, per task (migrations/0032). */
export const taskWorkTimes = sqliteTable(
  "task_work_times",
  {
    taskId: text("task_id").notNull(),
    minutes: integer("minutes").notNull(),
    submissionId: text("submission_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.minutes, t.submissionId] })],
);

/** A buyer's reputation counters (migrations/0033). */
export const buyerReputations = sqliteTable("buyer_reputations", {
  buyerId: text("buyer_id").primaryKey(),
  approved: integer("approved").notNull(),
  rejected: integer("rejected").notNull(),
  appealsLost: integer("appeals_lost").notNull(),
  tasksPosted: integer("tasks_posted").notNull(),
  /** rejections that gave the worker no reason (migrations/0066) */
  rejectedWithoutReason: integer("rejected_without_reason").notNull().default(0),
  /** the median wait of the latest 25 decisions, kept by triggers on submissions (migrations/0065) */
  medianReviewMs: integer("median_review_ms"),
});

/** A buyer's decisions per UTC day (migrations/0033): the last 90 days' approval rate. */
export const buyerReviewDays = sqliteTable(
  "buyer_review_days",
  {
    buyerId: text("buyer_id").notNull(),
    day: text("day").notNull(),
    approved: integer("approved").notNull(),
    rejected: integer("rejected").notNull(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.day] })],
);

export const submissions = sqliteTable("submissions", {
  id: text("id").primaryKey(),
  taskId: text("task_id").notNull(),
  workerId: text("worker_id").notNull(),
  buyerId: text("buyer_id").notNull(),
  payableAmount: integer("payable_amount").notNull(),
  submissionDetails: text("submission_details").notNull().default(""),
  submissionImageUrl: text("submission_image_url"),
  status: text("status", { enum: ["pending", "approved", "rejected", "cancelled"] })
    .notNull()
    .default("pending"),
  rejectReason: text("reject_reason"),
  createdAt: integer("created_at").notNull(),
  reviewedAt: integer("reviewed_at"),
  /** the worker's last edit of the pending proof; the review window runs from it (migrations/0020) */
  editedAt: integer("edited_at"),
  /** when the worker started the work (their hold's start); NULL when sent without a start (migrations/0030) */
  startedAt: integer("started_at"),
  /** the buyer's one revision request: its note, when it was asked, and its due time while outstanding (0035) */
  revisionNote: text("revision_note"),
  revisionRequestedAt: integer("revision_requested_at"),
  revisionDueAt: integer("revision_due_at"),
  /** what the buyer wrote with an approval (the MTurk API's RequesterFeedback; migrations/0066) */
  approvalFeedback: text("approval_feedback"),
});

export const withdrawals = sqliteTable("withdrawals", {
  id: text("id").primaryKey(),
  workerId: text("worker_id").notNull(),
  withdrawalCoin: integer("withdrawal_coin").notNull(),
  withdrawalCents: integer("withdrawal_cents").notNull(),
  paymentSystem: text("payment_system").notNull(),
  accountNumber: text("account_number").notNull(),
  /** a Bank payout's bank, and its branch or routing number (migrations/0021) */
  bankName: text("bank_name"),
  bankBranch: text("bank_branch"),
  /** cancelled: the worker took the request back while it was pending (migrations/0021) */
  status: text("status", { enum: ["pending", "approved", "rejected", "cancelled"] })
    .notNull()
    .default("pending"),
  decisionReason: text("decision_reason"),
  decidedBy: text("decided_by"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  /** the payout's own reference (transaction ID), recorded when an admin marks it paid (migrations/0071) */
  payoutReference: text("payout_reference"),
});

export const orders = sqliteTable("orders", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  coins: integer("coins").notNull(),
  priceCents: integer("price_cents").notNull(),
  paymentId: text("payment_id").notNull(),
  provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

export const ledgerKinds = [
  "signup_bonus",
  "purchase",
  "admin_adjustment",
  "task_charge",
  "task_update",
  "task_refund",
  "slot_reopen",
  "submission_payout",
  "withdrawal_hold",
  "withdrawal_release",
  "purchase_reversal",
  "debt_settlement",
  "appeal_charge",
  "debt_advance",
  "bonus",
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const coinLedger = sqliteTable("coin_ledger", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  delta: integer("delta").notNull(),
  kind: text("kind", { enum: ledgerKinds }).notNull(),
  taskId: text("task_id"),
  submissionId: text("submission_id"),
  withdrawalId: text("withdrawal_id"),
  orderId: text("order_id"),
  reversalId: text("reversal_id"),
  /** the bonus a 'bonus' row charges or pays (migrations/0041) */
  bonusId: text("bonus_id"),
  note: text("note"),
  createdAt: integer("created_at").notNull(),
});

/** A Stripe refund or dispute event against a credited order, and the coins it reversed (migrations/0003). */
export const paymentReversals = sqliteTable("payment_reversals", {
  id: text("id").primaryKey(),
  orderId: text("order_id").notNull(),
  eventId: text("event_id").notNull(),
  kind: text("kind", { enum: ["refund", "dispute"] }).notNull(),
  coins: integer("coins").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const debtKinds = ["purchase_reversal", "debt_settlement", "debt_advance"] as const;
export type DebtKind = (typeof debtKinds)[number];

/** Every change of a user's debt (+ owed, - settled); users.debt_coins = SUM(delta) per user. */
export const debtLedger = sqliteTable("debt_ledger", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  delta: integer("delta").notNull(),
  kind: text("kind", { enum: debtKinds }).notNull(),
  orderId: text("order_id"),
  reversalId: text("reversal_id"),
  /** the overturned rejection whose shortfall was advanced (migrations/0007) */
  submissionId: text("submission_id"),
  note: text("note"),
  createdAt: integer("created_at").notNull(),
});

/** A rejected worker's appeal (migrations/0007): one per submission, decided once by an admin. */
export const appeals = sqliteTable("appeals", {
  id: text("id").primaryKey(),
  submissionId: text("submission_id").notNull(),
  workerId: text("worker_id").notNull(),
  buyerId: text("buyer_id").notNull(),
  appealText: text("appeal_text").notNull(),
  status: text("status", { enum: ["pending", "upheld", "overturned"] })
    .notNull()
    .default("pending"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
  decidedBy: text("decided_by"),
});

export const notifications = sqliteTable("notifications", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  message: text("message").notNull(),
  actionRoute: text("action_route"),
  readAt: integer("read_at"),
  createdAt: integer("created_at").notNull(),
});

export const contactMessages = sqliteTable("contact_messages", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull().default(""),
  message: text("message").notNull().default(""),
  readAt: integer("read_at"),
  createdAt: integer("created_at").notNull(),
});

export const auditLog = sqliteTable("audit_log", {
  id: text("id").primaryKey(),
  actorId: text("actor_id").notNull(),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  targetId: text("target_id").notNull(),
  detail: text("detail"),
  reason: text("reason"),
  createdAt: integer("created_at").notNull(),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const loginFailures = sqliteTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailedAt: integer("last_failed_at").notNull(),
  /** the e-mail the row is about (pair, account and device rows): a password reset clears them together */
  account: text("account"),
});

/** Where each account has signed in from (a hash of the account and the address): its own wait does not apply there. */
export const loginAddresses = sqliteTable(
  "login_addresses",
  {
    userId: text("user_id").notNull(),
    addressHash: text("address_hash").notNull(),
    lastSignedInAt: integer("last_signed_in_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/** migrations/0025: what each batch did, for a caller whose connection was lost after D1 committed it. */
export const batchReceipts = sqliteTable("batch_receipts", {
  id: text("id").primaryKey(),
  steps: text("steps").notNull(),
  createdAt: integer("created_at").notNull(),
});

export type User = typeof users.$inferSelect;
export type Task = typeof tasks.$inferSelect;
export type Submission = typeof submissions.$inferSelect;
export type Withdrawal = typeof withdrawals.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Notification = typeof notifications.$inferSelect;

/**
 * Now, in milliseconds, as the statement that reads it sees it: a hold is held until its end time, whoever reads it
 * and whenever the Cron Trigger last ran (docs/decisions/073-a-lapsed-start-is-open-on-read.md).
 */
export const STATEMENT_NOW = sql`CAST(unixepoch('subsec') * 1000 AS INTEGER)`;

/**
 * The task's holds whose time has run out and whose slot reopens when returned (held at the task's pay or more:
 * after a raise a worker's return gives the buyer the held coins instead, slot-returns.server.ts addSlotReturn), as
 * FROM and WHERE. It names the outer task by its rowid alone, which every open-task index carries: a walk stays on
 * the index (covering) and reads the task's row only for an entry whose slots are all held.
 */
const lapsedHoldsOf = sql`tasks AS me, task_holds AS lapsed WHERE me.rowid = ${tasks}.rowid AND lapsed.task_id = me.id
  AND lapsed.expires_at <= ${STATEMENT_NOW} AND lapsed.payable_amount >= me.payable_amount`;

/**
 * The task's open slots now: its free slots (required_workers) and those of its holds whose time has run out, which
 * are anyone's to start before the Cron Trigger returns them. Probes the holds only of a task that has some.
 */
export const openSlotsNow = sql<number>`(CASE WHEN ${tasks.heldSlots} = 0 THEN ${tasks.requiredWorkers}
  ELSE ${tasks.requiredWorkers} + (SELECT COUNT(*) FROM ${lapsedHoldsOf}) END)`;

/** The open task's every slot is held now, by holds whose time has not run out: it is in no list until one does. */
export const allSlotsHeldNow = sql`${tasks.requiredWorkers} = 0 AND NOT EXISTS (SELECT 1 FROM ${lapsedHoldsOf})`;

/**
 * Tasks a worker can still take: not deleted, a slot open now (openSlotsNow), not paused (migrations/0076), not past
 * its date. The open-task
 * indexes (migrations/0054) hold every task with a slot open or held and carry both counts, so an entry with a free
 * slot is taken as it is and only one whose slots are all held probes its holds. `seekByDate: false` keeps the
 * planner from range-seeking the deadline index, for lists that walk another open-task index in their own order
 * (each carries the completion date, so the date test costs no table read); those indexes leave out the tasks the
 * daily job found past their day (migrations/0081), which the walk must name to use them.
 */
/**
 * ` AND` the task's category (when one is given), tested and never sought (`+`): for counts that find their few rows
 * another way, where a seek of tasks_category_idx would read the whole category.
 */
export const categoryTested = (category?: Bound) => (category ? sql` AND +${tasks.category} = ${category}` : sql``);

export const openTaskFilter = (today: Bound, seekByDate = true) =>
  sql`${tasks.deletedAt} IS NULL AND ${tasks.requiredWorkers} + ${tasks.heldSlots} > 0 AND ${tasks.pausedAt} IS NULL
    AND (${tasks.requiredWorkers} > 0 OR EXISTS (SELECT 1 FROM ${lapsedHoldsOf}))
    AND ${seekByDate ? tasks.completionDate : sql`+${tasks.completionDate}`} >= ${today}${seekByDate ? sql`` : sql` AND ${tasks.datePassed} = 0`}`;

export const testPaymentIntents = sqliteTable("test_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["requires_payment_method", "succeeded"] }).notNull(),
  metadata: text("metadata").notNull(),
  lastError: text("last_error"),
  createdAt: integer("created_at").notNull(),
});

export const emailLinkPurposes = ["verify", "reset", "change", "change_approval"] as const;
export type EmailLinkPurpose = (typeof emailLinkPurposes)[number];

export const emailLinks = sqliteTable("email_links", {
  tokenHash: text("token_hash").primaryKey(),
  purpose: text("purpose", { enum: emailLinkPurposes }).notNull(),
  userId: text("user_id").notNull(),
  /** the address the link was sent to */
  email: text("email").notNull(),
  /** a change_approval link's address asked for (sent to the current address) */
  newEmail: text("new_email"),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

export const devMailbox = sqliteTable("dev_mailbox", {
  id: text("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  fromAddress: text("from_address").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: integer("created_at").notNull(),
  /** the message's extra headers as JSON, e.g. List-Unsubscribe (migrations/0039) */
  headers: text("headers"),
});

/**
 * Open tasks and their open slots per completion date and category, kept by triggers on tasks (migrations/0006).
 * "Open now" is the sum over the rows dated today or later.
 */
export const openTaskDays = sqliteTable("open_task_days", {
  completionDate: text("completion_date").notNull(),
  category: text("category").notNull(),
  tasks: integer("tasks").notNull(),
  slots: integer("slots").notNull(),
});

/**
 * The open tasks that require something, counted by what they require (migrations/0084, kept by triggers on tasks):
 * per category, the least approval rate and approved submissions (0 for none) and whether a qualification is
 * required; those not yet marked past their day by the daily job. The Task List's count with "Hide tasks I can't do".
 */
export const openTasksByRequirement = sqliteTable("open_tasks_by_requirement", {
  category: text("category").notNull(),
  minApprovalRate: integer("min_approval_rate").notNull(),
  minApproved: integer("min_approved").notNull(),
  withQualification: integer("with_qualification").notNull(),
  tasks: integer("tasks").notNull(),
});

/**
 * Running totals kept by triggers (migrations/0006): `ledger.<kind>` (coin_ledger deltas per kind), balances,
 * owed, active_buyers, active_workers, live_tasks, escrow_open_slots, escrow_pending, held_for_withdrawals,
 * paid_out, order_cents; escrow_held (migrations/0030). (The indexes of task search, tasks_fts, open_tasks_fts and open_task_words, are FTS5 tables
 * drizzle does not describe.)
 */
export const totals = sqliteTable("totals", {
  name: text("name").primaryKey(),
  value: integer("value").notNull(),
});

/** Each worker's approved and rejected submissions, kept by triggers on submissions (migrations/0009). */
export const workerTrackRecords = sqliteTable("worker_track_records", {
  workerId: text("worker_id").primaryKey(),
  approved: integer("approved").notNull(),
  rejected: integer("rejected").notNull(),
});

/**
 * Admin Home's chart figures per UTC day (`YYYY-MM-DD`), kept by triggers (migrations/0012): coins bought, paid out
 * and withdrawn, and submissions made that day by their status now.
 */
export const dailyActivity = sqliteTable("daily_activity", {
  day: text("day").primaryKey(),
  bought: integer("bought").notNull().default(0),
  paidOut: integer("paid_out").notNull().default(0),
  withdrawn: integer("withdrawn").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  approved: integer("approved").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
});

/** Buyer Home's figures per buyer, kept by triggers (migrations/0013). */
export const buyerFigures = sqliteTable("buyer_figures", {
  buyerId: text("buyer_id").primaryKey(),
  liveTasks: integer("live_tasks").notNull().default(0),
  openSlots: integer("open_slots").notNull().default(0),
  spentCents: integer("spent_cents").notNull().default(0),
  paidCoins: integer("paid_coins").notNull().default(0),
});

/** Worker Home's figures per worker, kept by triggers (migrations/0014). */
export const workerFigures = sqliteTable("worker_figures", {
  workerId: text("worker_id").primaryKey(),
  submitted: integer("submitted").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  earned: integer("earned").notNull().default(0),
});

/** Worker Home's chart: decisions per worker and week (its Monday, UTC), kept by triggers (migrations/0014). */
export const workerWeeks = sqliteTable(
  "worker_weeks",
  {
    workerId: text("worker_id").notNull(),
    week: text("week").notNull(),
    earned: integer("earned").notNull().default(0),
    approved: integer("approved").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.week] })],
);

/** My Tasks' progress per task: its pending, approved (0020) and rejected (0066) submissions, kept by triggers. */
export const taskFigures = sqliteTable("task_figures", {
  taskId: text("task_id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  pending: integer("pending").notNull().default(0),
  approved: integer("approved").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
});

/** A slot a worker started and holds until they send proof, give it back or its time runs out (migrations/0030). */
export const taskHolds = sqliteTable(
  "task_holds",
  {
    taskId: text("task_id").notNull(),
    workerId: text("worker_id").notNull(),
    buyerId: text("buyer_id").notNull(),
    /** the escrowed pay of the slot, the task's pay when it was started */
    payableAmount: integer("payable_amount").notNull(),
    startedAt: integer("started_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** the start that made the hold (migrations/0082): its batch takes a slot for this row only */
    startId: text("start_id"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.workerId] })],
);

/** Figures the Cron Trigger works out (a median), read by one primary-key look-up (migrations/0031). */
export const cronFigures = sqliteTable("cron_figures", {
  name: text("name").primaryKey(),
  value: integer("value"),
  computedAt: integer("computed_at").notNull(),
});

/** A buyer's block of a worker, with the buyer's private reason (migrations/0040). */
export const workerBlocks = sqliteTable(
  "worker_blocks",
  {
    buyerId: text("buyer_id").notNull(),
    workerId: text("worker_id").notNull(),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.buyerId] })],
);

/** How many buyers block each worker, kept by triggers on worker_blocks (migrations/0040). */
/** How many taka a US dollar buys, in hundredths, as an admin set it (migrations/0071). */
export const currencyRates = sqliteTable("currency_rates", {
  currency: text("currency", { enum: ["BDT"] }).primaryKey(),
  perDollarHundredths: integer("per_dollar_hundredths").notNull(),
  setAt: integer("set_at").notNull(),
  setBy: text("set_by").notNull(),
});

export const workerBlockCounts = sqliteTable("worker_block_counts", {
  workerId: text("worker_id").primaryKey(),
  buyers: integer("buyers").notNull().default(0),
});

/** A bonus a buyer paid a worker for a reviewed submission, once per request key (migrations/0041). */
export const bonuses = sqliteTable("bonuses", {
  id: text("id").primaryKey(),
  submissionId: text("submission_id").notNull(),
  buyerId: text("buyer_id").notNull(),
  workerId: text("worker_id").notNull(),
  coins: integer("coins").notNull(),
  reason: text("reason").notNull(),
  requestKey: text("request_key").notNull(),
  createdAt: integer("created_at").notNull(),
  /** 1: made by the minimum-pay rule (a top-up, migrations/0076), not by the buyer */
  topUp: integer("top_up").notNull().default(0),
});

/** Who may work on a task: a least approval rate (percent) and a least number of approved submissions (migrations/0042). */
export const taskRequirements = sqliteTable("task_requirements", {
  taskId: text("task_id").primaryKey(),
  minApprovalRate: integer("min_approval_rate"),
  minApproved: integer("min_approved"),
});

/** A buyer's qualification (migrations/0043): granted by hand or earned by a test of `questions` questions. */
export const qualifications = sqliteTable("qualifications", {
  id: text("id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  retakeHours: integer("retake_hours").notNull().default(24),
  questions: integer("questions").notNull().default(0),
  holders: integer("holders").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  /** 1: workers may ask for it without a test, and its owner accepts or rejects (migrations/0069) */
  requestable: integer("requestable").notNull().default(0),
});

/** A test's multiple-choice question; `answer` is the key (the right choice's index), never sent to a worker. */
export const qualificationQuestions = sqliteTable("qualification_questions", {
  id: text("id").primaryKey(),
  qualificationId: text("qualification_id").notNull(),
  prompt: text("prompt").notNull(),
  choices: text("choices").notNull(),
  answer: integer("answer").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Who holds a qualification, with which score, by hand or by test. */
export const qualificationGrants = sqliteTable(
  "qualification_grants",
  {
    workerId: text("worker_id").notNull(),
    qualificationId: text("qualification_id").notNull(),
    score: integer("score").notNull(),
    source: text("source", { enum: ["hand", "test"] }).notNull(),
    grantedAt: integer("granted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.qualificationId] })],
);

/** A worker's last attempt at a test (the retake wait counts from it). */
export const qualificationAttempts = sqliteTable(
  "qualification_attempts",
  {
    workerId: text("worker_id").notNull(),
    qualificationId: text("qualification_id").notNull(),
    score: integer("score").notNull(),
    attemptedAt: integer("attempted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.qualificationId] })],
);

/** A task's required qualifications with their least score. */
export const taskQualifications = sqliteTable(
  "task_qualifications",
  {
    taskId: text("task_id").notNull(),
    qualificationId: text("qualification_id").notNull(),
    minScore: integer("min_score").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.qualificationId] })],
);

/** A buyer's MTurk Requester API keys (migrations/0050): the secret sealed under MTURK_KEY_SECRET. */
export const requesterKeys = sqliteTable("requester_keys", {
  accessKeyId: text("access_key_id").primaryKey(),
  userId: text("user_id").notNull(),
  sealedSecret: text("sealed_secret").notNull(),
  createdAt: integer("created_at").notNull(),
  revokedAt: integer("revoked_at"),
});

/** CreateHIT's UniqueRequestTokens of the last 24 hours (migrations/0050). */
export const hitRequestTokens = sqliteTable(
  "hit_request_tokens",
  {
    buyerId: text("buyer_id").notNull(),
    token: text("token").notNull(),
    hitId: text("hit_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.token] })],
);

/** A worker's saved search: the task alerts' criteria and its private feed token (migrations/0038). */
export const savedSearches = sqliteTable("saved_searches", {
  id: text("id").primaryKey(),
  workerId: text("worker_id").notNull(),
  words: text("words").notNull().default(""),
  /** the words as one FTS5 query (each must appear); NULL when the search has no words */
  wordsQuery: text("words_query"),
  category: text("category"),
  feedToken: text("feed_token").notNull(),
  createdAt: integer("created_at").notNull(),
  /** when a match of this search was last pushed: at most one alert push an hour per search (migrations/0080) */
  pushedAt: integer("pushed_at"),
});

/** A saved search's least pay per hour and buyer approval rate (migrations/0034): a row only when one is set. */
export const savedSearchBounds = sqliteTable("saved_search_bounds", {
  searchId: text("search_id").primaryKey(),
  /** cents per hour, as the task list's min_hourly; NULL when any */
  minCentsPerHour: integer("min_cents_per_hour"),
  /** percent, as the task list's min_approval; NULL when any */
  minApproval: integer("min_approval"),
});

/** A task that matched a saved search, once; mailed_at is when the digest (or e-mails being off) took it. */
export const savedSearchMatches = sqliteTable(
  "saved_search_matches",
  {
    searchId: text("search_id").notNull(),
    taskId: text("task_id").notNull(),
    workerId: text("worker_id").notNull(),
    createdAt: integer("created_at").notNull(),
    mailedAt: integer("mailed_at"),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.taskId] })],
);

/** A worker's alert e-mails: on or off, the unsubscribe link's token, the last digest's time (migrations/0038). */
export const alertMail = sqliteTable("alert_mail", {
  workerId: text("worker_id").primaryKey(),
  emails: integer("emails").notNull().default(1),
  unsubscribeToken: text("unsubscribe_token").notNull(),
  lastDigestAt: integer("last_digest_at"),
});

/** Qualifications a task's worker must not hold, or not with `score` (DoesNotExist, NotEqualTo; migrations/0067). */
export const taskQualificationExclusions = sqliteTable(
  "task_qualification_exclusions",
  {
    taskId: text("task_id").notNull(),
    qualificationId: text("qualification_id").notNull(),
    score: integer("score"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.qualificationId] })],
);

/** The countries a task is for (allowed 1) or not for (allowed 0): MTurk's Locale requirements (migrations/0067). */
export const taskCountries = sqliteTable(
  "task_countries",
  {
    taskId: text("task_id").notNull(),
    country: text("country").notNull(),
    allowed: integer("allowed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.country] })],
);

/** What an unmet requirement keeps from a worker beyond starting: its preview or its discovery (migrations/0067). */
export const taskRequirementGuards = sqliteTable(
  "task_requirement_guards",
  {
    taskId: text("task_id").notNull(),
    /** 'approval_rate', 'approved', 'country' or a qualification's id */
    requirement: text("requirement").notNull(),
    guard: text("guard", { enum: ["preview", "discover"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.requirement] })],
);

/** The tasks with a requirement guarding discovery, by the task's rowid (migrations/0067). */
export const taskDiscoveryGuards = sqliteTable("task_discovery_guards", {
  taskRowid: integer("task_rowid").primaryKey(),
  taskId: text("task_id").notNull(),
  completionDate: text("completion_date").notNull(),
});

/** The MTurk API's HIT types: the same buyer and properties are the same id (migrations/0051). */
export const hitTypes = sqliteTable("hit_types", {
  id: text("id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  rewardCoins: integer("reward_coins").notNull(),
  assignmentDurationSeconds: integer("assignment_duration_seconds").notNull(),
  autoApprovalDelaySeconds: integer("auto_approval_delay_seconds"),
  keywords: text("keywords").notNull().default(""),
  qualificationRequirements: text("qualification_requirements").notNull().default("[]"),
  createdAt: integer("created_at").notNull(),
});

/** A worker's request for a requestable qualification, pending until its owner decides (migrations/0069). */
export const qualificationRequests = sqliteTable("qualification_requests", {
  id: text("id").primaryKey(),
  qualificationId: text("qualification_id").notNull(),
  buyerId: text("buyer_id").notNull(),
  workerId: text("worker_id").notNull(),
  status: text("status", { enum: ["pending", "accepted", "rejected"] }).notNull(),
  reason: text("reason"),
  createdAt: integer("created_at").notNull(),
  decidedAt: integer("decided_at"),
});

/** CreateAdditionalAssignmentsForHIT's extensions, once per UniqueRequestToken (migrations/0069). */
export const hitExtensions = sqliteTable(
  "hit_extensions",
  {
    buyerId: text("buyer_id").notNull(),
    token: text("token").notNull(),
    hitId: text("hit_id").notNull(),
    assignments: integer("assignments").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.token] })],
);

/** A HIT type's notification specification (UpdateNotificationSettings, migrations/0070). */
export const hitTypeNotifications = sqliteTable("hit_type_notifications", {
  hitTypeId: text("hit_type_id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  accessKeyId: text("access_key_id").notNull(),
  transport: text("transport", { enum: ["Email", "HTTPS"] }).notNull(),
  destination: text("destination").notNull(),
  version: text("version").notNull(),
  eventTypes: text("event_types").notNull(),
  active: integer("active").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** An event of a HIT whose type has notifications on, written by the triggers of migrations/0070, until sent. */
export const hitEvents = sqliteTable("hit_events", {
  id: integer("id").primaryKey(),
  hitTypeId: text("hit_type_id").notNull(),
  eventType: text("event_type").notNull(),
  hitId: text("hit_id").notNull(),
  workerId: text("worker_id"),
  startedAt: integer("started_at"),
  submissionId: text("submission_id"),
  eventTime: integer("event_time").notNull(),
  attempts: integer("attempts").notNull().default(0),
  dueAt: integer("due_at").notNull(),
  doneAt: integer("done_at"),
  failure: text("failure"),
});

/** A task made through the MTurk API: its HIT type, Question XML and RequesterAnnotation (migrations/0051). */
export const mturkHits = sqliteTable("mturk_hits", {
  taskId: text("task_id").primaryKey(),
  hitTypeId: text("hit_type_id").notNull(),
  question: text("question"),
  requesterAnnotation: text("requester_annotation"),
});

/** The assignmentId given to a worker's hold of a HIT, its answer and submission (migrations/0052). */
export const hitAssignments = sqliteTable("hit_assignments", {
  id: text("id").primaryKey(),
  taskId: text("task_id").notNull(),
  workerId: text("worker_id").notNull(),
  startedAt: integer("started_at").notNull(),
  answer: text("answer"),
  submissionId: text("submission_id"),
  createdAt: integer("created_at").notNull(),
});
/** An uploaded CSV of tasks between its preview and "Post all" (migrations/0045). */
export const taskBatchDrafts = sqliteTable("task_batch_drafts", {
  id: text("id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  fileName: text("file_name").notNull(),
  csv: text("csv").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Posted batches of tasks, once per request key of their buyer (migrations/0045). */
export const taskBatches = sqliteTable(
  "task_batches",
  {
    buyerId: text("buyer_id").notNull(),
    requestKey: text("request_key").notNull(),
    tasks: integer("tasks").notNull(),
    coins: integer("coins").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.buyerId, t.requestKey] })],
);
/** A conversation: one per submission, or one per worker and task before any submission (migrations/0035). */
export const messageThreads = sqliteTable("message_threads", {
  id: text("id").primaryKey(),
  submissionId: text("submission_id"),
  taskId: text("task_id").notNull(),
  workerId: text("worker_id").notNull(),
  buyerId: text("buyer_id").notNull(),
  workerEmailedAt: integer("worker_emailed_at"),
  buyerEmailedAt: integer("buyer_emailed_at"),
  createdAt: integer("created_at").notNull(),
  // the Messages page (migrations/0074): the newest message, and each side's unread count, kept by a trigger
  lastMessageId: text("last_message_id"),
  lastMessageAt: integer("last_message_at").notNull().default(0),
  workerUnread: integer("worker_unread").notNull().default(0),
  buyerUnread: integer("buyer_unread").notNull().default(0),
});

export const messages = sqliteTable("messages", {
  id: text("id").primaryKey(),
  threadId: text("thread_id").notNull(),
  senderId: text("sender_id").notNull(),
  body: text("body").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** A task's known-answer check (migrations/0047): the expected answer never leaves the server. */
export const taskChecks = sqliteTable("task_checks", {
  taskId: text("task_id").primaryKey(),
  question: text("question").notNull(),
  match: text("match", { enum: ["exact", "ignore_case", "choice"] }).notNull(),
  answer: text("answer").notNull(),
  choices: text("choices"),
});

/** A worker's answer to the task's check, judged when submitted (migrations/0047). */
export const submissionCheckAnswers = sqliteTable("submission_check_answers", {
  submissionId: text("submission_id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  answer: text("answer").notNull(),
  correct: integer("correct", { mode: "boolean" }).notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * The perceptual hash of a submission's proof image, when the submission first carried it, and the earlier submission
 * of another worker it copies, if any (migrations/0072). `hash` is null for a row of the old 64-bit hash until the
 * submission is judged again.
 */
export const proofImages = sqliteTable("proof_images", {
  submissionId: text("submission_id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  workerId: text("worker_id").notNull(),
  imageUrl: text("image_url").notNull(),
  hash: text("hash"),
  band0: integer("band0"),
  band1: integer("band1"),
  band2: integer("band2"),
  band3: integer("band3"),
  band4: integer("band4"),
  band5: integer("band5"),
  band6: integer("band6"),
  band7: integer("band7"),
  firstAt: integer("first_at").notNull(),
  copyOf: text("copy_of"),
});

/** The fingerprint of a submission's proof text (of 40 folded characters or more), as `proofImages` (migrations/0072). */
export const proofTexts = sqliteTable("proof_texts", {
  submissionId: text("submission_id").primaryKey(),
  buyerId: text("buyer_id").notNull(),
  workerId: text("worker_id").notNull(),
  exact: text("exact").notNull(),
  band0: integer("band0").notNull(),
  band1: integer("band1").notNull(),
  band2: integer("band2").notNull(),
  band3: integer("band3").notNull(),
  band4: integer("band4").notNull(),
  band5: integer("band5").notNull(),
  band6: integer("band6").notNull(),
  band7: integer("band7").notNull(),
  firstAt: integer("first_at").notNull(),
  copyOf: text("copy_of"),
});

/** A browser's Web Push subscription (migrations/0080): its push service's endpoint and the keys payloads are encrypted to. */
export const pushSubscriptions = sqliteTable("push_subscriptions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  endpoint: text("endpoint").notNull(),
  p256dh: text("p256dh").notNull(),
  auth: text("auth").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** A notification waiting to be pushed (migrations/0080): deleted once sent. */
export const pushOutbox = sqliteTable("push_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  notificationId: text("notification_id").notNull(),
  userId: text("user_id").notNull(),
  /** a key of the catalogues' `notifications` words, written in the person's language when sent */
  titleKey: text("title_key").notNull(),
  createdAt: integer("created_at").notNull(),
  claimedAt: integer("claimed_at"),
  attempts: integer("attempts").notNull().default(0),
});
