// The REST API's query strings and JSON bodies (docs/product/rest-api.md), as valibot schemas. The routes parse with
// them, and /openapi.json is generated from them, so the documentation cannot drift from what is accepted.
// Field rules and messages come from the form schemas next to this file.
import * as v from "valibot";
import { messageBody, revisionNote } from "./revisions";
import { CATEGORIES } from "../categories";
import { COIN_PACKAGES, ITEMS_PER_PAGE_OPTIONS } from "../coins";
import { ROLES } from "../roles";
import { email, optionalText, payoutReference, requiredText, wholeNumber } from "./fields";
import { pageNumber, queryInt } from "./paging";
import { adjustCoinsSchema, purchaseSchema, rejectSchema, submissionSchema, withdrawSchema } from "./money";
import { addTaskSchema, estimateMinutes, TASK_SORTS, updateTaskSchema } from "./task";
import { ESTIMATE_MINUTES } from "../pay-rate";
import { BULK_APPROVE_LIMIT, NONE_SELECTED, TOO_MANY_TO_APPROVE } from "../review";
import { APPEAL_DECISIONS, APPEAL_LISTS } from "../appeals";
import { appealText } from "./appeals";

export { addTaskSchema, updateTaskSchema, submissionSchema, withdrawSchema };

/**
 * A task body without its estimate is refused naming the field (422): the original clients' POST /tasks never sent
 * one, and the minimum hourly pay is checked at it (docs/decisions/094).
 */
export const ESTIMATE_REQUIRED_API = `estimate_minutes is required: the minutes one worker's work takes, a whole number from ${ESTIMATE_MINUTES.min} to ${ESTIMATE_MINUTES.max}. Every task must pay at least the minimum hourly pay at its estimate.`;

/** POST /tasks: Add Task's fields. */
export const postTaskBody = v.object({
  ...addTaskSchema.entries,
  estimate_minutes: estimateMinutes(ESTIMATE_REQUIRED_API),
});

/** PUT /tasks: Update Task's fields. */
export const putTaskBody = v.object({
  ...updateTaskSchema.entries,
  estimate_minutes: estimateMinutes(ESTIMATE_REQUIRED_API),
});

// ---------------------------------------------------------------- fields

export const INVALID_ID = "Invalid id";

/** A record id (`_id`): what newId() makes, or a seed id. */
export const id = (name = "id") =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.nonEmpty(`${name} is required`),
    v.maxLength(64, INVALID_ID),
    v.regex(/^[A-Za-z0-9_-]+$/, INVALID_ID),
  );

const optionalEmail = v.optional(email());

export const MAX_PAGE_SIZE = 100;

/** Every list accepts page (1-based) and limit (1-100, default 100); the total is in the X-Total-Count header. */
export const paging = {
  page: v.optional(pageNumber),
  limit: v.optional(queryInt(1, MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)),
};

/** Submission statuses as the spec's client sends them; `approve` and `approved` mean the same. */
export const SUBMISSION_WIRE_STATUSES = ["pending", "approve", "approved", "rejected", "cancelled"] as const;
export type SubmissionWireStatus = (typeof SUBMISSION_WIRE_STATUSES)[number];
const submissionStatus = v.picklist(
  SUBMISSION_WIRE_STATUSES,
  "status must be pending, approve (or approved), rejected or cancelled",
);

const reason = optionalText(500);
export const REASON_REQUIRED = "A reason is required";

/** A field the spec's client sends that the server does not take from the client. */
const ignored = (why: string) => v.pipe(v.optional(v.unknown()), v.description(`Ignored: ${why}`));

/** An object of query parameters of which at least one of `keys` must be given. */
function eitherOf<TEntries extends v.ObjectEntries>(
  entries: TEntries,
  keys: (keyof TEntries & string)[],
  message: string,
) {
  return v.pipe(
    v.object(entries),
    v.check((q) => keys.some((k) => (q as Record<string, unknown>)[k] !== undefined), message),
  );
}

// ---------------------------------------------------------------- users

/** GET /users: `role=Worker` (public: photo and name) or `email=` (one user record: your own, any for an admin). */
export const usersQuery = eitherOf(
  {
    email: optionalEmail,
    role: v.optional(v.picklist(["Worker"], "Only role=Worker can be listed here; admins use /users3")),
  },
  ["email", "role"],
  "Give email= or role=Worker",
);

/**
 * POST /users (compatibility with a client that creates the user record after signing up with an identity
 * provider): returns the signed-in caller's own record. `role`, `coin`, `name` and `photo` are not taken from
 * the body: the server set them when the account was made.
 */
export const usersPostBody = v.object({
  email: v.pipe(email(), v.description("must be your own e-mail")),
  name: ignored("the name given at sign-up"),
  role: ignored("the role is chosen at sign-up (Worker or Buyer) and changed only by an admin"),
  coin: ignored("coins are the server's"),
  photo: ignored("the photo given at sign-up"),
});

export const usersPatchQuery = v.object({ id: v.optional(id()) });

/** PATCH /users?id= { role } (admin). */
export const roleChangeBody = v.object({ role: v.picklist(ROLES, "Select a role") });

/** PATCH /users and PATCH /users1 { email, addcoin, reason } (admin): a recorded adjustment, never your own. */
export const addCoinBody = v.object({ email: email(), ...adjustCoinsSchema.entries });

export const usersDeleteQuery = v.object({ id: id(), reason });

/** GET /users3 (admin): live users, optionally of one role. */
export const users3Query = v.object({
  role: v.optional(v.picklist(ROLES, "role must be Worker, Buyer or Admin")),
  ...paging,
});

// ---------------------------------------------------------------- tasks

export const idQuery = v.object({ id: id() });
export const idReasonQuery = v.object({ id: id(), reason });

/** GET /tasks1: `email=` (your tasks, as a buyer) or `id=` (one task you own; an admin may read any). */
export const tasks1Query = eitherOf(
  { email: optionalEmail, id: v.optional(id()), ...paging },
  ["email", "id"],
  "Give email= or id=",
);

/** GET /tasks: `email=` (your tasks; an admin may name any buyer), or nothing (every task, admins only). */
export const tasksQuery = v.object({ email: optionalEmail, ...paging });

/** GET /tasks2: open tasks (slots left, not past their date), or `id=` for one task. */
export const tasks2Query = v.object({
  id: v.optional(id()),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "q is at most 100 characters"))),
  category: v.optional(v.picklist(CATEGORIES, "Unknown category")),
  sort: v.optional(v.picklist(TASK_SORTS, "sort must be newest, pay, rate or deadline")),
  min_hourly: v.optional(
    v.pipe(
      wholeNumber(
        "min_hourly is whole dollars from 1 to 1,000",
        1,
        "min_hourly is whole dollars from 1 to 1,000",
        1000,
      ),
      v.description("only tasks paying at least this many dollars per hour"),
    ),
  ),
  min_approval: v.optional(
    v.pipe(
      wholeNumber("min_approval is a percentage from 1 to 100", 1, "min_approval is a percentage from 1 to 100", 100),
      v.description("leave out buyers whose all-time approval rate is under this percentage"),
    ),
  ),
  ...paging,
});

// ---------------------------------------------------------------- submissions

/** GET /submission: `email=` (a worker's own) or `Buyer_mail=` (submissions on a buyer's own tasks). */
export const submissionQuery = eitherOf(
  { email: optionalEmail, Buyer_mail: optionalEmail, status: v.optional(submissionStatus), ...paging },
  ["email", "Buyer_mail"],
  "Give email= or Buyer_mail=",
);

/** GET /submission1: a buyer's submissions to review (status defaults to pending). */
export const submission1Query = v.object({ email: optionalEmail, status: v.optional(submissionStatus), ...paging });

/** PATCH /submission1?id=&status=approve|approved|rejected. */
export const reviewQuery = v.object({
  id: id(),
  status: v.picklist(["approve", "approved", "rejected"], "status must be approve (or approved) or rejected"),
});

/**
 * PATCH /submission1 body: an optional rejection reason. The spec's client also sends the worker's e-mail and
 * the coins (approve) or the task id (reject): the server derives all of these from the submission and ignores them.
 */
export const reviewBody = v.object({
  ...rejectSchema.entries,
  email: ignored("the worker is the submission's"),
  coin: ignored("the pay is the submission's payable_amount"),
  task_id: ignored("the task is the submission's"),
});

/** Submissions approved together (Buyer Home's selection, POST /submissions/approve): 1 to BULK_APPROVE_LIMIT ids. */
export const submissionIds = v.pipe(
  v.array(id(), "ids must be a list of submission ids"),
  v.minLength(1, NONE_SELECTED),
  v.maxLength(BULK_APPROVE_LIMIT, TOO_MANY_TO_APPROVE),
);

/** POST /submissions/approve body. */
export const bulkApproveBody = v.object({ ids: submissionIds });

/** GET /submission2: `email=` (a worker's own) or `workermail=` with `status=pending|approve`. */
export const submission2Query = eitherOf(
  { email: optionalEmail, workermail: optionalEmail, status: v.optional(submissionStatus), ...paging },
  ["email", "workermail"],
  "Give email= or workermail=",
);

// ---------------------------------------------------------------- withdrawals

export const WITHDRAWAL_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;

/** GET /withdraw: `email=` (a worker's own; an admin may name any), or nothing (all requests, admins only). */
export const withdrawQuery = v.object({
  email: optionalEmail,
  status: v.optional(v.picklist(WITHDRAWAL_STATUSES, "status must be pending, approved, rejected or cancelled")),
  ...paging,
});

/** PATCH /withdraw?id= approves (the spec); `&status=rejected` with a `reason` returns the held coins. */
export const withdrawPatchQuery = v.object({
  id: id(),
  status: v.optional(v.picklist(["approve", "approved", "rejected"], "status must be approved or rejected")),
});
export const withdrawRejectBody = v.object({ reason: requiredText(REASON_REQUIRED, 500) });
/**
 * Approval needs no body (the original client sends none); `payout_reference` records the payment's own reference,
 * which the worker is shown. A note may be sent and is ignored.
 */
export const withdrawApproveBody = v.object({
  reason,
  payout_reference: v.optional(
    payoutReference("payout_reference, when given, is the payment's transaction ID or reference"),
  ),
});

// ---------------------------------------------------------------- appeals

/** POST /appeals: the worker's appeal of their rejected submission. */
export const appealBody = v.object({ submission_id: id("submission_id"), text: appealText });
/** GET /appeals (admin): the pending queue (oldest first) or the decided appeals (newest decision first). */
export const appealsQuery = v.object({
  status: v.optional(v.picklist(APPEAL_LISTS, "status must be pending or decided")),
  ...paging,
});
/** PATCH /appeals?id=&decision=uphold|overturn (admin). */
export const appealDecisionQuery = v.object({
  id: id(),
  decision: v.picklist(APPEAL_DECISIONS, "decision must be uphold or overturn"),
});

// ---------------------------------------------------------------- starts (held slots)

/** POST /task-starts { task_id }: start a task (hold one of its slots). */
export const taskStartBody = v.object({ task_id: id("task_id") });
/** DELETE /task-starts?task_id=: give the started task back. */
export const taskStartQuery = v.object({ task_id: id("task_id") });

// ---------------------------------------------------------------- purchases

/** POST /create-payment-intent { coins }: one of the packages; a client-sent `price` is ignored. */
export const paymentIntentBody = v.object({
  ...purchaseSchema.entries,
  price: ignored("the server's price list decides"),
});

/** POST /orders { payment_id }: the server re-reads the payment; coinamount, price and user_email are ignored. */
export const ordersBody = v.object({
  payment_id: v.pipe(
    v.string("payment_id is required"),
    v.trim(),
    v.nonEmpty("payment_id is required"),
    v.maxLength(200, "Invalid payment_id"),
    v.regex(/^[A-Za-z0-9_-]+$/, "Invalid payment_id"),
  ),
});

/** POST /test-payments/confirm: the embedded test-mode provider's card step (only without Stripe keys). */
export const testCardBody = v.object({
  clientSecret: v.pipe(v.string(), v.maxLength(200)),
  number: v.pipe(v.string("Your card number is incomplete."), v.maxLength(30)),
  exp: v.pipe(v.string("Your card's expiration date is incomplete."), v.maxLength(10)),
  cvc: v.pipe(v.string("Your card's security code is incomplete."), v.maxLength(6)),
});

// ---------------------------------------------------------------- notifications

/** GET /notifications: your notifications, newest first. */
export const notificationsQuery = v.object({ ...paging });

/** POST /notifications, and the bell's and the page's forms: mark one notification read (id), or all (no id). */
export const notificationReadBody = v.object({ id: v.optional(id()) });

// ---------------------------------------------------------------- own figures and preferences

/** The spec's `email=` on the caller's own figures: optional, and only ever your own. */
export const ownEmailQuery = v.object({ email: optionalEmail });
export const ownEmailPagedQuery = v.object({ email: optionalEmail, ...paging });

export const preferenceBody = v.object({
  email: optionalEmail,
  itemsPerPage: v.pipe(
    wholeNumber("itemsPerPage is required", 1, "Items per page must be 3, 5 or 10", 10),
    v.check((n) => (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(n), "Items per page must be 3, 5 or 10"),
  ),
});

// ---------------------------------------------------------------- the package list, for documentation

export const COIN_PACKAGE_COINS = COIN_PACKAGES.map((p) => p.coins);

// ---------------------------------------------------------------- answers (the wire shapes of docs/product/rest-api.md)
// Documented in /openapi.json and checked against real answers by the contract tests (strict: no field more or less).

const isoTime = v.pipe(v.string(), v.isoTimestamp());
const nullableUrl = v.nullable(v.pipe(v.string(), v.url()));

export const errorWire = v.strictObject({
  error: v.object({
    code: v.string(),
    message: v.string(),
    fields: v.optional(v.record(v.string(), v.array(v.string()))),
    missing: v.optional(v.number()),
  }),
});

export const userWireSchema = v.strictObject({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  coin: v.pipe(v.number(), v.integer()),
  photo: nullableUrl,
});

export const applicantWireSchema = v.strictObject({ photo: nullableUrl, name: v.string() });
export const publicWorkerWireSchema = v.strictObject({
  photo: nullableUrl,
  name: v.string(),
  coin: v.pipe(v.number(), v.integer()),
});
export const categoryWireSchema = v.strictObject({
  _id: v.picklist(CATEGORIES),
  total_workers: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const taskWireSchema = v.strictObject({
  _id: v.string(),
  task_title: v.string(),
  task_detail: v.string(),
  task_image_url: nullableUrl,
  category: v.picklist(CATEGORIES),
  required_workers: v.pipe(v.number(), v.integer(), v.minValue(0), v.description("open slots left")),
  payable_amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("coins per worker")),
  completion_date: v.pipe(v.string(), v.isoDate()),
  submission_info: v.string(),
  name: v.pipe(v.string(), v.description("the buyer's name")),
  user_email: v.pipe(v.string(), v.description("the buyer's e-mail")),
  estimate_minutes: v.pipe(v.nullable(v.pipe(v.number(), v.integer())), v.description("the buyer's time estimate")),
  measured_minutes: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer())),
    v.description("the median minutes from start to submit, from the third timed submission on"),
  ),
  pay_per_hour_cents: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer())),
    v.description("US cents per hour at the withdrawal rate, at the measured median, else at the estimate"),
  ),
  below_minimum: v.pipe(v.boolean(), v.description("the measured median pays under the minimum hourly pay")),
  paused: v.pipe(
    v.boolean(),
    v.description(
      "takes no new starts: a task without an estimate (a HIT) pays under the minimum hourly pay at the median time its first five timed submissions took; a payable_amount that meets it (PUT /tasks) reopens it",
    ),
  ),
});

const nullableCount = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** GET /buyer-reputation: a buyer's record as workers see it. */
export const buyerReputationWireSchema = v.strictObject({
  _id: v.string(),
  name: v.string(),
  member_since: v.pipe(v.string(), v.isoTimestamp()),
  approval_rate_90_days: v.pipe(nullableCount, v.description("percent approved of those decided, last 90 days")),
  approval_rate_all_time: v.pipe(nullableCount, v.description("percent approved of those decided, all time")),
  median_review_minutes: v.pipe(nullableCount, v.description("median minutes to a decision, latest 25")),
  appeals_lost: count,
  rejections_without_reason: v.pipe(count, v.description("rejections that gave the worker no reason, all time")),
  tasks_posted: count,
  coins_paid: count,
});

export const featuredTaskWireSchema = v.strictObject({
  _id: v.string(),
  task_title: v.string(),
  task_image_url: nullableUrl,
  completion_date: v.pipe(v.string(), v.isoDate()),
  payable_amount: v.pipe(v.number(), v.integer()),
  category: v.picklist(CATEGORIES),
  required_workers: v.pipe(v.number(), v.integer()),
  name: v.string(),
});

export const submissionWireSchema = v.strictObject({
  _id: v.string(),
  task_id: v.string(),
  task_title: v.string(),
  payable_amount: v.pipe(v.number(), v.integer()),
  worker_email: v.string(),
  worker_name: v.string(),
  Buyer_name: v.string(),
  Buyer_email: v.string(),
  Buyer_mail: v.pipe(v.string(), v.description("the same as Buyer_email")),
  submission_details: v.string(),
  submission_image_url: nullableUrl,
  current_date: isoTime,
  status: v.picklist(["pending", "approve", "rejected", "cancelled"]),
  reject_reason: v.nullable(v.string()),
});

export const withdrawalWireSchema = v.strictObject({
  _id: v.string(),
  worker_email: v.string(),
  worker_name: v.string(),
  withdrawal_coin: v.pipe(v.number(), v.integer(), v.minValue(200)),
  withdrawal_amount: v.pipe(
    v.number(),
    // the closest double to a two-decimal amount (an absolute tolerance refused large amounts, e.g. $152,697.05)
    v.check((n) => Number(n.toFixed(2)) === n, "at most two decimals"),
    v.description("dollars: coins / 20, two decimals"),
  ),
  payment_system: v.string(),
  account_number: v.string(),
  bank_name: v.pipe(v.nullable(v.string()), v.description("Bank only: the bank's name")),
  bank_branch: v.pipe(v.nullable(v.string()), v.description("Bank only: the branch or routing number")),
  withdraw_date: isoTime,
  status: v.picklist(WITHDRAWAL_STATUSES),
  reject_reason: v.nullable(v.string()),
  payout_reference: v.pipe(
    v.nullable(v.string()),
    v.description("approved: the payout's own reference (transaction ID) the admin recorded, when given"),
  ),
});

export const orderWireSchema = v.strictObject({
  _id: v.string(),
  coinamount: v.pipe(v.number(), v.integer()),
  user_email: v.string(),
  price: v.pipe(v.number(), v.description("dollars")),
  payment_id: v.string(),
  time: isoTime,
});

export const paymentIntentWireSchema = v.strictObject({
  clientSecret: v.string(),
  paymentId: v.string(),
  mode: v.picklist(["stripe", "test"]),
  coins: v.pipe(v.number(), v.integer()),
  price: v.pipe(v.number(), v.description("dollars")),
});

/** POST /submissions/approve: how many were approved, and what happened to each (in the order sent). */
export const bulkApprovalWire = v.strictObject({
  approved: v.pipe(v.number(), v.integer()),
  refused: v.pipe(v.number(), v.integer()),
  summary: v.pipe(v.string(), v.description('e.g. "3 approved, 1 already reviewed"')),
  results: v.array(
    v.strictObject({
      _id: v.string(),
      approved: v.boolean(),
      outcome: v.pipe(v.string(), v.description("approved, already reviewed, not yours, not found or not approved")),
      code: v.optional(v.pipe(v.string(), v.description("the refusal's error code"))),
      message: v.optional(v.pipe(v.string(), v.description("the refusal's words"))),
      worker_name: v.optional(v.string()),
      task_title: v.optional(v.string()),
    }),
  ),
});

export const notificationWireSchema = v.strictObject({
  _id: v.string(),
  message: v.string(),
  href: v.pipe(v.string(), v.description("the page of this site the notification is about, as a path")),
  read: v.boolean(),
  time: isoTime,
});

/** GET /withdraw/queue: the worker's pending withdrawals' places (1: decided next) and the admins' median wait. */
export const withdrawalQueueWireSchema = v.strictObject({
  median_wait_hours: v.nullable(v.pipe(v.number(), v.minValue(0))),
  pending: v.array(v.strictObject({ _id: v.string(), queue_place: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
});

/** A slot the worker started and holds: the pay escrowed for it and when its time runs out. */
export const taskStartWireSchema = v.strictObject({
  task_id: v.string(),
  task_title: v.string(),
  payable_amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  started_at: isoTime,
  expires_at: isoTime,
});

export const appealWireSchema = v.strictObject({
  _id: v.string(),
  submission_id: v.string(),
  task_title: v.string(),
  payable_amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  worker_name: v.string(),
  worker_email: v.string(),
  Buyer_name: v.string(),
  Buyer_email: v.string(),
  reject_reason: v.nullable(v.string()),
  appeal_text: v.string(),
  status: v.picklist(["pending", "upheld", "overturned"]),
  appeal_date: isoTime,
  decided_at: v.nullable(isoTime),
});
/** PATCH /appeals: the decision taken. */
export const appealDecidedWire = v.strictObject({
  modifiedCount: v.pipe(v.number(), v.integer()),
  status: v.picklist(["upheld", "overturned"]),
});
export const modifiedWire = v.strictObject({ modifiedCount: v.pipe(v.number(), v.integer()) });
export const deletedWire = v.strictObject({ deletedCount: v.pipe(v.number(), v.integer()) });
export const totalRequiredWorkersWire = v.strictObject({ totalRequiredWorkers: v.pipe(v.number(), v.integer()) });
export const totalPaymentWire = v.strictObject({ totalPayment: v.pipe(v.number(), v.description("dollars")) });
export const totalPayedWire = v.strictObject({ totalPayed: v.pipe(v.number(), v.integer(), v.description("coins")) });
export const itemsPerPageWire = v.strictObject({ itemsPerPage: v.picklist([...ITEMS_PER_PAGE_OPTIONS]) });
export const bareNumberWire = v.number();
/** An accepted request whose effect is an e-mail (POST /auth/verify/resend, POST /auth/reset). */
export const okWire = v.strictObject({ ok: v.literal(true) });
/** POST /auth/forgot: the same answer whether or not the address has an account. */
export const forgotWire = v.strictObject({ ok: v.literal(true), message: v.string() });

// ---------------------------------------------------------------- revisions and messages

/** POST /submission-revisions { submission_id, note }: the buyer's one revision request. */
export const revisionBody = v.object({ submission_id: id("submission_id"), note: revisionNote });
export const revisionWireSchema = v.strictObject({
  submission_id: v.string(),
  revision_note: v.string(),
  revision_due_at: isoTime,
});

/**
 * A conversation: `submission_id` (a submission's), or `task_id` with `worker_id` (a worker's questions about a task;
 * a worker may leave worker_id out: their own).
 */
const threadFields = {
  submission_id: v.optional(id("submission_id")),
  task_id: v.optional(id("task_id")),
  worker_id: v.optional(id("worker_id")),
};
const ONE_THREAD = "Send submission_id, or task_id (with worker_id when you are the buyer)";
const oneThread = <T extends { submission_id?: string; task_id?: string }>(s: v.GenericSchema<unknown, T>) =>
  v.pipe(
    s,
    v.check((t) => !!t.submission_id !== !!t.task_id, ONE_THREAD),
  );
/** GET /messages?submission_id= | ?task_id=&worker_id= [&before=<cursor>]: a page of the conversation. */
export const messagesQuery = oneThread(
  v.object({ ...threadFields, before: v.optional(v.pipe(v.string(), v.maxLength(100))) }),
);
/** POST /messages { submission_id | task_id (, worker_id), body }: write in the conversation. */
export const messageBodyInput = oneThread(v.object({ ...threadFields, body: messageBody }));
export const messageWireSchema = v.strictObject({
  _id: v.string(),
  sender_id: v.string(),
  sender_name: v.string(),
  body: v.string(),
  created_at: isoTime,
});
export const messagePageWire = v.strictObject({
  messages: v.array(messageWireSchema),
  earlier: v.nullable(v.string()),
  can_write: v.boolean(),
});
