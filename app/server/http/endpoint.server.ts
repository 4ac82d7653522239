// What a REST route module declares about each of its methods, beside its handler (see `rest()` in rest.server.ts):
// who may call it, the valibot schemas of its query and body (the ones the handler parses with), and what it
// answers. routes/api/catalogue.server.ts gathers every route's entries; /openapi.json, the /api-docs page, the
// contract tests and the authorization matrix are built from them. This module holds the entries' vocabulary and the
// pieces several entries share (the example answers, the common responses).
import type * as v from "valibot";
import type { Role } from "~/lib/roles";
import { deletedWire, modifiedWire } from "~/lib/schemas/api";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Access = "public" | "signed-in" | Role[];

/** The groups of the reference, in the order /api-docs and /openapi.json list them. */
export const API_TAGS = [
  "Sign-in",
  "Users",
  "Public",
  "Tasks",
  "Submissions",
  "Withdrawals",
  "Appeals",
  "Quality",
  "Purchases",
  "Notifications",
  "Figures",
  "Images",
  "Reference",
] as const;
export type ApiTag = (typeof API_TAGS)[number];

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

/** One method of a route, as its module declares it. */
export interface EndpointEntry {
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
  /** a file sent as the whole body (e.g. text/csv), documented by hand */
  fileBody?: { contentType: string; description: string };
  responses: ResponseDoc[];
  /**
   * The error statuses this endpoint can answer besides those its entry implies (`impliedErrors`: 401 unless public,
   * 403 for roles, 422 for a query, 400, 413, 415 and 422 for a JSON body, 413, 415 and 422 for a file) and 405,
   * e.g. 404 and 409.
   */
  errors?: number[];
}

/** An entry placed in the catalogue: its method and OpenAPI path (e.g. "/images/{key}"), its group, and every error
 * status it can answer but 405. */
export interface EndpointDoc extends EndpointEntry {
  method: HttpMethod;
  path: string;
  tag: ApiTag;
  errors: number[];
}

/** The error statuses an entry answers: those its access, query and body imply, and its own `errors`, in order. */
export function errorStatuses(entry: EndpointEntry): number[] {
  const implied = [
    ...(entry.access === "public" ? [] : [401]),
    ...(Array.isArray(entry.access) ? [403] : []),
    ...(entry.query ? [422] : []),
    ...(entry.body ? [400, 413, 415, 422] : []),
    ...(entry.fileBody ? [413, 415, 422] : []),
  ];
  return [...new Set([...implied, ...(entry.errors ?? [])])].sort((a, b) => a - b);
}

// ---------------------------------------------------------------- examples of the wire shapes

const ID = "7d4b3a52-0c39-4f0e-9a51-2b7f0a1e6c11";
const ORIGIN = "https://coinwork.example";
const IMAGE = `${ORIGIN}/images/0d3f9c1e-5a7b-4c2d-9e8f-1a2b3c4d5e6f.png`;
const TIME = "2026-11-20T09:30:00.000Z";
const TASK_TITLE = "Write a 200-word product review";
const BUYER = { name: "Maya Buyer", email: "maya@example.com" };
const WORKER = { name: "Rafi Worker", email: "rafi@example.com" };

/** Example answers of the shapes several endpoints share (the contract tests parse each with its schema). */
export const examples = {
  id: ID,
  origin: ORIGIN,
  user: { _id: ID, ...BUYER, role: "Buyer", coin: 420, photo: IMAGE },
  /** the user of a sign-in answer ({ token, user }) */
  sessionUser: { id: ID, ...BUYER, role: "Buyer", coin: 50, photo: null, emailVerified: false },
  applicant: { photo: IMAGE, name: WORKER.name },
  publicWorker: { photo: `${ORIGIN}/avatars/seed-03.webp`, name: WORKER.name, coin: 1240 },
  category: { _id: "Content Writing", total_workers: 37 },
  savedSearch: {
    id: ID,
    q: "logo design",
    category: "Creative Design",
    min_hourly: 12,
    min_approval: 90,
    feed_url: `${ORIGIN}/alerts/feed/Yq3kR0mJ8w2xLtV9pHc7sN4bF1dZ6eGa5uKiOoPyTr0`,
    created_at: "2026-11-26T09:30:00.000Z",
  },
  taskStart: {
    task_id: ID,
    task_title: TASK_TITLE,
    payable_amount: 15,
    started_at: TIME,
    expires_at: "2026-11-20T10:30:00.000Z",
  },
  appeal: {
    _id: ID,
    submission_id: "1f0c7a2e-4b6d-4e8a-9c3f-5d2e1b0a9f87",
    task_title: TASK_TITLE,
    payable_amount: 12,
    worker_name: WORKER.name,
    worker_email: WORKER.email,
    Buyer_name: BUYER.name,
    Buyer_email: BUYER.email,
    reject_reason: "The review is under 200 words.",
    appeal_text: "The review has 214 words; the counter of the editor I used counts them all.",
    status: "pending",
    appeal_date: TIME,
    decided_at: null,
  },
  task: {
    _id: ID,
    task_title: TASK_TITLE,
    task_detail: "Try the app for a day and write an honest review.",
    task_image_url: IMAGE,
    category: "Content Writing",
    required_workers: 12,
    payable_amount: 15,
    completion_date: "2026-12-31",
    submission_info: "A link to the published review",
    name: BUYER.name,
    user_email: BUYER.email,
    estimate_minutes: 20,
    measured_minutes: 18,
    pay_per_hour_cents: 250,
    below_minimum: true,
    paused: false,
  },
  featuredTask: {
    _id: ID,
    task_title: TASK_TITLE,
    task_image_url: null,
    completion_date: "2026-12-31",
    payable_amount: 15,
    category: "Content Writing",
    required_workers: 12,
    name: BUYER.name,
  },
  submission: {
    _id: ID,
    task_id: "a3c1f1d0-6f7e-4a11-8b9c-0d1e2f3a4b5c",
    task_title: TASK_TITLE,
    payable_amount: 15,
    worker_email: WORKER.email,
    worker_name: WORKER.name,
    Buyer_name: BUYER.name,
    Buyer_email: BUYER.email,
    Buyer_mail: BUYER.email,
    submission_details: "https://blog.example/review",
    submission_image_url: null,
    current_date: TIME,
    status: "pending",
    reject_reason: null,
  },
  withdrawal: {
    _id: ID,
    worker_email: WORKER.email,
    worker_name: WORKER.name,
    withdrawal_coin: 250,
    withdrawal_amount: 12.5,
    payment_system: "Bkash",
    account_number: "01700000000",
    bank_name: null,
    bank_branch: null,
    withdraw_date: TIME,
    status: "pending",
    reject_reason: null,
    payout_reference: null,
  },
  order: { _id: ID, coinamount: 150, user_email: BUYER.email, price: 10, payment_id: "pi_3QabcDEF", time: TIME },
  notification: {
    _id: ID,
    message: `You earned 15 coins: your submission for "${TASK_TITLE}" was approved.`,
    href: "/dashboard/mysubmissions",
    read: false,
    time: TIME,
  },
} as const;

// ---------------------------------------------------------------- responses and notes entries share

/** A 200 whose body is an array of `schema`. */
export const list = (schema: v.GenericSchema, example: unknown, description: string): ResponseDoc => ({
  status: 200,
  description,
  schema,
  list: true,
  example: [example],
});

/** An answer of one `schema` (200 unless `status` says otherwise). */
export const ok = (schema: v.GenericSchema, example: unknown, description = "OK", status = 200): ResponseDoc => ({
  status,
  description,
  schema,
  example,
});

/** A sign-in's answer: a session token (also usable as `Authorization: Bearer`) and the user. */
export const sessionAnswer = (description: string, status = 200): ResponseDoc => ({
  status,
  description,
  example: { token: "eyJhbGciOiJFZERTQSJ9…", user: examples.sessionUser },
});

export const MODIFIED = ok(modifiedWire, { modifiedCount: 1 });
export const DELETED = ok(deletedWire, { deletedCount: 1 });

export const OWN_EMAIL =
  "An e-mail in the query or body must be your own (403 otherwise); it never widens what you can read.";
export const TASK_BUYER_ONLY = "Only the task's buyer.";

export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Malformed request (not JSON, not an object, bad encoding)",
  401: "No or invalid identity (sign in, or send Authorization: Bearer <token>)",
  402: "The payment has not succeeded",
  403: "Signed in, but not allowed (wrong role, or not your record)",
  404: "No such record",
  405: "Method not allowed (see the Allow header)",
  409: "State conflict (no slots, already reviewed, not enough coins, …)",
  413: "Body too large",
  415: "Wrong body type (send application/json; images: PNG, JPEG, WebP, GIF; files: the type the endpoint names)",
  422: "Fails validation; `fields` holds the messages per field",
  429: "Too many attempts; wait a minute",
  503: "Card payments are not set up on this server (payments_unavailable), or the database stopped answering mid-change (database_unavailable)",
};

export function accessLabel(access: Access): string {
  if (access === "public") return "Public";
  if (access === "signed-in") return "Signed in";
  return access.join(" or ");
}
