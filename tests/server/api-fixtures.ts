// Fixtures for the REST API tests: people of every kind and the records they own, made through the services
// (fast, and not rate limited), then exercised through the worker's fetch.
import { expect } from "vitest";
import * as v from "valibot";
import { env, isoDay, jsonCall, makeAdmin, registerUser, sessionUser, taskInput, type TestUser } from "./helpers";
import { getDb } from "~/server/db/client.server";
import { conservation } from "~/server/services/ledger.server";
import { postTask } from "~/server/services/tasks.server";
import { createSubmission } from "~/server/services/submissions.server";
import { requestWithdrawal } from "~/server/services/withdrawals.server";
import { createPaymentIntent } from "~/server/services/purchases.server";
import { confirmTestCard } from "~/server/payments/provider.server";
import { adjustCoins, removeUser } from "~/server/services/users.server";

export { isoDay };

export interface World {
  admin: TestUser;
  buyer: TestUser;
  otherBuyer: TestUser;
  worker: TestUser;
  otherWorker: TestUser;
  removed: TestUser;
  ids: string[];
}

/** An admin, two funded buyers, two funded workers and a removed user. */
export async function makeWorld(funds = 100_000): Promise<World> {
  const admin = await makeAdmin();
  const [buyer, otherBuyer, worker, otherWorker, removed] = await Promise.all([
    registerUser("Buyer", "Maya Buyer"),
    registerUser("Buyer", "Omar Otherbuyer"),
    registerUser("Worker", "Rafi Worker"),
    registerUser("Worker", "Wen Otherworker"),
    registerUser("Buyer", "Rex Removed"),
  ]);
  const a = await sessionUser(admin.id);
  for (const u of [buyer, otherBuyer, worker, otherWorker]) await adjustCoins(env, a, u.id, funds, "test funding");
  await removeUser(env, a, removed.id, "test: a removed user");
  return {
    admin,
    buyer,
    otherBuyer,
    worker,
    otherWorker,
    removed,
    ids: [admin.id, buyer.id, otherBuyer.id, worker.id, otherWorker.id, removed.id],
  };
}

export async function newTask(buyer: TestUser, overrides: Record<string, unknown> = {}) {
  return postTask(
    env,
    await sessionUser(buyer.id),
    taskInput({ required_workers: 2, payable_amount: 3, ...overrides }) as never,
  );
}

export async function newSubmission(worker: TestUser, taskId: string, details = "done") {
  return createSubmission(env, await sessionUser(worker.id), {
    task_id: taskId,
    submission_details: details,
    submission_image_url: "",
  });
}

export async function newWithdrawal(worker: TestUser, coins = 200) {
  return requestWithdrawal(env, await sessionUser(worker.id), {
    withdrawal_coin: coins,
    payment_system: "Bkash",
    account_number: "01700000000",
  });
}

/** A test-mode payment of a package, card confirmed: its id can be reported to POST /orders. */
export async function newPayment(buyer: TestUser, coins = 10, confirm = true) {
  const intent = await createPaymentIntent(env, await sessionUser(buyer.id), coins);
  if (confirm)
    await confirmTestCard(env, intent.clientSecret, { number: "4242424242424242", exp: "12/34", cvc: "123" }, buyer.id);
  return intent;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A REST call as a client makes it: JSON in, JSON out, Bearer token. */
export async function rest<T = any>(method: string, path: string, token?: string, body?: unknown): Promise<Answer<T>> {
  const res = await jsonCall(path, method, body, token);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === "" ? null : JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion to show
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The answer is the JSON error shape with this status. */
export function expectError(a: Answer, status: number, code?: string) {
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  const body = a.body as { error?: { code?: string; message?: string } };
  expect(typeof body?.error?.message, JSON.stringify(a.body)).toBe("string");
  if (code) expect(body.error!.code).toBe(code);
}

/** Parses with a strict wire schema: a field more or less fails the test. */
export function shape<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (!r.success) throw new Error(`wrong shape: ${JSON.stringify(v.flatten(r.issues))}\n${JSON.stringify(value)}`);
  return r.output;
}

export async function holds(ids: string[]) {
  return (await conservation(getDb(env), ids)).holds;
}

export async function row<T>(sql: string, ...params: unknown[]): Promise<T | null> {
  return env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
}

export const q = encodeURIComponent;
export const farFuture = () => isoDay(30);
