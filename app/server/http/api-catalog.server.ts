// Every REST endpoint, described once: who may call it, the valibot schemas of its query and body (the same ones
// the routes parse with), and what it answers. /openapi.json and the /api-docs page are generated from this list;
// the tests check it against the route config and the routes' real answers.
import type * as v from "valibot";
import type { Role } from "~/lib/roles";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from "~/lib/schemas/auth";
import * as s from "~/lib/schemas/api";
import { BULK_APPROVE_LIMIT } from "~/lib/review";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Access = "public" | "signed-in" | Role[];

export interface ResponseDoc {
  status: number;
  description: string;
  schema?: v.GenericSchema;
  /** the body is an array of `schema` (with X-Total-Count when paged) */
  list?: boolean;
  example?: unknown;
  /** a non-JSON answer, e.g. an image */
  contentType?: string;
}

export interface EndpointDoc {
  method: HttpMethod;
  /** OpenAPI path, e.g. "/users" or "/images/{key}" */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** finer print on who may do what (ownership, public variants) */
  accessNote?: string;
  query?: v.GenericSchema;
  pathParams?: { name: string; description: string }[];
  /** the JSON body; several schemas are alternatives (oneOf) */
  body?: v.GenericSchema | v.GenericSchema[];
  /** names of the alternative bodies, in order */
  bodyTitles?: string[];
  /** whether a body must be sent (default: when there is one) */
  bodyOptional?: boolean;
  /** multipart/form-data fields (uploads), documented by hand: there is no JSON schema for a file */
  multipart?: { name: string; description: string }[];
  responses: ResponseDoc[];
  /** the error statuses this endpoint can answer, besides 405 */
  errors: number[];
}

// ---------------------------------------------------------------- examples of the wire shapes

const ID = "7d4b3a52-0c39-4f0e-9a51-2b7f0a1e6c11";
const ORIGIN = "https://coinwork.example";
export const examples = {
  user: {
    _id: ID,
    name: "Maya Buyer",
    email: "maya@example.com",
    role: "Buyer",
    coin: 420,
    photo: `${ORIGIN}/images/0d3f9c1e-5a7b-4c2d-9e8f-1a2b3c4d5e6f.png`,
  },
  /** the user of a sign-in answer ({ token, user }) */
  sessionUser: {
    id: ID,
    name: "Maya Buyer",
    email: "maya@example.com",
    role: "Buyer",
    coin: 50,
    photo: null,
    emailVerified: false,
  },
  applicant: { photo: `${ORIGIN}/images/0d3f9c1e-5a7b-4c2d-9e8f-1a2b3c4d5e6f.png`, name: "Rafi Worker" },
  publicWorker: { photo: `${ORIGIN}/avatars/seed-03.webp`, name: "Rafi Worker", coin: 1240 },
  category: { _id: "Content Writing", total_workers: 37 },
  appeal: {
    _id: ID,
    submission_id: "1f0c7a2e-4b6d-4e8a-9c3f-5d2e1b0a9f87",
    task_title: "Write a 200-word product review",
    payable_amount: 12,
    worker_name: "Rafi Worker",
    worker_email: "rafi@example.com",
    Buyer_name: "Maya Buyer",
    Buyer_email: "maya@example.com",
    reject_reason: "The review is under 200 words.",
    appeal_text: "The review has 214 words; the counter of the editor I used counts them all.",
    status: "pending",
    appeal_date: "2026-11-20T09:30:00.000Z",
    decided_at: null,
  },
  task: {
    _id: ID,
    task_title: "Write a 200-word product review",
    task_detail: "Try the app for a day and write an honest review.",
    task_image_url: `${ORIGIN}/images/0d3f9c1e-5a7b-4c2d-9e8f-1a2b3c4d5e6f.png`,
    category: "Content Writing",
    required_workers: 12,
    payable_amount: 15,
    completion_date: "2026-12-31",
    submission_info: "A link to the published review",
    name: "Maya Buyer",
    user_email: "maya@example.com",
  },
  featuredTask: {
    _id: ID,
    task_title: "Write a 200-word product review",
    task_image_url: null,
    completion_date: "2026-12-31",
    payable_amount: 15,
    category: "Content Writing",
    required_workers: 12,
    name: "Maya Buyer",
  },
  submission: {
    _id: ID,
    task_id: "a3c1f1d0-6f7e-4a11-8b9c-0d1e2f3a4b5c",
    task_title: "Write a 200-word product review",
    payable_amount: 15,
    worker_email: "rafi@example.com",
    worker_name: "Rafi Worker",
    Buyer_name: "Maya Buyer",
    Buyer_email: "maya@example.com",
    Buyer_mail: "maya@example.com",
    submission_details: "https://blog.example/review",
    submission_image_url: null,
    current_date: "2026-11-20T09:30:00.000Z",
    status: "pending",
    reject_reason: null,
  },
  withdrawal: {
    _id: ID,
    worker_email: "rafi@example.com",
    worker_name: "Rafi Worker",
    withdrawal_coin: 250,
    withdrawal_amount: 12.5,
    payment_system: "Bkash",
    account_number: "01700000000",
    bank_name: null,
    bank_branch: null,
    withdraw_date: "2026-11-20T09:30:00.000Z",
    status: "pending",
    reject_reason: null,
  },
  order: {
    _id: ID,
    coinamount: 150,
    user_email: "maya@example.com",
    price: 10,
    payment_id: "pi_3QabcDEF",
    time: "2026-11-20T09:30:00.000Z",
  },
  paymentIntent: {
    clientSecret: "pi_3QabcDEF_secret_xyz",
    paymentId: "pi_3QabcDEF",
    mode: "test",
    coins: 150,
    price: 10,
  },
  notification: {
    _id: ID,
    message: 'You earned 15 coins: your submission for "Write a 200-word product review" was approved.',
    href: "/dashboard/mysubmissions",
    read: false,
    time: "2026-11-20T09:30:00.000Z",
  },
  error: { error: { code: "forbidden", message: "You can only read or change your own records" } },
  validation: {
    error: {
      code: "validation_failed",
      message: "Minimum amount is 1",
      fields: { payable_amount: ["Minimum amount is 1"] },
    },
  },
} as const;

const list = (schema: v.GenericSchema, example: unknown, description: string): ResponseDoc => ({
  status: 200,
  description,
  schema,
  list: true,
  example: [example],
});
const ok = (schema: v.GenericSchema, example: unknown, description = "OK", status = 200): ResponseDoc => ({
  status,
  description,
  schema,
  example,
});

const BUYER: Role[] = ["Buyer"];
const WORKER: Role[] = ["Worker"];
const ADMIN: Role[] = ["Admin"];
const OWN = "An e-mail in the query or body must be your own (403 otherwise); it never widens what you can read.";

const MODIFIED = ok(s.modifiedWire, { modifiedCount: 1 });
const DELETED = ok(s.deletedWire, { deletedCount: 1 });

/** An endpoint as its group lists it: the method and path are its key, the tag is the group's. */
type Entry = Omit<EndpointDoc, "method" | "path" | "tag">;

/** The endpoints of one tag, keyed "METHOD /path", in the order written. */
function group(tag: string, entries: Record<`${HttpMethod} /${string}`, Entry>): EndpointDoc[] {
  return Object.entries(entries).map(([key, entry]) => {
    const [method, path] = key.split(" ") as [HttpMethod, string];
    return { method, path, tag, ...entry };
  });
}

/** GET (public): a short list for the landing page. */
const publicList = (summary: string, schema: v.GenericSchema, example: unknown, description: string): Entry => ({
  summary,
  access: "public",
  responses: [list(schema, example, description)],
  errors: [],
});

/** GET ?email= (buyer): one figure of the buyer home, as { name: number }. */
const buyerFigure = (summary: string, schema: v.GenericSchema, example: unknown): Entry => ({
  summary,
  access: BUYER,
  accessNote: OWN,
  query: s.ownEmailQuery,
  responses: [ok(schema, example)],
  errors: [401, 403, 422],
});

/** GET (admin): one figure of the admin home, as a bare number. */
const adminFigure = (summary: string, example: number): Entry => ({
  summary,
  access: ADMIN,
  responses: [ok(s.bareNumberWire, example)],
  errors: [401, 403],
});

export const endpoints: EndpointDoc[] = [
  ...group("Sign-in", {
    "POST /auth/register": {
      summary: "Create a Worker or Buyer account",
      description:
        "The server sets the starting coins (Worker 10, Buyer 50); a client-sent coin is ignored and role Admin is refused. A verification link is e-mailed to the address: until it is opened (user.emailVerified false) the account can sign in and read, but posting tasks, submitting work, buying coins and withdrawing answer 403 'Verify your email address first.'. Rate limited per address.",
      access: "public",
      body: registerSchema,
      responses: [
        {
          status: 201,
          description: "The account and a session token (also usable as Authorization: Bearer)",
          example: { token: "eyJhbGciOiJFZERTQSJ9…", user: examples.sessionUser },
        },
      ],
      errors: [400, 409, 415, 422, 429],
    },
    "POST /auth/login": {
      summary: "Sign in with e-mail and password",
      description: "Rate limited per e-mail and per address.",
      access: "public",
      body: loginSchema,
      responses: [
        {
          status: 200,
          description: "A session token and the user",
          example: { token: "eyJhbGciOiJFZERTQSJ9…", user: examples.sessionUser },
        },
      ],
      errors: [400, 401, 422, 429],
    },
    "POST /auth/logout": {
      summary: "End every session of the caller",
      access: "signed-in",
      responses: [{ status: 200, description: "Signed out everywhere", example: { ok: true } }],
      errors: [401],
    },
    "POST /auth/verify/resend": {
      summary: "E-mail another verification link",
      description:
        "A new link to the caller's address (it works once, for 24 hours). At most 3 every 10 minutes per account (429); 409 when the address is verified already.",
      access: "signed-in",
      responses: [ok(s.okWire, { ok: true }, "The link is on its way", 202)],
      errors: [401, 409, 429],
    },
    "POST /auth/forgot": {
      summary: "E-mail a password reset link",
      description:
        "Answers the same whether or not the address has an account; when it has one, a link (single use, valid 30 minutes) is e-mailed to it. At most 3 per address every 10 minutes, and rate limited per client address.",
      access: "public",
      body: forgotPasswordSchema,
      responses: [
        ok(
          s.forgotWire,
          {
            ok: true,
            message:
              "If an account uses maya@example.com, we've sent it a link to choose a new password. The link works for 30 minutes.",
          },
          "Accepted (the same for every address)",
          202,
        ),
      ],
      errors: [400, 413, 415, 422, 429],
    },
    "POST /auth/reset": {
      summary: "Choose a new password with a reset link's token",
      description:
        "token is the token parameter of the e-mailed link. The new password follows the registration rules; every session of the account ends, and the address counts as verified. A used, expired or unknown token: 400 'This link has expired or was already used.'",
      access: "public",
      body: resetPasswordSchema,
      responses: [ok(s.okWire, { ok: true }, "The password is changed; sign in with it")],
      errors: [400, 413, 415, 422, 429],
    },
  }),

  ...group("Users", {
    "GET /users": {
      summary: "Applicants (role=Worker) or one user record (email=)",
      access: "public",
      accessNote:
        "role=Worker is public and shows photo and name only. email= needs sign-in and returns your own record; an admin may read anyone's.",
      query: s.usersQuery,
      responses: [
        {
          status: 200,
          description: "role=Worker: the most recent workers with a photo",
          schema: s.applicantWireSchema,
          list: true,
          example: [examples.applicant],
        },
        { status: 200, description: "email=: one user record", schema: s.userWireSchema, example: examples.user },
      ],
      errors: [401, 403, 404, 422],
    },
    "POST /users": {
      summary: "Your own user record; creates it for a new Google/Firebase sign-in",
      description:
        "The spec's client creates a user record after signing up with an identity provider. A record is made at sign-up, with the server's role and coins, so this returns it; name, role, coin and photo in the body change nothing. Called with a verified Google or Firebase ID token (Authorization: Bearer) whose e-mail has no record yet, it makes one: a Worker with the sign-up coins and the token's name and photo (201).",
      access: "signed-in",
      accessNote: OWN,
      body: s.usersPostBody,
      responses: [
        ok(s.userWireSchema, examples.user, "Your record"),
        ok(s.userWireSchema, examples.user, "Your new record (a first sign-in with Google or Firebase)", 201),
      ],
      errors: [400, 401, 403, 413, 415, 422],
    },
    "PATCH /users": {
      summary: "Change a user's role (id=) or adjust coins (email, addcoin, reason)",
      description:
        "With query id: body { role } changes the role at once (not your own; the last admin stays). Without id: body { email, addcoin, reason } adds (positive) or deducts (negative) coins as a recorded adjustment with a reason; never on your own account. A withdrawal's coins are held when it is requested, so no deduction is needed after approval.",
      access: ADMIN,
      query: s.usersPatchQuery,
      body: [s.roleChangeBody, s.addCoinBody],
      bodyTitles: ["with id=: role change", "without id=: coin adjustment"],
      responses: [ok(s.modifiedWire, { modifiedCount: 1 }, "modifiedCount is 0 when the role was already that")],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
    "DELETE /users": {
      summary: "Remove a user",
      description:
        "Disables the account (no sign-in, hidden from lists) and keeps its ledger history; its open tasks are closed and refunded. Not yourself, not the last admin.",
      access: ADMIN,
      query: s.usersDeleteQuery,
      responses: [DELETED],
      errors: [401, 403, 404, 409, 422],
    },
    "GET /users3": {
      summary: "All live users, optionally of one role",
      access: ADMIN,
      query: s.users3Query,
      responses: [list(s.userWireSchema, examples.user, "Users, newest first")],
      errors: [401, 403, 422],
    },
    "PATCH /users1": {
      summary: "Adjust a user's coins",
      description: "A recorded adjustment with a reason (the only manual coin movement); never on your own account.",
      access: ADMIN,
      body: s.addCoinBody,
      responses: [MODIFIED],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
  }),

  ...group("Public", {
    "GET /categories": publicList(
      "The nine categories with their open positions",
      s.categoryWireSchema,
      examples.category,
      "Every category, 0 when none are open",
    ),
    "GET /tasks3": publicList(
      "Featured tasks: the open tasks that pay most per worker",
      s.featuredTaskWireSchema,
      examples.featuredTask,
      "Up to 6 tasks",
    ),
    "GET /workers": publicList(
      "The workers with the most coins",
      s.publicWorkerWireSchema,
      examples.publicWorker,
      "Up to 8 workers",
    ),
  }),

  ...group("Tasks", {
    "GET /tasks": {
      summary: "A buyer's tasks (email=) or every task (admin)",
      access: ["Buyer", "Admin"],
      accessNote: "email= must be your own; an admin may name any buyer, and without email= reads every live task.",
      query: s.tasksQuery,
      responses: [list(s.taskWireSchema, examples.task, "Live tasks, newest first")],
      errors: [401, 403, 422],
    },
    "POST /tasks": {
      summary: "Post a task",
      description:
        "Charges required_workers x payable_amount coins into escrow. The owner, name and user_email are the signed-in buyer's; client values are ignored. Not enough coins: 409 'Not available Coin.  Purchase Coin' with `missing`.",
      access: BUYER,
      body: s.addTaskSchema,
      responses: [ok(s.taskWireSchema, examples.task, "The task", 201)],
      errors: [400, 401, 403, 409, 413, 415, 422],
    },
    "PUT /tasks": {
      summary: "Update your task",
      description:
        "Charges or refunds new total - old total of the open slots. Over the balance: 409 'Insufficient Coins' with `missing`.",
      access: BUYER,
      accessNote: "Only the task's buyer.",
      query: s.idQuery,
      body: s.updateTaskSchema,
      responses: [ok(s.taskWireSchema, examples.task, "The updated task")],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
    "DELETE /tasks": {
      summary: "Delete any task (admin)",
      description:
        "Refunds the open slots; pending submissions are cancelled and refunded to the buyer too. An optional reason is recorded.",
      access: ADMIN,
      query: s.idReasonQuery,
      responses: [DELETED],
      errors: [401, 403, 404, 422],
    },
    "GET /tasks1": {
      summary: "Your tasks (email=) or one of them (id=)",
      access: ["Buyer", "Admin"],
      accessNote:
        "email= must be your own (an admin may name any buyer); id= must be your task (an admin may read any).",
      query: s.tasks1Query,
      responses: [
        list(s.taskWireSchema, examples.task, "email=: your live tasks"),
        ok(s.taskWireSchema, examples.task, "id=: one task"),
      ],
      errors: [401, 403, 404, 422],
    },
    "DELETE /tasks1": {
      summary: "Delete your task",
      description: "Refunds the open slots. Refused (409) while submissions await review: review them first.",
      access: BUYER,
      accessNote: "Only the task's buyer.",
      query: s.idQuery,
      responses: [DELETED],
      errors: [401, 403, 404, 409, 422],
    },
    "GET /tasks2": {
      summary: "Available tasks, or one task (id=)",
      description:
        "Open tasks (a slot left, completion date today or later), newest first unless sort= says otherwise. Without parameters it answers the plain array the spec's client reads.",
      access: "signed-in",
      query: s.tasks2Query,
      responses: [
        list(s.taskWireSchema, examples.task, "Open tasks"),
        ok(s.taskWireSchema, examples.task, "id=: one task"),
      ],
      errors: [401, 404, 422],
    },
  }),

  ...group("Submissions", {
    "GET /submission": {
      summary: "A worker's submissions (email=) or those on a buyer's tasks (Buyer_mail=)",
      access: ["Worker", "Buyer"],
      accessNote: `email= is for workers, Buyer_mail= for buyers. ${OWN}`,
      query: s.submissionQuery,
      responses: [list(s.submissionWireSchema, examples.submission, "Newest first")],
      errors: [401, 403, 422],
    },
    "POST /submission": {
      summary: "Submit work for a task",
      description:
        "Takes one slot of the task. Only task_id, submission_details and submission_image_url are read; the worker, buyer, title, pay, date and status are the server's. One pending or approved submission per task; none past the completion date or without slots (409).",
      access: WORKER,
      body: s.submissionSchema,
      responses: [ok(s.submissionWireSchema, examples.submission, "The submission (pending)", 201)],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
    "GET /submission1": {
      summary: "Submissions on your tasks waiting for review",
      access: BUYER,
      accessNote: OWN,
      query: s.submission1Query,
      responses: [list(s.submissionWireSchema, examples.submission, "status=pending unless another status is given")],
      errors: [401, 403, 422],
    },
    "PATCH /submission1": {
      summary: "Approve (status=approve) or reject (status=rejected) a submission",
      description:
        "Approve pays the worker the submission's payable_amount from escrow; reject returns the slot to the task and tells the worker the optional reason. Only pending submissions, once (409 otherwise). The body's email, coin and task_id are ignored.",
      access: BUYER,
      accessNote: "Only the task's buyer.",
      query: s.reviewQuery,
      body: s.reviewBody,
      bodyOptional: true,
      responses: [MODIFIED],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
    "POST /submissions/approve": {
      summary: "Approve several submissions at once",
      description: `Each id is approved as PATCH /submission1?status=approve does it, in its own all-or-nothing step, in the order sent: one refused (already reviewed, not yours, not found) leaves the others approved, and results says what happened to each. At most ${BULK_APPROVE_LIMIT} ids (422 otherwise); a repeated id counts once.`,
      access: BUYER,
      accessNote:
        "Only the task's buyer approves; another buyer's submission is reported as not yours and left unchanged.",
      body: s.bulkApproveBody,
      responses: [
        ok(s.bulkApprovalWire, {
          approved: 1,
          refused: 1,
          summary: "1 approved, 1 already reviewed",
          results: [
            {
              _id: ID,
              approved: true,
              outcome: "approved",
              worker_name: "Rafi Worker",
              task_title: "Write a 200-word product review",
            },
            {
              _id: "a3c1f1d0-6f7e-4a11-8b9c-0d1e2f3a4b5c",
              approved: false,
              outcome: "already reviewed",
              code: "conflict",
              message: "This submission has already been reviewed.",
              worker_name: "Nadia Worker",
              task_title: "Write a 200-word product review",
            },
          ],
        }),
      ],
      errors: [400, 401, 403, 413, 415, 422],
    },
    "GET /submission2": {
      summary: "Your submissions (email=), or by status (workermail=&status=pending|approve)",
      access: WORKER,
      accessNote: OWN,
      query: s.submission2Query,
      responses: [list(s.submissionWireSchema, examples.submission, "Newest first")],
      errors: [401, 403, 422],
    },
  }),

  ...group("Withdrawals", {
    "GET /withdraw": {
      summary: "Your withdrawal requests (email=), or all of them (admin)",
      access: ["Worker", "Admin"],
      accessNote:
        "A worker reads their own (email= must be theirs, or is left out); an admin reads anyone's (email=) or all (no email=). status= filters.",
      query: s.withdrawQuery,
      responses: [list(s.withdrawalWireSchema, examples.withdrawal, "Newest first")],
      errors: [401, 403, 422],
    },
    "POST /withdraw": {
      summary: "Request a withdrawal",
      description:
        "At least 200 coins and at most your balance; the coins are held at once. withdrawal_amount is computed by the server (coins / 20, two decimals); worker and status fields in the body are ignored. The account is checked per payment system: Bkash, Rocket and Nagad take an 11-digit mobile number starting 01; Bank takes the account number (6 to 20 digits) with bank_name and bank_branch (branch or routing number); Others takes words naming the service and the account.",
      access: WORKER,
      body: s.withdrawSchema,
      responses: [ok(s.withdrawalWireSchema, examples.withdrawal, "The request (pending)", 201)],
      errors: [400, 401, 403, 409, 413, 415, 422],
    },
    "PATCH /withdraw": {
      summary: "Approve a withdrawal, or reject it (status=rejected with a reason)",
      description:
        "Approval pays out the held coins; rejection returns them to the worker, who is told the reason. Once (409 afterwards).",
      access: ADMIN,
      query: s.withdrawPatchQuery,
      body: [s.withdrawRejectBody, s.withdrawApproveBody],
      bodyTitles: ["status=rejected", "approval (no body needed)"],
      bodyOptional: true,
      responses: [MODIFIED],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
  }),

  ...group("Appeals", {
    "POST /appeals": {
      summary: "Appeal your rejected submission",
      description:
        "Once per submission, within 7 days (7 x 24 hours) of the rejection, with a text of 10 to 500 characters. Only the submission's worker; 409 for a submission that is not rejected, an appeal already filed, or a window that has passed.",
      access: WORKER,
      accessNote: "Only your own submissions.",
      body: s.appealBody,
      responses: [ok(s.appealWireSchema, examples.appeal, "The appeal (pending)", 201)],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
    },
    "GET /appeals": {
      summary: "The appeals queue: pending (oldest first) or decided (newest decision first)",
      access: ADMIN,
      query: s.appealsQuery,
      responses: [list(s.appealWireSchema, examples.appeal, "status=pending unless status=decided")],
      errors: [401, 403, 422],
    },
    "PATCH /appeals": {
      summary: "Uphold the rejection (decision=uphold) or overturn it (decision=overturn)",
      description:
        "Uphold moves no coins. Overturn approves the submission and pays the worker its payable_amount: from the task's open slot if one is left (the slot closes; a change of the task's pay since is settled with the buyer), else from the buyer's balance, and what the balance lacks becomes the buyer's debt (which blocks their spending until a purchase settles it). Both notify and are in the audit log. Once (409 afterwards); 409 too when the worker has another live submission for the task.",
      access: ADMIN,
      query: s.appealDecisionQuery,
      responses: [ok(s.appealDecidedWire, { modifiedCount: 1, status: "overturned" })],
      errors: [400, 401, 403, 404, 409],
    },
  }),

  ...group("Purchases", {
    "POST /create-payment-intent": {
      summary: "Start a coin purchase",
      description:
        "coins must be one of the packages (10, 150, 500, 1000); the server's price applies. In test mode (PAYMENTS_MODE=test on a development or test server, no Stripe keys) confirm the card with POST /test-payments/confirm. 503 payments_unavailable when card payments are not set up. A buyer who owes coins after a reversed payment may buy: the purchase settles the debt first.",
      access: BUYER,
      body: s.paymentIntentBody,
      responses: [ok(s.paymentIntentWireSchema, examples.paymentIntent)],
      errors: [400, 401, 403, 413, 415, 422, 503],
    },
    "POST /orders": {
      summary: "Report a payment: the server re-reads it and credits the coins once",
      description:
        "Only payment_id is read. 201 with the order when this call credited it, 200 with it when it was already credited (e.g. by the webhook), 402 if the payment has not succeeded. Coins the buyer owes are settled first from the new balance. 503 when card payments are not set up.",
      access: BUYER,
      accessNote: "Only your own payments.",
      body: s.ordersBody,
      responses: [
        ok(s.orderWireSchema, examples.order, "Credited now", 201),
        ok(s.orderWireSchema, examples.order, "Already credited"),
      ],
      errors: [400, 401, 402, 403, 404, 409, 413, 415, 422, 503],
    },
    "GET /orders1": {
      summary: "Your coin purchases",
      access: BUYER,
      accessNote: OWN,
      query: s.ownEmailPagedQuery,
      responses: [list(s.orderWireSchema, examples.order, "Newest first")],
      errors: [401, 403, 422],
    },
    "POST /test-payments/confirm": {
      summary: "Test mode: confirm a card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined)",
      description:
        "Only in test mode: PAYMENTS_MODE=test on a development or test server without Stripe keys (404 otherwise, to everyone).",
      access: BUYER,
      body: s.testCardBody,
      responses: [
        { status: 200, description: "The payment's status", example: { status: "succeeded", id: "pi_test_abc" } },
      ],
      errors: [400, 401, 402, 403, 404, 422],
    },
    "POST /webhooks/stripe": {
      summary:
        "Stripe's signed events: payment_intent.succeeded credits the coins once; charge.refunded and charge.dispute.created take them back once per event",
      access: "public",
      accessNote: "Verified by the Stripe-Signature header; 404 when Stripe is not configured.",
      responses: [
        { status: 200, description: "Received", example: { received: true, credited: true, reversed: 0 } },
        { status: 200, description: "A refund received", example: { received: true, credited: false, reversed: 150 } },
      ],
      errors: [400, 404, 409],
    },
  }),

  ...group("Notifications", {
    "GET /notifications": {
      summary: "Your notifications, newest first",
      description:
        "Each links (href) to the page of this site it is about, one your role may open. read tells whether it was marked read.",
      access: "signed-in",
      accessNote: "Only your own.",
      query: s.notificationsQuery,
      responses: [list(s.notificationWireSchema, examples.notification, "Newest first")],
      errors: [401, 422],
    },
    "POST /notifications": {
      summary: "Mark one of your notifications read (id), or all of them (no id)",
      description:
        "modifiedCount is how many changed: 0 for one already read, an unknown id or another user's (which stays as it is).",
      access: "signed-in",
      accessNote: "Only your own.",
      body: s.notificationReadBody,
      bodyOptional: true,
      responses: [MODIFIED],
      errors: [400, 401, 413, 415, 422],
    },
  }),

  ...group("Figures", {
    "GET /total-required-workers": buyerFigure("The open slots of your live tasks", s.totalRequiredWorkersWire, {
      totalRequiredWorkers: 17,
    }),
    "GET /total-payment": buyerFigure("Dollars you have spent on coins", s.totalPaymentWire, { totalPayment: 45 }),
    "GET /total-payed": buyerFigure("Coins you have paid to workers", s.totalPayedWire, { totalPayed: 300 }),
    "GET /user-preference": {
      summary: "Your items per page (default 3)",
      access: "signed-in",
      accessNote: OWN,
      query: s.ownEmailQuery,
      responses: [ok(s.itemsPerPageWire, { itemsPerPage: 3 })],
      errors: [401, 403, 422],
    },
    "POST /user-preference": {
      summary: "Set your items per page (3, 5 or 10)",
      access: "signed-in",
      accessNote: OWN,
      body: s.preferenceBody,
      responses: [ok(s.itemsPerPageWire, { itemsPerPage: 5 })],
      errors: [400, 401, 403, 413, 415, 422],
    },
    "GET /totalcoins": adminFigure("Coins in all balances, as a bare number", 182340),
    "GET /totaldollars": adminFigure("Dollars received from coin purchases, as a bare number", 1287.5),
  }),

  ...group("Images", {
    "POST /images": {
      summary: "Upload an image (PNG, JPEG, WebP or GIF, at most 5 MB)",
      description:
        "The type is read from the file's bytes. Answers in the image host's shape the spec's client reads. Open to visitors (registration uploads the photo first); rate limited.",
      access: "public",
      multipart: [{ name: "image", description: "the image file" }],
      responses: [
        {
          status: 201,
          description: "Stored",
          example: {
            data: { url: `${ORIGIN}/images/${ID}.png`, display_url: `${ORIGIN}/images/${ID}.png` },
            success: true,
            status: 201,
          },
        },
      ],
      errors: [400, 413, 415, 422, 429],
    },
    "GET /images/{key}": {
      summary: "An uploaded image, cached for a year",
      access: "public",
      pathParams: [{ name: "key", description: "the stored key, e.g. 7d4b…c11.png" }],
      responses: [{ status: 200, description: "The image with its content type", contentType: "image/*" }],
      errors: [404],
    },
  }),

  ...group("Reference", {
    "GET /openapi.json": {
      summary: "This OpenAPI 3.1 document (the reference page is /api-docs)",
      access: "public",
      responses: [{ status: 200, description: "OpenAPI 3.1" }],
      errors: [],
    },
  }),
];

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request (not JSON, not an object, bad encoding)",
  401: "No or invalid identity (sign in, or send Authorization: Bearer <token>)",
  402: "The payment has not succeeded",
  403: "Signed in, but not allowed (wrong role, or not your record)",
  404: "No such record",
  405: "Method not allowed (see the Allow header)",
  409: "State conflict (no slots, already reviewed, not enough coins, …)",
  413: "Body too large",
  415: "Wrong body type (send application/json; images: PNG, JPEG, WebP, GIF)",
  422: "Fails validation; `fields` holds the messages per field",
  429: "Too many attempts; wait a minute",
  503: "Card payments are not set up on this server (payments_unavailable)",
};

export function accessLabel(access: Access): string {
  if (access === "public") return "Public";
  if (access === "signed-in") return "Signed in";
  return access.join(" or ");
}
