// The authorization matrix (docs/product/roles.md): every route of app/routes.ts (REST endpoints and pages) x
// {anonymous, worker, buyer, other buyer, admin, removed user} -> the expected answer. The route list comes from
// the route config itself: a route without an entry here, or an entry without a route, fails the suite. The REST
// probes follow the catalogue the route modules declare: each documented method is probed, the callers its access
// leaves out are refused, and every answer is one the entry documents.
import { startTask } from "~/server/services/slots.server";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  env,
  lastMailTo,
  makeAdmin,
  makeWorld,
  newPayment,
  newTask,
  newWithdrawal,
  PASSWORD,
  pngFile,
  registerUser,
  sessionUser,
  submissionBy,
  type TestUser,
  uniqueEmail,
  type World,
  ROUTES,
  API_ROUTES,
  endpoints,
  undocumented,
} from "./fixtures";
import { storeImage } from "~/server/services/images.server";
import { fileAppeal } from "~/server/services/appeals.server";
import { blockWorker } from "~/server/services/blocks.server";
import {
  createQualification,
  grantQualification,
  qualificationForOwner,
} from "~/server/services/qualifications.server";
import { saveSearch } from "~/server/services/alerts.server";
import { approveSubmission, rejectSubmission } from "~/server/services/submissions.server";
import { CORS_METHODS } from "~/server/http/cors.server";

type Who = "anon" | "worker" | "buyer" | "other" | "admin" | "removed";
const WHO: Who[] = ["anon", "worker", "buyer", "other", "admin", "removed"];

interface Fixtures extends World {
  taskId: string;
  /** a pending submission of the fixtures' worker (on a task of its own) */
  submissionId: string;
  imageKey: string;
  /** a message in the development mailbox (the buyer's verification link) */
  mailId: string;
  /** the buyer's qualification with a one-question test (answer: the first choice) */
  qualificationId: string;
  questionId: string;
  /** the worker's saved search: its feed token, and the unsubscribe token of the worker's alert e-mails */
  feedToken: string;
  unsubscribeToken: string;
}

/** A saved search of the fixtures' worker, made for one probe (each delete or new feed address needs its own). */
const freshSavedSearch = async (f: Fixtures) =>
  (await saveSearch(env, await sessionUser(f.worker.id), { q: "matrix", category: undefined })).id;

/** A submission of the fixtures' worker that the buyer rejected just now (each appeal probe needs its own). */
async function rejectedSubmission(f: Fixtures): Promise<string> {
  const sub = await submissionBy(f.worker, (await newTask(f.buyer, { required_workers: 1, payable_amount: 2 })).id);
  await rejectSubmission(env, await sessionUser(f.buyer.id), sub.id, "matrix");
  return sub.id;
}

// ---------------------------------------------------------------- expectations

type Expect = Record<Who, number>;
const everyone = (status: number): Expect => ({
  anon: status,
  worker: status,
  buyer: status,
  other: status,
  admin: status,
  removed: status,
});
const signedIn = (ok = 200): Expect => ({ anon: 401, removed: 401, worker: ok, buyer: ok, other: ok, admin: ok });
/** Only these callers are allowed (with `ok`); other signed-in callers get 403, anonymous and removed 401. */
const only = (allowed: Partial<Record<Who, number>>): Expect => ({
  anon: 401,
  removed: 401,
  worker: 403,
  buyer: 403,
  other: 403,
  admin: 403,
  ...allowed,
});

interface Probe {
  label: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** the URL, built per caller (mutating probes make a fresh record for each) */
  url: (f: Fixtures, who: Who) => string | Promise<string>;
  body?: (f: Fixtures, who: Who) => unknown | Promise<unknown>;
  /** a raw request body (uploads) */
  raw?: () => { body: BodyInit; headers?: Record<string, string> };
  /** a throwaway identity per caller kind (for calls that end the caller's session) */
  throwaway?: boolean;
  expect: Expect;
}

const callerEmail = (f: Fixtures, who: Who) =>
  ({
    anon: f.buyer.email,
    worker: f.worker.email,
    buyer: f.buyer.email,
    other: f.otherBuyer.email,
    admin: f.admin.email,
    removed: f.removed.email,
  })[who];

const taskBody = () => ({
  task_title: "Matrix task",
  task_detail: "A task made by the authorization matrix.",
  required_workers: 1,
  payable_amount: 2,
  completion_date: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
  submission_info: "Proof",
  category: "Data Entry",
  estimate_minutes: 1,
});

/** A CSV of two tasks for POST /task-batches (the template's required columns; no cell holds a comma). */
const batchCsv = () => {
  const t = taskBody();
  const row = (title: string) => [
    title,
    t.task_detail,
    t.required_workers,
    t.payable_amount,
    t.completion_date,
    t.submission_info,
    t.category,
    t.estimate_minutes,
  ];
  return [Object.keys(t), row("Matrix task 1"), row("Matrix task 2")].map((cells) => cells.join(",")).join("\n");
};

const freshTask = async (f: Fixtures) => (await newTask(f.buyer, { required_workers: 1, payable_amount: 2 })).id;
const freshSubmission = async (f: Fixtures) => (await submissionBy(f.worker, await freshTask(f))).id;
const freshWorker = () => registerUser("Worker");

/** Every REST route (file under routes/api/) and what each kind of caller gets. */
const API: Record<string, Probe[]> = {
  "routes/api/auth.register.ts": [
    {
      label: "register",
      method: "POST",
      url: () => "/auth/register",
      body: () => ({ name: "Matrix Person", email: uniqueEmail("matrix"), password: PASSWORD, role: "Worker" }),
      expect: everyone(201),
    },
  ],
  "routes/api/auth.login.ts": [
    {
      label: "login",
      method: "POST",
      url: () => "/auth/login",
      body: (f) => ({ email: f.buyer.email, password: PASSWORD }),
      expect: everyone(200),
    },
  ],
  "routes/api/auth.logout.ts": [
    { label: "logout", method: "POST", url: () => "/auth/logout", throwaway: true, expect: signedIn() },
  ],
  // everyone in the matrix is verified already (409); another link for an unverified account is tested in identity
  "routes/api/auth.verify.resend.ts": [
    { label: "resend", method: "POST", url: () => "/auth/verify/resend", expect: signedIn(409) },
  ],
  "routes/api/auth.forgot.ts": [
    {
      label: "forgot",
      method: "POST",
      url: () => "/auth/forgot",
      body: (f, who) => ({ email: callerEmail(f, who) }),
      expect: everyone(202),
    },
  ],
  "routes/api/auth.reset.ts": [
    {
      label: "reset with an unknown token",
      method: "POST",
      url: () => "/auth/reset",
      body: () => ({ token: "not-a-link", password: PASSWORD }),
      expect: everyone(400),
    },
  ],
  "routes/api/image-upload.ts": [
    {
      label: "upload",
      method: "POST",
      url: () => "/images",
      raw: () => {
        const form = new FormData();
        form.append("image", pngFile("a.png"));
        return { body: form };
      },
      expect: everyone(201),
    },
  ],
  "routes/api/image-file.ts": [
    { label: "read", method: "GET", url: (f) => `/images/${f.imageKey}`, expect: everyone(200) },
  ],
  "routes/api/webhooks.stripe.ts": [
    {
      label: "unsigned, Stripe off",
      method: "POST",
      url: () => "/webhooks/stripe",
      body: () => ({}),
      expect: everyone(404),
    },
  ],
  "routes/api/test-payments.confirm.ts": [
    {
      label: "the buyer's payment",
      method: "POST",
      url: () => "/test-payments/confirm",
      body: async (f) => ({
        clientSecret: (await newPayment(f.buyer, 10, false)).clientSecret,
        number: "4242424242424242",
        exp: "12/34",
        cvc: "123",
      }),
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/users.ts": [
    { label: "applicants", method: "GET", url: () => "/users?role=Worker", expect: everyone(200) },
    {
      label: "the buyer's record",
      method: "GET",
      url: (f) => `/users?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200, admin: 200 }),
    },
    {
      label: "own record",
      method: "POST",
      url: () => "/users",
      body: (f, who) => ({ email: callerEmail(f, who) }),
      expect: signedIn(),
    },
    {
      label: "the buyer's record",
      method: "POST",
      url: () => "/users",
      body: (f) => ({ email: f.buyer.email }),
      expect: only({ buyer: 200 }),
    },
    {
      label: "role change",
      method: "PATCH",
      url: async () => `/users?id=${(await freshWorker()).id}`,
      body: () => ({ role: "Buyer" }),
      expect: only({ admin: 200 }),
    },
    {
      label: "coin adjustment",
      method: "PATCH",
      url: () => "/users",
      body: async () => ({ email: (await freshWorker()).email, addcoin: 5, reason: "matrix" }),
      expect: only({ admin: 200 }),
    },
    {
      label: "removal",
      method: "DELETE",
      url: async () => `/users?id=${(await freshWorker()).id}`,
      expect: only({ admin: 200 }),
    },
  ],
  "routes/api/coin-adjustments.ts": [
    {
      label: "coin adjustment",
      method: "PATCH",
      url: () => "/users1",
      body: async () => ({ email: (await freshWorker()).email, addcoin: 5, reason: "matrix" }),
      expect: only({ admin: 200 }),
    },
  ],
  "routes/api/user-list.ts": [
    { label: "all users", method: "GET", url: () => "/users3", expect: only({ admin: 200 }) },
  ],
  "routes/api/categories.ts": [{ label: "categories", method: "GET", url: () => "/categories", expect: everyone(200) }],
  "routes/api/top-workers.ts": [{ label: "top workers", method: "GET", url: () => "/workers", expect: everyone(200) }],
  "routes/api/featured-tasks.ts": [{ label: "featured", method: "GET", url: () => "/tasks3", expect: everyone(200) }],
  "routes/api/task-batches.ts": [
    {
      label: "post a CSV of two tasks",
      method: "POST",
      url: () => `/task-batches?request_key=${crypto.randomUUID()}`,
      raw: () => ({ body: batchCsv(), headers: { "Content-Type": "text/csv" } }),
      expect: only({ buyer: 201, other: 201 }),
    },
  ],
  "routes/api/task-batch-template.ts": [
    {
      label: "the template",
      method: "GET",
      url: () => "/task-batches/template",
      expect: only({ buyer: 200, other: 200 }),
    },
  ],
  // a buyer's record is public; anyone who is not a buyer is 404
  "routes/api/buyer-reputation.ts": [
    { label: "buyer record", method: "GET", url: (f) => `/buyer-reputation?id=${f.buyer.id}`, expect: everyone(200) },
    { label: "not a buyer", method: "GET", url: (f) => `/buyer-reputation?id=${f.worker.id}`, expect: everyone(404) },
  ],
  "routes/api/tasks.ts": [
    {
      label: "the buyer's tasks",
      method: "GET",
      url: (f) => `/tasks?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200, admin: 200 }),
    },
    { label: "every task", method: "GET", url: () => "/tasks", expect: only({ admin: 200 }) },
    { label: "post", method: "POST", url: () => "/tasks", body: taskBody, expect: only({ buyer: 201, other: 201 }) },
    {
      label: "update the buyer's task",
      method: "PUT",
      url: async (f) => `/tasks?id=${await freshTask(f)}`,
      body: taskBody,
      expect: only({ buyer: 200 }),
    },
    {
      label: "admin delete",
      method: "DELETE",
      url: async (f) => `/tasks?id=${await freshTask(f)}`,
      expect: only({ admin: 200 }),
    },
  ],
  "routes/api/buyer-tasks.ts": [
    {
      label: "the buyer's tasks",
      method: "GET",
      url: (f) => `/tasks1?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200, admin: 200 }),
    },
    {
      label: "the buyer's task",
      method: "GET",
      url: (f) => `/tasks1?id=${f.taskId}`,
      expect: only({ buyer: 200, admin: 200 }),
    },
    {
      label: "owner delete",
      method: "DELETE",
      url: async (f) => `/tasks1?id=${await freshTask(f)}`,
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/open-tasks.ts": [
    { label: "open tasks", method: "GET", url: () => "/tasks2", expect: signedIn() },
    { label: "one task", method: "GET", url: (f) => `/tasks2?id=${f.taskId}`, expect: signedIn() },
  ],
  "routes/api/submissions.ts": [
    {
      label: "the worker's",
      method: "GET",
      url: (f) => `/submission?email=${encodeURIComponent(f.worker.email)}`,
      expect: only({ worker: 200 }),
    },
    {
      label: "on the buyer's tasks",
      method: "GET",
      url: (f) => `/submission?Buyer_mail=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
    {
      label: "submit",
      method: "POST",
      url: () => "/submission",
      body: async (f) => ({ task_id: await freshTask(f), submission_details: "matrix" }),
      expect: only({ worker: 201 }),
    },
  ],
  "routes/api/task-starts.ts": [
    {
      label: "start",
      method: "POST",
      url: () => "/task-starts",
      body: async (f) => ({ task_id: await freshTask(f) }),
      expect: only({ worker: 201 }),
    },
    {
      label: "give back (the worker's own start)",
      method: "DELETE",
      url: async (f) => {
        const task = await freshTask(f);
        await startTask(env, await sessionUser(f.worker.id), task);
        return `/task-starts?task_id=${task}`;
      },
      expect: only({ worker: 200 }),
    },
  ],
  "routes/api/submission-reviews.ts": [
    {
      label: "review queue",
      method: "GET",
      url: (f) => `/submission1?email=${encodeURIComponent(f.buyer.email)}&status=pending`,
      expect: only({ buyer: 200 }),
    },
    {
      label: "approve",
      method: "PATCH",
      url: async (f) => `/submission1?id=${await freshSubmission(f)}&status=approve`,
      expect: only({ buyer: 200 }),
    },
    {
      label: "reject",
      method: "PATCH",
      url: async (f) => `/submission1?id=${await freshSubmission(f)}&status=rejected`,
      body: () => ({ reason: "matrix" }),
      expect: only({ buyer: 200 }),
    },
  ],
  // role-level: any buyer may call it; another buyer's submission is that row's refusal ("not yours"), unchanged
  "routes/api/bulk-approval.ts": [
    {
      label: "approve several",
      method: "POST",
      url: () => "/submissions/approve",
      body: async (f) => ({ ids: [await freshSubmission(f)] }),
      expect: only({ buyer: 200, other: 200 }),
    },
  ],
  "routes/api/worker-submissions.ts": [
    {
      label: "the worker's",
      method: "GET",
      url: (f) => `/submission2?email=${encodeURIComponent(f.worker.email)}`,
      expect: only({ worker: 200 }),
    },
  ],
  "routes/api/withdrawals.ts": [
    {
      label: "the worker's",
      method: "GET",
      url: (f) => `/withdraw?email=${encodeURIComponent(f.worker.email)}`,
      expect: only({ worker: 200, admin: 200 }),
    },
    {
      label: "no e-mail (admin: all; worker: own)",
      method: "GET",
      url: () => "/withdraw",
      expect: only({ worker: 200, admin: 200 }),
    },
    {
      label: "request",
      method: "POST",
      url: () => "/withdraw",
      body: () => ({ withdrawal_coin: 200, payment_system: "Rocket", account_number: "01912345678" }),
      expect: only({ worker: 201 }),
    },
    {
      label: "approve",
      method: "PATCH",
      url: async (f) => `/withdraw?id=${(await newWithdrawal(f.worker)).id}`,
      expect: only({ admin: 200 }),
    },
    {
      label: "reject",
      method: "PATCH",
      url: async (f) => `/withdraw?id=${(await newWithdrawal(f.worker)).id}&status=rejected`,
      body: () => ({ reason: "matrix" }),
      expect: only({ admin: 200 }),
    },
  ],
  "routes/api/withdrawal-queue.ts": [
    {
      label: "the worker's own",
      method: "GET",
      url: () => "/withdraw/queue",
      expect: only({ worker: 200 }),
    },
  ],
  "routes/api/submission-revisions.ts": [
    {
      label: "ask for a revision (the buyer's own task)",
      method: "POST",
      url: () => "/submission-revisions",
      body: async (f) => ({ submission_id: await freshSubmission(f), note: "Show the whole page." }),
      expect: only({ buyer: 201, other: 403 }),
    },
  ],
  "routes/api/messages.ts": [
    {
      label: "read a submission's conversation (its two sides)",
      method: "GET",
      url: (f) => `/messages?submission_id=${f.submissionId}`,
      expect: { ...signedIn(), other: 403, admin: 403 },
    },
    {
      label: "write in it",
      method: "POST",
      url: () => "/messages",
      body: (f) => ({ submission_id: f.submissionId, body: "A question from the matrix." }),
      expect: { ...signedIn(201), other: 403, admin: 403 },
    },
  ],
  "routes/api/appeals.ts": [
    {
      label: "the queue",
      method: "GET",
      url: () => "/appeals",
      expect: only({ admin: 200 }),
    },
    {
      label: "file (the worker's own rejection)",
      method: "POST",
      url: () => "/appeals",
      body: async (f) => ({ submission_id: await rejectedSubmission(f), text: "The proof was attached as asked." }),
      expect: only({ worker: 201 }),
    },
    {
      label: "decide",
      method: "PATCH",
      url: async (f) =>
        `/appeals?id=${(await fileAppeal(env, await sessionUser(f.worker.id), await rejectedSubmission(f), "The proof was attached as asked.")).id}&decision=uphold`,
      expect: only({ admin: 200 }),
    },
  ],
  "routes/api/worker-blocks.ts": [
    { label: "list", method: "GET", url: () => "/worker-blocks", expect: only({ buyer: 200, other: 200 }) },
    {
      label: "block",
      method: "POST",
      url: () => "/worker-blocks",
      body: async () => ({ worker_id: (await freshWorker()).id, reason: "matrix" }),
      expect: only({ buyer: 201, other: 201 }),
    },
    {
      label: "lift (the caller's own block)",
      method: "DELETE",
      url: async (f, who) => {
        const worker = await freshWorker();
        const buyer = who === "other" ? f.otherBuyer : f.buyer;
        await blockWorker(env, await sessionUser(buyer.id), { workerId: worker.id, reason: "matrix" });
        return `/worker-blocks?worker_id=${worker.id}`;
      },
      expect: only({ buyer: 200, other: 200 }),
    },
  ],
  "routes/api/saved-searches.ts": [
    { label: "list", method: "GET", url: () => "/saved-searches", expect: only({ worker: 200 }) },
    {
      label: "save",
      method: "POST",
      url: () => "/saved-searches",
      body: () => ({ q: "matrix", category: "Data Entry" }),
      expect: only({ worker: 201 }),
    },
    {
      label: "delete (the worker's own; nobody else's)",
      method: "DELETE",
      url: async (f) => `/saved-searches?id=${await freshSavedSearch(f)}`,
      expect: only({ worker: 200 }),
    },
  ],
  "routes/api/saved-search-feed-token.ts": [
    {
      label: "new feed address (the worker's own search)",
      method: "POST",
      url: () => "/saved-searches/feed-token",
      body: async (f) => ({ id: await freshSavedSearch(f) }),
      expect: only({ worker: 200 }),
    },
  ],
  "routes/api/bonuses.ts": [
    { label: "list", method: "GET", url: () => "/bonuses", expect: only({ buyer: 200, other: 200, worker: 200 }) },
    {
      label: "pay (on the buyer's reviewed submission; another buyer's is refused)",
      method: "POST",
      url: () => "/bonuses",
      body: async (f) => {
        const sub = await freshSubmission(f);
        await approveSubmission(env, await sessionUser(f.buyer.id), sub);
        return { submission_id: sub, coins: 1, reason: "matrix", request_key: crypto.randomUUID() };
      },
      expect: only({ buyer: 201 }),
    },
  ],
  "routes/api/qualifications.ts": [
    { label: "list", method: "GET", url: () => "/qualifications", expect: only({ buyer: 200, other: 200 }) },
    {
      label: "define",
      method: "POST",
      url: () => "/qualifications",
      body: () => ({ name: `Matrix ${crypto.randomUUID()}`, description: "matrix", retake_hours: 1 }),
      expect: only({ buyer: 201, other: 201 }),
    },
    {
      label: "change (the buyer's own; another buyer's is refused)",
      method: "PATCH",
      url: () => "/qualifications",
      body: (f) => ({ qualification_id: f.qualificationId, name: "Matrix", description: "matrix", retake_hours: 0 }),
      expect: only({ buyer: 200 }),
    },
    {
      label: "delete (the buyer's own; another buyer's is refused)",
      method: "DELETE",
      url: async (f) => {
        const q = await createQualification(env, await sessionUser(f.buyer.id), {
          name: `Matrix ${crypto.randomUUID()}`,
          description: "matrix",
          retake_hours: 0,
        });
        return `/qualifications?qualification_id=${q.id}`;
      },
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/qualification-grants.ts": [
    {
      label: "holders (buyer, own qualification) or held (worker)",
      method: "GET",
      url: (f, who) =>
        who === "worker" ? "/qualification-grants" : `/qualification-grants?qualification_id=${f.qualificationId}`,
      expect: only({ buyer: 200, worker: 200 }),
    },
    {
      label: "grant (the buyer's own qualification)",
      method: "POST",
      url: () => "/qualification-grants",
      body: async (f) => ({ qualification_id: f.qualificationId, worker_id: (await freshWorker()).id }),
      expect: only({ buyer: 201 }),
    },
    {
      label: "revoke (the buyer's own qualification)",
      method: "DELETE",
      url: async (f) => {
        const worker = await freshWorker();
        await grantQualification(env, await sessionUser(f.buyer.id), {
          qualificationId: f.qualificationId,
          workerId: worker.id,
        });
        return `/qualification-grants?qualification_id=${f.qualificationId}&worker_id=${worker.id}`;
      },
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/qualification-tests.ts": [
    { label: "list", method: "GET", url: () => "/qualification-tests", expect: only({ worker: 200 }) },
    {
      label: "take (no retake wait)",
      method: "POST",
      url: () => "/qualification-tests",
      body: (f) => ({ qualification_id: f.qualificationId, answers: { [f.questionId]: 1 } }),
      expect: only({ worker: 201 }),
    },
  ],
  "routes/api/create-payment-intent.ts": [
    {
      label: "start",
      method: "POST",
      url: () => "/create-payment-intent",
      body: () => ({ coins: 10 }),
      expect: only({ buyer: 200, other: 200 }),
    },
  ],
  "routes/api/orders.ts": [
    {
      label: "the buyer's payment",
      method: "POST",
      url: () => "/orders",
      body: async (f) => ({ payment_id: (await newPayment(f.buyer)).paymentId }),
      expect: only({ buyer: 201 }),
    },
  ],
  "routes/api/order-history.ts": [
    {
      label: "the buyer's",
      method: "GET",
      url: (f) => `/orders1?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/total-required-workers.ts": [
    {
      label: "the buyer's",
      method: "GET",
      url: (f) => `/total-required-workers?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/total-payment.ts": [
    {
      label: "the buyer's",
      method: "GET",
      url: (f) => `/total-payment?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/total-payed.ts": [
    {
      label: "the buyer's",
      method: "GET",
      url: (f) => `/total-payed?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
  ],
  "routes/api/user-preference.ts": [
    { label: "own", method: "GET", url: () => "/user-preference", expect: signedIn() },
    {
      label: "the buyer's",
      method: "GET",
      url: (f) => `/user-preference?email=${encodeURIComponent(f.buyer.email)}`,
      expect: only({ buyer: 200 }),
    },
    {
      label: "set own",
      method: "POST",
      url: () => "/user-preference",
      body: () => ({ itemsPerPage: 3 }),
      expect: signedIn(),
    },
    {
      label: "set the buyer's",
      method: "POST",
      url: () => "/user-preference",
      body: (f) => ({ email: f.buyer.email, itemsPerPage: 3 }),
      expect: only({ buyer: 200 }),
    },
  ],
  // your own notifications only: there is nothing of anyone else's to name
  "routes/api/notifications.ts": [
    { label: "own", method: "GET", url: () => "/notifications", expect: signedIn() },
    { label: "mark all own read", method: "POST", url: () => "/notifications", body: () => ({}), expect: signedIn() },
  ],
  "routes/api/total-coins.ts": [
    { label: "total", method: "GET", url: () => "/totalcoins", expect: only({ admin: 200 }) },
  ],
  "routes/api/total-dollars.ts": [
    { label: "total", method: "GET", url: () => "/totaldollars", expect: only({ admin: 200 }) },
  ],
  "routes/api/openapi.ts": [{ label: "document", method: "GET", url: () => "/openapi.json", expect: everyone(200) }],
};

// ---------------------------------------------------------------- pages

/**
 * ok: 200; allowed: the page's own answer (not a guard redirect, not 5xx); login / unauthorized: the guards;
 * home: the role's dashboard; denied: the right role but not the owner (403, 404 or /unauthorized).
 */
type PageOutcome = "ok" | "allowed" | "login" | "unauthorized" | "home" | "notfound" | "denied" | `to:${string}`;
type PageExpect = Record<Who, PageOutcome>;

const publicPage: PageExpect = { anon: "ok", worker: "ok", buyer: "ok", other: "ok", admin: "ok", removed: "ok" };
const guestPage: PageExpect = {
  anon: "ok",
  removed: "ok",
  worker: "home",
  buyer: "home",
  other: "home",
  admin: "home",
};
const userPage: PageExpect = {
  anon: "login",
  removed: "login",
  worker: "allowed",
  buyer: "allowed",
  other: "allowed",
  admin: "allowed",
};
const rolePage = (...roles: ("worker" | "buyer" | "admin")[]): PageExpect => {
  const e: PageExpect = {
    anon: "login",
    removed: "login",
    worker: "unauthorized",
    buyer: "unauthorized",
    other: "unauthorized",
    admin: "unauthorized",
  };
  for (const r of roles) {
    e[r] = "allowed";
    if (r === "buyer") e.other = "allowed";
  }
  return e;
};

interface PageProbe {
  url?: (f: Fixtures) => string;
  expect: PageExpect;
}

/** Every page route (and layout: covered through its children). */
const PAGES: Record<string, PageProbe | "layout"> = {
  "routes/public/layout.tsx": "layout",
  "routes/public/home.tsx": { expect: publicPage },
  "routes/public/about.tsx": { expect: publicPage },
  "routes/public/contact.tsx": { expect: publicPage },
  "routes/public/faq.tsx": { expect: publicPage },
  "routes/public/terms.tsx": { expect: publicPage },
  "routes/auth/login.tsx": { expect: guestPage },
  "routes/auth/register.tsx": { expect: guestPage },
  "routes/auth/forgot-password.tsx": { expect: publicPage },
  // without a token: the page says the link is not valid
  "routes/auth/reset-password.tsx": { expect: publicPage },
  // without a token (or with a used one): the page says the link is not valid; opening one changes nothing
  "routes/auth/verify-email.tsx": { expect: publicPage },
  // the development mailbox: open while APP_ENV is test (404 in production: identity.test.ts)
  "routes/dev/mailbox.tsx": { expect: publicPage },
  "routes/dev/mail-message.tsx": { url: (f) => `/dev/mail/${f.mailId}`, expect: publicPage },
  "routes/public/unauthorized.tsx": { expect: publicPage },
  "routes/public/not-found.tsx": {
    url: () => `/no-such-page-${crypto.randomUUID()}`,
    expect: everyoneOutcome("notfound"),
  },
  // the landing page's task links: each role somewhere of its own, never /unauthorized
  "routes/public/task-door.ts": {
    url: () => "/browse",
    expect: {
      anon: "to:/dashboard/tasklist",
      removed: "to:/dashboard/tasklist",
      worker: "to:/dashboard/tasklist",
      buyer: "to:/dashboard/buyerhome",
      other: "to:/dashboard/buyerhome",
      admin: "to:/dashboard/managetasks",
    },
  },
  // a task's public page: visitors read it (here one that is not open: 404), signed-in people go on by role
  // a buyer's public record: open to everyone, signed in or not
  "routes/public/buyer.tsx": { url: (f) => `/buyers/${f.buyer.id}`, expect: publicPage },
  "routes/public/task.tsx": {
    url: () => "/browse/no-such-task",
    expect: {
      anon: "notfound",
      removed: "notfound",
      worker: "to:/dashboard/tasklist/no-such-task",
      buyer: "to:/dashboard/buyerhome",
      other: "to:/dashboard/buyerhome",
      admin: "to:/dashboard/managetasks",
    },
  },
  "routes/auth/logout.tsx": { expect: everyoneOutcome("to:/") },
  // the language switch: a GET goes home; its POST is open to everyone, changing only the caller's own language
  // (tests/server/language.test.ts)
  "routes/language.ts": { expect: everyoneOutcome("to:/") },
  // a page's words (decision 111): the catalogues' words are nobody's secret; a name of no file is not found
  "routes/words.ts": { url: () => "/words/en.0.00000000.json", expect: publicPage },
  "routes/auth/google.tsx": { expect: everyoneOutcome("to:/login") },
  "routes/auth/google-callback.tsx": { expect: everyoneOutcome("to:/login") },
  "routes/dashboard/layout.tsx": "layout",
  "routes/dashboard/index.tsx": {
    expect: { anon: "login", removed: "login", worker: "home", buyer: "home", other: "home", admin: "home" },
  },
  "routes/dashboard/notifications.tsx": { expect: userPage },
  // a dashboard path that names no page: a visitor logs in first, anyone signed in gets the 404 in their frame
  "routes/dashboard/not-found.tsx": {
    url: () => `/dashboard/no-such-page-${crypto.randomUUID()}`,
    expect: {
      anon: "login",
      removed: "login",
      worker: "notfound",
      buyer: "notfound",
      other: "notfound",
      admin: "notfound",
    },
  },
  // a submission's conversation: its worker and its buyer only (an admin reads it once appealed: messages.test.ts)
  "routes/dashboard/thread.tsx": {
    url: (f) => `/dashboard/threads/submission/${f.submissionId}`,
    expect: { anon: "login", removed: "login", worker: "ok", buyer: "ok", other: "denied", admin: "denied" },
  },
  // Messages of workers and buyers (their conversations); an admin's Messages are the contact form's
  "routes/dashboard/inbox.tsx": { expect: { ...userPage, admin: "unauthorized" } },
  "routes/dashboard/settings.tsx": { expect: userPage },
  // your own data (a JSON download) and closing your own account: nobody else's to name
  "routes/dashboard/account-data.ts": { expect: userPage },
  "routes/dashboard/close-account.tsx": { expect: userPage },
  // GET only leads back to the dashboard (the banner's Resend button POSTs)
  "routes/dashboard/verify-email.tsx": {
    expect: {
      ...userPage,
      worker: "to:/dashboard",
      buyer: "to:/dashboard",
      other: "to:/dashboard",
      admin: "to:/dashboard",
    },
  },
  "routes/dashboard/buyer/layout.tsx": "layout",
  "routes/dashboard/buyer/home.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/add-task.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/my-tasks.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/bonuses.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/api-keys.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/batch-tasks.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/batch-template.ts": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/qualifications.tsx": { expect: rolePage("buyer") },
  // the buyer's own qualification: the other buyer has the role but not the qualification
  "routes/dashboard/buyer/qualification.tsx": {
    url: (f) => `/dashboard/qualifications/${f.qualificationId}`,
    expect: { ...rolePage("buyer"), other: "denied" },
  },
  "routes/dashboard/worker/tests.tsx": { expect: rolePage("worker") },
  "routes/dashboard/worker/test.tsx": {
    url: (f) => `/dashboard/tests/${f.qualificationId}`,
    expect: rolePage("worker"),
  },
  // the buyer's own task: the other buyer has the role but not the task
  "routes/dashboard/buyer/update-task.tsx": {
    url: (f) => `/dashboard/updatetask/${f.taskId}`,
    expect: { ...rolePage("buyer"), other: "denied" },
  },
  "routes/dashboard/buyer/purchase-coin.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/buyer/payment-history.tsx": { expect: rolePage("buyer") },
  "routes/dashboard/worker/layout.tsx": "layout",
  "routes/dashboard/worker/home.tsx": { expect: rolePage("worker") },
  "routes/dashboard/worker/task-list.tsx": { expect: rolePage("worker") },
  "routes/dashboard/worker/task-detail.tsx": {
    url: (f) => `/dashboard/tasklist/${f.taskId}`,
    expect: rolePage("worker"),
  },
  "routes/dashboard/worker/my-submissions.tsx": { expect: rolePage("worker") },
  "routes/dashboard/worker/submission.tsx": {
    url: (f) => `/dashboard/mysubmissions/${f.submissionId}`,
    expect: rolePage("worker"),
  },
  "routes/dashboard/worker/withdraw.tsx": { expect: rolePage("worker") },
  "routes/dashboard/worker/alerts.tsx": { expect: rolePage("worker") },
  // public by their tokens (a feed reader, a mail client): the same answer whoever asks; a wrong token is 404
  // (task-alerts.test.ts)
  "routes/alerts/feed.ts": { url: (f) => `/alerts/feed/${f.feedToken}`, expect: publicPage },
  "routes/alerts/unsubscribe.tsx": { url: (f) => `/alerts/unsubscribe/${f.unsubscribeToken}`, expect: publicPage },
  "routes/dashboard/admin/layout.tsx": "layout",
  "routes/dashboard/admin/home.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/manage-tasks.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/manage-users.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/messages.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/appeals.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/audit-log.tsx": { expect: rolePage("admin") },
  "routes/dashboard/admin/ledger.tsx": { expect: rolePage("admin") },
  "routes/docs/api-docs.tsx": { expect: publicPage },
  "routes/docs/mturk-guide.ts": { expect: publicPage },
  "routes/docs/mturk-guide-page.tsx": { expect: publicPage },
  // the MTurk Requester API decides by its SigV4 signature, never a session: a GET without one is its RequestError
  "routes/mturk.ts": { expect: everyoneOutcome("allowed") },
  // a HIT's HTMLQuestion page is served only from the question origin (decision 077): here an empty 404 for everyone;
  // the answer's post is authorised by its assignmentId, never a session (tests/server/mturk-questions.test.ts)
  "routes/mturk-question.ts": { url: (f) => `/mturk/question/${f.taskId}`, expect: everyoneOutcome("notfound") },
  "routes/mturk-external-submit.ts": { expect: everyoneOutcome("allowed") },
  "routes/public/robots.ts": { expect: publicPage },
  "routes/public/sitemap.ts": { expect: publicPage },
};

function everyoneOutcome(o: PageOutcome): PageExpect {
  return { anon: o, worker: o, buyer: o, other: o, admin: o, removed: o };
}

const HOME: Record<Who, string> = {
  anon: "/",
  removed: "/",
  worker: "/dashboard/workerhome",
  buyer: "/dashboard/buyerhome",
  other: "/dashboard/buyerhome",
  admin: "/dashboard/adminhome",
};

// ---------------------------------------------------------------- running it

let f: Fixtures;
const users = {} as Record<Who, TestUser | null>;

beforeAll(async () => {
  const world = await makeWorld();
  const task = await newTask(world.buyer, { required_workers: 50, payable_amount: 2 });
  const image = await storeImage(env, pngFile("probe.png"));
  const own = await newTask(world.buyer, { required_workers: 2, payable_amount: 2 });
  const submission = await submissionBy(world.worker, own.id);
  f = {
    ...world,
    taskId: task.id,
    submissionId: submission.id,
    imageKey: image.key,
    mailId: (await lastMailTo(world.buyer.email)).id,
    ...(await (async () => {
      const q = await createQualification(env, await sessionUser(world.buyer.id), {
        name: "Matrix",
        description: "matrix",
        retake_hours: 0,
        questions: [{ prompt: "Pick a", choices: ["a", "b"], answer: 1 }],
      });
      const [question] = (await qualificationForOwner(env, await sessionUser(world.buyer.id), q.id)).test;
      return { qualificationId: q.id, questionId: question!.id };
    })()),
    feedToken: "",
    unsubscribeToken: "",
  };
  f.feedToken = (
    await saveSearch(env, await sessionUser(world.worker.id), { q: "matrix", category: undefined })
  ).feedToken;
  f.unsubscribeToken = (await env.DB.prepare("SELECT unsubscribe_token AS t FROM alert_mail WHERE worker_id = ?")
    .bind(world.worker.id)
    .first<{ t: string }>())!.t;
  Object.assign(users, {
    anon: null,
    worker: f.worker,
    buyer: f.buyer,
    other: f.otherBuyer,
    admin: f.admin,
    removed: f.removed,
  });
});

async function throwawayFor(who: Who): Promise<TestUser | null> {
  if (who === "anon") return null;
  if (who === "removed") return f.removed;
  if (who === "admin") return makeAdmin();
  return registerUser(who === "worker" ? "Worker" : "Buyer");
}

async function runProbe(
  p: Probe,
  who: Who,
): Promise<{ status: number; text: string; type: string | null; undocumented: string | null }> {
  const user = p.throwaway ? await throwawayFor(who) : users[who];
  const headers: Record<string, string> = {
    "CF-Connecting-IP": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  };
  if (user) headers.Authorization = `Bearer ${user.token}`;
  let body: BodyInit | undefined;
  if (p.raw) {
    const raw = p.raw();
    body = raw.body;
    Object.assign(headers, raw.headers ?? {});
  } else if (p.body) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(await p.body(f, who));
  }
  const url = await p.url(f, who);
  const res = await call(url, { method: p.method, headers, body });
  const type = res.headers.get("Content-Type");
  const image = type?.startsWith("image/");
  const text = image ? `(${(await res.arrayBuffer()).byteLength} bytes of ${type})` : await res.text();
  const parsed = image || !type?.startsWith("application/json") ? text : JSON.parse(text);
  return { status: res.status, text, type, undocumented: undocumented(p.method, url, res.status, parsed) };
}

/** The role each kind of signed-in caller has. */
const ROLE_OF = { worker: "Worker", buyer: "Buyer", other: "Buyer", admin: "Admin" } as const;

/** What the entry's declared access requires of a probe: the callers it leaves out and the status they must get. */
function refusalsFor(access: (typeof endpoints)[number]["access"]): Partial<Expect> {
  if (access === "public") return {};
  const refused: Partial<Expect> = { anon: 401, removed: 401 };
  if (access !== "signed-in")
    for (const [who, role] of Object.entries(ROLE_OF)) if (!access.includes(role)) refused[who as Who] = 403;
  return refused;
}

/** The REST routes' pathless layout: it renders nothing and answers nothing itself; its middleware is CORS. */
const API_LAYOUT = "routes/api/layout.ts";

describe("the matrix covers the route config", () => {
  it("has an entry for every route in app/routes.ts, and none for a route that is gone", () => {
    const files = ROUTES.map((r) => r.file);
    const covered = new Set([...Object.keys(API), ...Object.keys(PAGES), API_LAYOUT]);
    expect(
      files.filter((file) => !covered.has(file)),
      "routes without a matrix entry",
    ).toEqual([]);
    expect(
      [...covered].filter((file) => !files.includes(file)),
      "matrix entries without a route",
    ).toEqual([]);
    // REST routes are exactly the resource routes under routes/api/, all inside the API layout; layouts are
    // exactly the routes with children
    expect(Object.keys(API).sort()).toEqual(API_ROUTES.map((r) => r.file).sort());
    for (const r of API_ROUTES) expect(r.parent, r.file).toBe(API_LAYOUT);
    expect(Object.keys(PAGES).every((file) => !file.startsWith("routes/api/"))).toBe(true);
    for (const r of ROUTES)
      if (PAGES[r.file] === "layout" || r.file === API_LAYOUT) expect(r.hasChildren, r.file).toBe(true);
  });

  it("probes every method each route's catalogue entries document, refusing the callers their access leaves out", () => {
    const errors: string[] = [];
    for (const [file, probes] of Object.entries(API)) {
      const entries = endpoints.filter((e) => e.file === file);
      const documented = entries.map((e) => e.method).sort();
      const probed = [...new Set(probes.map((p) => p.method))].sort();
      if (JSON.stringify(probed) !== JSON.stringify(documented))
        errors.push(`${file}: probes ${probed.join(", ")}, the catalogue documents ${documented.join(", ")}`);
      for (const p of probes) {
        const entry = entries.find((e) => e.method === p.method);
        for (const [who, status] of Object.entries(entry ? refusalsFor(entry.access) : {}))
          if (p.expect[who as Who] !== status)
            errors.push(`${p.method} ${file} (${p.label}): ${who} must get ${status} by the declared access`);
      }
    }
    expect(errors).toEqual([]);
  });

  it("each REST route module declares its entries at its path in app/routes.ts", () => {
    for (const r of API_ROUTES) {
      const paths = [...new Set(endpoints.filter((e) => e.file === r.file).map((e) => e.path))];
      expect(paths, r.file).toEqual([r.path.replace(/:(\w+)/g, "{$1}")]);
    }
    expect(new Set(endpoints.map((e) => e.file))).toEqual(new Set(API_ROUTES.map((r) => r.file)));
  });

  it("runs the API layout's CORS middleware for every REST route: a preflight is answered 204 with Allow", async () => {
    for (const r of API_ROUTES) {
      const res = await call(r.path.replace(/:\w+/g, "x"), {
        method: "OPTIONS",
        headers: { Origin: "https://client.example", "Access-Control-Request-Method": "POST" },
      });
      expect(res.status, r.path).toBe(204);
      expect(res.headers.get("Allow"), r.path).toBe(CORS_METHODS);
    }
  });
});

describe("REST endpoints x callers", () => {
  for (const [file, probes] of Object.entries(API)) {
    for (const p of probes) {
      it(`${p.method} ${file.replace("routes/api/", "")} (${p.label})`, async () => {
        const got: Partial<Record<Who, number>> = {};
        const errors: string[] = [];
        for (const who of WHO) {
          const r = await runProbe(p, who);
          got[who] = r.status;
          if (r.undocumented) errors.push(`${who}: ${r.undocumented}`);
          if (r.status >= 400) {
            // refusals are the JSON error shape
            let shape: { error?: { code?: string; message?: string } } = {};
            try {
              shape = JSON.parse(r.text);
            } catch {
              errors.push(`${who}: not JSON: ${r.text.slice(0, 80)}`);
            }
            if (typeof shape.error?.message !== "string") errors.push(`${who}: ${r.text.slice(0, 120)}`);
          }
          if (r.status !== p.expect[who])
            errors.push(`${who}: expected ${p.expect[who]}, got ${r.status} ${r.text.slice(0, 160)}`);
        }
        expect(errors, JSON.stringify(got)).toEqual([]);
      });
    }
  }
});

function pageUrl(file: string, probe: PageProbe): string {
  if (probe.url) return probe.url(f);
  const route = ROUTES.find((r) => r.file === file)!;
  return route.path;
}

describe("pages x callers", () => {
  for (const [file, probe] of Object.entries(PAGES)) {
    if (probe === "layout") continue;
    it(`${file}`, async () => {
      const errors: string[] = [];
      for (const who of WHO) {
        const user = users[who];
        const url = pageUrl(file, probe);
        const res = await call(url, { headers: user ? { Cookie: user.cookie } : {} });
        const location = res.headers.get("Location") ?? "";
        await res.arrayBuffer();
        const want = probe.expect[who];
        const redirect = res.status >= 300 && res.status < 400;
        const ok =
          want === "ok"
            ? res.status === 200
            : want === "allowed"
              ? res.status < 500 &&
                !(redirect && (location.startsWith("/login") || location.startsWith("/unauthorized")))
              : want === "login"
                ? redirect && location === `/login?redirectTo=${encodeURIComponent(url)}`
                : want === "unauthorized"
                  ? redirect && location === "/unauthorized"
                  : want === "home"
                    ? redirect && location === HOME[who]
                    : want === "notfound"
                      ? res.status === 404
                      : want === "denied"
                        ? res.status === 403 || res.status === 404 || (redirect && location === "/unauthorized")
                        : redirect && location === want.slice(3);
        if (!ok) errors.push(`${who}: expected ${want}, got ${res.status} ${location}`);
      }
      expect(errors).toEqual([]);
    });
  }
});
