// The REST API (docs/product/rest-api.md), one contract per endpoint: the answer's shape (strict wire schemas: a field
// more or less fails) and its effect on the database, through the worker's fetch.
import { beforeAll, describe, expect, it } from "vitest";
import {
  API_ROUTES,
  BASE,
  balance,
  call,
  endpoints,
  env,
  expectError,
  holds,
  makeWorld,
  newPayment,
  newTask,
  newWithdrawal,
  PASSWORD,
  pngFile,
  q,
  registerUser,
  rest,
  row,
  sessionUser,
  shape,
  submissionBy,
  uniqueEmail,
  type World,
} from "./fixtures";
import * as v from "valibot";
import * as s from "~/lib/schemas/api";
import { CATEGORIES } from "~/lib/categories";
import { register } from "~/server/services/accounts.server";
import { adjustCoins } from "~/server/services/users.server";
import { corsResponse } from "~/server/http/cors.server";

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

const ORIGIN = "https://coinwork.test";
const png = () => `/images/${crypto.randomUUID()}.png`;

describe("users", () => {
  it("GET /users?role=Worker is public and shows photo and name only", async () => {
    const email = uniqueEmail("applicant");
    const photo = png();
    await register(env, { name: "Ana Applicant", email, password: PASSWORD, role: "Worker", photo }, BASE);
    const a = await rest("GET", "/users?role=Worker");
    expect(a.status).toBe(200);
    const list = shape(v.array(s.applicantWireSchema), a.body);
    expect(list).toContainEqual({ name: "Ana Applicant", photo: `${ORIGIN}${photo}` });
    expect(JSON.stringify(a.body)).not.toContain(email);
  });

  it("GET /users?email= answers your own record; an admin may read anyone's; nobody else", async () => {
    const own = await rest("GET", `/users?email=${q(w.buyer.email)}`, w.buyer.token);
    expect(own.status).toBe(200);
    expect(shape(s.userWireSchema, own.body)).toMatchObject({
      _id: w.buyer.id,
      email: w.buyer.email,
      role: "Buyer",
      coin: await balance(w.buyer.id),
    });
    // case does not matter
    expect((await rest("GET", `/users?email=${q(w.buyer.email.toUpperCase())}`, w.buyer.token)).status).toBe(200);
    const byAdmin = await rest("GET", `/users?email=${q(w.worker.email)}`, w.admin.token);
    expect(shape(s.userWireSchema, byAdmin.body)._id).toBe(w.worker.id);
    expectError(await rest("GET", `/users?email=${q(w.worker.email)}`, w.buyer.token), 403, "forbidden");
    expectError(await rest("GET", `/users?email=${q(w.worker.email)}`), 401, "unauthorized");
    expectError(await rest("GET", `/users?email=${q(uniqueEmail("nobody"))}`, w.admin.token), 404);
    expectError(await rest("GET", "/users", w.buyer.token), 422, "validation_failed");
    expectError(await rest("GET", "/users?role=Buyer"), 422);
  });

  it("POST /users returns your own record; role, coin and name in the body change nothing", async () => {
    const before = await balance(w.worker.id);
    const a = await rest("POST", "/users", w.worker.token, {
      name: "Evil",
      email: w.worker.email,
      role: "Admin",
      coin: 999_999,
      photo: "https://evil.example/x.png",
    });
    expect(a.status).toBe(200);
    expect(shape(s.userWireSchema, a.body)).toMatchObject({
      _id: w.worker.id,
      role: "Worker",
      coin: before,
      name: "Rafi Worker",
    });
    const stored = await row<{ role: string; coin: number; name: string }>(
      "SELECT role, coin, name FROM users WHERE id = ?",
      w.worker.id,
    );
    expect(stored).toEqual({ role: "Worker", coin: before, name: "Rafi Worker" });
    expectError(await rest("POST", "/users", w.worker.token, { email: w.buyer.email, role: "Admin" }), 403);
    expectError(await rest("POST", "/users", undefined, { email: w.buyer.email }), 401);
  });

  it("PATCH /users?id= { role } changes a role at once (admin) -> { modifiedCount }", async () => {
    const target = await registerUser("Worker");
    const a = await rest("PATCH", `/users?id=${target.id}`, w.admin.token, { role: "Buyer" });
    expect(shape(s.modifiedWire, a.body)).toEqual({ modifiedCount: 1 });
    expect((await row<{ role: string }>("SELECT role FROM users WHERE id = ?", target.id))?.role).toBe("Buyer");
    // the target's next request already has the new role
    expect((await rest("GET", `/total-payment`, target.token)).status).toBe(200);
    expect((await rest("PATCH", `/users?id=${target.id}`, w.admin.token, { role: "Buyer" })).body).toEqual({
      modifiedCount: 0,
    });
    expectError(await rest("PATCH", `/users?id=${w.admin.id}`, w.admin.token, { role: "Worker" }), 403);
    expectError(await rest("PATCH", `/users?id=${target.id}`, w.admin.token, { role: "Root" }), 422);
    expectError(await rest("PATCH", `/users?id=${crypto.randomUUID()}`, w.admin.token, { role: "Buyer" }), 404);
  });

  it("PATCH /users { email, addcoin, reason } is an admin's recorded adjustment; without a reason nothing moves", async () => {
    const target = await registerUser("Worker");
    const a = await rest("PATCH", "/users", w.admin.token, { email: target.email, addcoin: 25, reason: "goodwill" });
    expect(shape(s.modifiedWire, a.body)).toEqual({ modifiedCount: 1 });
    expect(await balance(target.id)).toBe(35);
    const ledger = await row<{ delta: number; note: string }>(
      "SELECT delta, note FROM coin_ledger WHERE user_id = ? AND kind = 'admin_adjustment'",
      target.id,
    );
    expect(ledger).toEqual({ delta: 25, note: "goodwill" });
    // the spec's client deducts after a withdrawal approval without a reason: refused (the coins were held already)
    expectError(await rest("PATCH", "/users", w.admin.token, { email: target.email, addcoin: -20 }), 422);
    expect(await balance(target.id)).toBe(35);
    expectError(
      await rest("PATCH", "/users", w.admin.token, { email: target.email, addcoin: -100, reason: "too much" }),
      409,
    );
    expectError(
      await rest("PATCH", "/users", w.admin.token, { email: w.admin.email, addcoin: 5, reason: "self" }),
      403,
    );
    // nobody else can move coins, not even into their own account
    expectError(await rest("PATCH", "/users", target.token, { email: target.email, addcoin: 1000, reason: "me" }), 403);
    expect(await balance(target.id)).toBe(35);
  });

  it("DELETE /users?id= removes a user (admin) -> { deletedCount }; their token stops working", async () => {
    const target = await registerUser("Buyer");
    const a = await rest("DELETE", `/users?id=${target.id}&reason=${q("spam")}`, w.admin.token);
    expect(shape(s.deletedWire, a.body)).toEqual({ deletedCount: 1 });
    expectError(await rest("GET", "/total-payment", target.token), 401);
    expectError(await rest("DELETE", `/users?id=${target.id}`, w.admin.token), 404);
  });

  it("GET /users3 lists live users for admins, optionally by role", async () => {
    const fresh = await registerUser("Buyer");
    const a = await rest("GET", "/users3?role=Buyer&limit=50", w.admin.token);
    expect(a.status).toBe(200);
    const list = shape(v.array(s.userWireSchema), a.body);
    expect(list.every((u) => u.role === "Buyer")).toBe(true);
    expect(list.map((u) => u._id)).toContain(fresh.id);
    expect(list.map((u) => u._id)).not.toContain(w.removed.id);
    expect(Number(a.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(list.length);
    expect(list.length).toBeLessThanOrEqual(50);
    expectError(await rest("GET", "/users3?role=Nobody", w.admin.token), 422);
  });

  it("PATCH /users1 { email, addcoin, reason } (admin only)", async () => {
    const target = await registerUser("Buyer");
    expect(
      (await rest("PATCH", "/users1", w.admin.token, { email: target.email, addcoin: -30, reason: "chargeback" })).body,
    ).toEqual({ modifiedCount: 1 });
    expect(await balance(target.id)).toBe(20);
    expectError(
      await rest("PATCH", "/users1", target.token, { email: target.email, addcoin: 500, reason: "refund" }),
      403,
    );
    expectError(await rest("PATCH", "/users1", w.admin.token, { email: target.email, addcoin: 1.5, reason: "x" }), 422);
    expect(await balance(target.id)).toBe(20);
    expect(await holds([target.id])).toBe(true);
  });
});

describe("public lists", () => {
  it("GET /categories: all nine with their open positions", async () => {
    const before = shape(v.array(s.categoryWireSchema), (await rest("GET", "/categories")).body);
    expect(before.map((c) => c._id)).toEqual([...CATEGORIES]);
    await newTask(w.buyer, { category: "Survey & Feedback", required_workers: 7, payable_amount: 2 });
    const after = shape(v.array(s.categoryWireSchema), (await rest("GET", "/categories")).body);
    const count = (list: typeof before) => list.find((c) => c._id === "Survey & Feedback")!.total_workers;
    expect(count(after)).toBeGreaterThanOrEqual(count(before) + 7);
  });

  it("GET /tasks3: featured tasks, highest pay first", async () => {
    const task = await newTask(w.buyer, { required_workers: 1, payable_amount: 40_000, task_title: "Featured probe" });
    const list = shape(v.array(s.featuredTaskWireSchema), (await rest("GET", "/tasks3")).body);
    expect(list.length).toBeLessThanOrEqual(6);
    const pays = list.map((t) => t.payable_amount);
    expect([...pays].sort((a, b) => b - a)).toEqual(pays);
    if (pays.length < 6 || pays[5] < 40_000) expect(list.map((t) => t._id)).toContain(task.id);
  });

  it("GET /workers: photo, name and coin of the richest workers", async () => {
    const rich = await registerUser("Worker", "Richie Worker");
    await adjustCoins(env, await sessionUser(w.admin.id), rich.id, 9_000_000, "test: top worker");
    const list = shape(v.array(s.publicWorkerWireSchema), (await rest("GET", "/workers")).body);
    expect(list.length).toBeLessThanOrEqual(8);
    const coins = list.map((x) => x.coin);
    expect([...coins].sort((a, b) => b - a)).toEqual(coins);
    expect(list).toContainEqual({ name: "Richie Worker", coin: 9_000_010, photo: null });
  });
});

describe("tasks", () => {
  const body = (over: Record<string, unknown> = {}) => ({
    task_title: "Translate a menu",
    task_detail: "Translate 30 lines from English to Bangla.",
    required_workers: 4,
    payable_amount: 6,
    completion_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    submission_info: "The translated text",
    category: "Translation",
    estimate_minutes: 1,
    ...over,
  });

  it("POST /tasks: 201 with the task; owner and name from the session; the cost escrowed", async () => {
    const before = await balance(w.buyer.id);
    const a = await rest(
      "POST",
      "/tasks",
      w.buyer.token,
      body({ user_email: w.otherBuyer.email, name: "Evil", task_image_url: png() }),
    );
    expect(a.status).toBe(201);
    const task = shape(s.taskWireSchema, a.body);
    expect(task).toMatchObject({
      task_title: "Translate a menu",
      required_workers: 4,
      payable_amount: 6,
      name: "Maya Buyer",
      user_email: w.buyer.email,
    });
    expect(task.task_image_url).toMatch(/^https:\/\/coinwork\.test\/images\/[0-9a-f-]{36}\.png$/);
    expect(await balance(w.buyer.id)).toBe(before - 24);
    expect((await row<{ buyer_id: string }>("SELECT buyer_id FROM tasks WHERE id = ?", task._id))?.buyer_id).toBe(
      w.buyer.id,
    );
    // numbers as strings are accepted, fractions are not
    expect(
      (await rest("POST", "/tasks", w.buyer.token, body({ required_workers: "2", payable_amount: "6" }))).status,
    ).toBe(201);
    const frac = await rest("POST", "/tasks", w.buyer.token, body({ payable_amount: 1.5 }));
    expectError(frac, 422);
    expect((frac.body as { error: { fields: Record<string, string[]> } }).error.fields.payable_amount).toContain(
      "Invalid Input",
    );
    const missing = await rest("POST", "/tasks", w.buyer.token, {});
    expect((missing.body as { error: { fields: Record<string, string[]> } }).error.fields.task_title).toEqual([
      "Task Title is required",
    ]);
  });

  it("POST /tasks over the balance: 409 with the spec's message and how many coins are missing", async () => {
    const poor = await registerUser("Buyer");
    const a = await rest("POST", "/tasks", poor.token, body({ required_workers: 10, payable_amount: 6 }));
    expectError(a, 409, "insufficient_coins");
    expect(a.body).toMatchObject({ error: { message: "Not available Coin.  Purchase Coin", missing: 10 } });
    expect(await balance(poor.id)).toBe(50);
  });

  it("GET /tasks1?email= and ?id=: your own tasks only", async () => {
    const task = await newTask(w.buyer);
    const list = await rest("GET", `/tasks1?email=${q(w.buyer.email)}`, w.buyer.token);
    expect(shape(v.array(s.taskWireSchema), list.body).map((t) => t._id)).toContain(task.id);
    expect(Number(list.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    const one = await rest("GET", `/tasks1?id=${task.id}`, w.buyer.token);
    expect(shape(s.taskWireSchema, one.body)).toMatchObject({ _id: task.id, user_email: w.buyer.email });
    expect((await rest("GET", `/tasks1?id=${task.id}`, w.admin.token)).status).toBe(200);
    expectError(await rest("GET", `/tasks1?id=${task.id}`, w.otherBuyer.token), 403);
    expectError(await rest("GET", `/tasks1?email=${q(w.buyer.email)}`, w.otherBuyer.token), 403);
    expectError(await rest("GET", `/tasks1?id=${crypto.randomUUID()}`, w.buyer.token), 404);
    expectError(await rest("GET", "/tasks1", w.buyer.token), 422);
  });

  it("GET /tasks?email= (own) and GET /tasks (every task, admin)", async () => {
    const task = await newTask(w.otherBuyer);
    expect(
      shape(
        v.array(s.taskWireSchema),
        (await rest("GET", `/tasks?email=${q(w.otherBuyer.email)}`, w.otherBuyer.token)).body,
      ).map((t) => t._id),
    ).toContain(task.id);
    expect(
      shape(
        v.array(s.taskWireSchema),
        (await rest("GET", `/tasks?email=${q(w.otherBuyer.email)}`, w.admin.token)).body,
      ).map((t) => t._id),
    ).toContain(task.id);
    const all = shape(v.array(s.taskWireSchema), (await rest("GET", "/tasks?limit=100", w.admin.token)).body);
    expect(all.find((t) => t._id === task.id)).toMatchObject({
      name: "Omar Otherbuyer",
      user_email: w.otherBuyer.email,
    });
    expectError(await rest("GET", "/tasks", w.otherBuyer.token), 403);
    expectError(await rest("GET", `/tasks?email=${q(w.otherBuyer.email)}`, w.buyer.token), 403);
    expect((await rest("GET", `/tasks?email=${q(uniqueEmail("ghost"))}`, w.admin.token)).body).toEqual([]);
  });

  it("PUT /tasks?id=: the owner updates; the difference is charged or refunded", async () => {
    const task = await newTask(w.buyer, { required_workers: 2, payable_amount: 3 });
    const before = await balance(w.buyer.id);
    const a = await rest(
      "PUT",
      `/tasks?id=${task.id}`,
      w.buyer.token,
      body({ task_title: "Renamed", required_workers: 5, payable_amount: 3, task_detail: "" }),
    );
    expect(a.status).toBe(200);
    expect(shape(s.taskWireSchema, a.body)).toMatchObject({
      task_title: "Renamed",
      required_workers: 5,
      task_detail: task.taskDetail,
    });
    expect(await balance(w.buyer.id)).toBe(before - 9);
    expect(
      (await rest("PUT", `/tasks?id=${task.id}`, w.buyer.token, body({ required_workers: 1, payable_amount: 3 })))
        .status,
    ).toBe(200);
    expect(await balance(w.buyer.id)).toBe(before + 3);
    expectError(await rest("PUT", `/tasks?id=${task.id}`, w.otherBuyer.token, body()), 403);
    expectError(await rest("PUT", `/tasks?id=${task.id}`, w.admin.token, body()), 403);
    const missing = await rest("PUT", `/tasks?id=${task.id}`, w.buyer.token, body({ payable_amount: 0 }));
    expect((missing.body as { error: { fields: Record<string, string[]> } }).error.fields.payable_amount).toEqual([
      "Amount must be greater than 0",
    ]);
  });

  it("DELETE /tasks1?id=: the owner deletes and is refunded; not while submissions wait for review", async () => {
    const task = await newTask(w.buyer, { required_workers: 3, payable_amount: 4 });
    const before = await balance(w.buyer.id);
    expectError(await rest("DELETE", `/tasks1?id=${task.id}`, w.otherBuyer.token), 403);
    expect(shape(s.deletedWire, (await rest("DELETE", `/tasks1?id=${task.id}`, w.buyer.token)).body)).toEqual({
      deletedCount: 1,
    });
    expect(await balance(w.buyer.id)).toBe(before + 12);
    expectError(await rest("DELETE", `/tasks1?id=${task.id}`, w.buyer.token), 404);
    const busy = await newTask(w.buyer);
    await submissionBy(w.worker, busy.id);
    expectError(await rest("DELETE", `/tasks1?id=${busy.id}`, w.buyer.token), 409, "conflict");
  });

  it("DELETE /tasks?id= (admin): pending submissions are cancelled and everything escrowed refunded", async () => {
    const task = await newTask(w.otherBuyer, { required_workers: 3, payable_amount: 5 });
    const sub = await submissionBy(w.worker, task.id);
    const before = await balance(w.otherBuyer.id);
    expectError(await rest("DELETE", `/tasks?id=${task.id}`, w.otherBuyer.token), 403);
    expect((await rest("DELETE", `/tasks?id=${task.id}&reason=${q("off-topic")}`, w.admin.token)).body).toEqual({
      deletedCount: 1,
    });
    expect(await balance(w.otherBuyer.id)).toBe(before + 15);
    expect((await row<{ status: string }>("SELECT status FROM submissions WHERE id = ?", sub.id))?.status).toBe(
      "cancelled",
    );
    expect(
      (
        await row<{ reason: string }>(
          "SELECT reason FROM audit_log WHERE target_id = ? AND action = 'task.delete'",
          task.id,
        )
      )?.reason,
    ).toBe("off-topic");
    expect(await holds(w.ids)).toBe(true);
  });

  it("GET /tasks2: open tasks as a plain array, with search, category, sort and paging; ?id= one task", async () => {
    const token = `zq${crypto.randomUUID().slice(0, 8)}`;
    const cheap = await newTask(w.buyer, { task_title: `Cheap ${token}`, payable_amount: 2, category: "Data Entry" });
    const dear = await newTask(w.buyer, { task_title: `Dear ${token}`, payable_amount: 9, category: "Data Entry" });
    await newTask(w.buyer, { task_title: `Other ${token}`, payable_amount: 5, category: "Creative Design" });
    const plain = await rest("GET", "/tasks2", w.worker.token);
    expect(Array.isArray(plain.body)).toBe(true);
    shape(v.array(s.taskWireSchema), plain.body);
    const found = await rest("GET", `/tasks2?q=${token}&category=${q("Data Entry")}&sort=pay`, w.worker.token);
    expect(shape(v.array(s.taskWireSchema), found.body).map((t) => t._id)).toEqual([dear.id, cheap.id]);
    expect(found.headers.get("X-Total-Count")).toBe("2");
    const page2 = await rest("GET", `/tasks2?q=${token}&sort=pay&limit=2&page=2`, w.worker.token);
    expect((page2.body as { _id: string }[]).map((t) => t._id)).toEqual([cheap.id]);
    expect(page2.headers.get("X-Total-Count")).toBe("3");
    const newest = await rest("GET", `/tasks2?q=${token}`, w.worker.token);
    expect((newest.body as { task_title: string }[]).map((t) => t.task_title)).toEqual([
      `Other ${token}`,
      `Dear ${token}`,
      `Cheap ${token}`,
    ]);
    const one = await rest("GET", `/tasks2?id=${dear.id}`, w.worker.token);
    expect(shape(s.taskWireSchema, one.body)).toMatchObject({
      _id: dear.id,
      name: "Maya Buyer",
      user_email: w.buyer.email,
    });
    // a full task is not available any more
    const full = await newTask(w.buyer, { task_title: `Full ${token}`, required_workers: 1 });
    await submissionBy(w.otherWorker, full.id);
    expect((await rest("GET", `/tasks2?q=${token}`, w.worker.token)).headers.get("X-Total-Count")).toBe("3");
    expectError(await rest("GET", `/tasks2?id=${crypto.randomUUID()}`, w.worker.token), 404);
    expectError(await rest("GET", "/tasks2?sort=cheapest", w.worker.token), 422);
    expectError(await rest("GET", "/tasks2?limit=1000", w.worker.token), 422);
    expectError(await rest("GET", "/tasks2"), 401);
  });
});

describe("submissions", () => {
  it("POST /submission: 201; worker, buyer, title, pay and status are the server's; one slot taken", async () => {
    const task = await newTask(w.buyer, { required_workers: 2, payable_amount: 7, task_title: "Review a café" });
    const image = png();
    const a = await rest("POST", "/submission", w.worker.token, {
      task_id: task.id,
      submission_details: "Posted the review",
      submission_image_url: `${ORIGIN}${image}`,
      task_title: "Forged",
      payable_amount: 9999,
      worker_email: w.otherWorker.email,
      worker_name: "Forged",
      Buyer_email: w.otherBuyer.email,
      status: "approve",
      current_date: "1999-01-01",
    });
    expect(a.status).toBe(201);
    const sub = shape(s.submissionWireSchema, a.body);
    expect(sub).toMatchObject({
      task_id: task.id,
      task_title: "Review a café",
      payable_amount: 7,
      worker_email: w.worker.email,
      worker_name: "Rafi Worker",
      Buyer_name: "Maya Buyer",
      Buyer_email: w.buyer.email,
      Buyer_mail: w.buyer.email,
      submission_details: "Posted the review",
      submission_image_url: `${ORIGIN}${image}`,
      status: "pending",
      reject_reason: null,
    });
    expect(Date.now() - Date.parse(sub.current_date)).toBeLessThan(60_000);
    expect(
      (await row<{ required_workers: number }>("SELECT required_workers FROM tasks WHERE id = ?", task.id))
        ?.required_workers,
    ).toBe(1);
    expectError(
      await rest("POST", "/submission", w.worker.token, { task_id: task.id, submission_details: "Again" }),
      409,
      "conflict",
    );
    expectError(
      await rest("POST", "/submission", w.worker.token, { task_id: crypto.randomUUID(), submission_details: "x" }),
      404,
    );
    expectError(
      await rest("POST", "/submission", w.worker.token, {
        task_id: task.id,
        submission_image_url: "https://evil.example/a.png",
      }),
      422,
    );
    expectError(await rest("POST", "/submission", w.buyer.token, { task_id: task.id }), 403);
  });

  it("GET /submission?email= (worker) and ?Buyer_mail= (buyer): own only", async () => {
    const task = await newTask(w.otherBuyer);
    const sub = await submissionBy(w.otherWorker, task.id);
    const mine = await rest("GET", `/submission?email=${q(w.otherWorker.email)}`, w.otherWorker.token);
    expect(shape(v.array(s.submissionWireSchema), mine.body).map((x) => x._id)).toContain(sub.id);
    const theirs = await rest("GET", `/submission?Buyer_mail=${q(w.otherBuyer.email)}`, w.otherBuyer.token);
    expect(shape(v.array(s.submissionWireSchema), theirs.body).map((x) => x._id)).toContain(sub.id);
    expectError(await rest("GET", `/submission?email=${q(w.otherWorker.email)}`, w.worker.token), 403);
    expectError(await rest("GET", `/submission?Buyer_mail=${q(w.otherBuyer.email)}`, w.buyer.token), 403);
    expectError(await rest("GET", `/submission?Buyer_mail=${q(w.otherWorker.email)}`, w.otherWorker.token), 403);
    expectError(await rest("GET", "/submission", w.worker.token), 422);
  });

  it("GET /submission1?email=&status=pending: the buyer's review queue", async () => {
    const task = await newTask(w.buyer);
    const sub = await submissionBy(w.worker, task.id);
    const a = await rest("GET", `/submission1?email=${q(w.buyer.email)}&status=pending`, w.buyer.token);
    const list = shape(v.array(s.submissionWireSchema), a.body);
    expect(list.map((x) => x._id)).toContain(sub.id);
    expect(list.every((x) => x.status === "pending" && x.Buyer_email === w.buyer.email)).toBe(true);
    expectError(await rest("GET", `/submission1?email=${q(w.buyer.email)}`, w.otherBuyer.token), 403);
  });

  it("PATCH /submission1?status=approve pays the worker from escrow, once; body e-mail and coin are ignored", async () => {
    const task = await newTask(w.buyer, { payable_amount: 11 });
    const sub = await submissionBy(w.worker, task.id);
    const workerBefore = await balance(w.worker.id);
    const buyerBefore = await balance(w.buyer.id);
    expectError(await rest("PATCH", `/submission1?id=${sub.id}&status=approve`, w.otherBuyer.token, {}), 403);
    const a = await rest("PATCH", `/submission1?id=${sub.id}&status=approve`, w.buyer.token, {
      email: w.otherWorker.email,
      coin: 99_999,
    });
    expect(a.status).toBe(200);
    expect(shape(s.modifiedWire, a.body)).toEqual({ modifiedCount: 1 });
    expect(await balance(w.worker.id)).toBe(workerBefore + 11);
    expect(await balance(w.buyer.id)).toBe(buyerBefore);
    expectError(await rest("PATCH", `/submission1?id=${sub.id}&status=approve`, w.buyer.token, {}), 409);
    const list = shape(
      v.array(s.submissionWireSchema),
      (await rest("GET", `/submission2?email=${q(w.worker.email)}`, w.worker.token)).body,
    );
    expect(list.find((x) => x._id === sub.id)?.status).toBe("approve");
    // the other spelling
    const sub2 = await submissionBy(w.otherWorker, task.id);
    expect((await rest("PATCH", `/submission1?id=${sub2.id}&status=approved`, w.buyer.token)).status).toBe(200);
    expectError(await rest("PATCH", `/submission1?id=${sub2.id}&status=maybe`, w.buyer.token), 422);
    expect(await holds(w.ids)).toBe(true);
  });

  it("PATCH /submission1?status=rejected returns the slot and records the reason; body task_id is ignored", async () => {
    const task = await newTask(w.buyer, { required_workers: 1 });
    const decoy = await newTask(w.buyer, { required_workers: 1 });
    const sub = await submissionBy(w.worker, task.id);
    const a = await rest("PATCH", `/submission1?id=${sub.id}&status=rejected`, w.buyer.token, {
      task_id: decoy.id,
      reason: "Blurry screenshot",
    });
    expect(a.body).toEqual({ modifiedCount: 1 });
    const slots = async (id: string) =>
      (await row<{ required_workers: number }>("SELECT required_workers FROM tasks WHERE id = ?", id))
        ?.required_workers;
    expect(await slots(task.id)).toBe(1);
    expect(await slots(decoy.id)).toBe(1);
    const mine = shape(
      v.array(s.submissionWireSchema),
      (await rest("GET", `/submission?email=${q(w.worker.email)}&status=rejected`, w.worker.token)).body,
    );
    expect(mine.find((x) => x._id === sub.id)).toMatchObject({
      status: "rejected",
      reject_reason: "Blurry screenshot",
    });
  });

  it("GET /submission2?workermail=&status=: your submissions by status", async () => {
    const task = await newTask(w.otherBuyer);
    const pending = await submissionBy(w.otherWorker, task.id);
    const a = await rest(
      "GET",
      `/submission2?workermail=${q(w.otherWorker.email)}&status=pending`,
      w.otherWorker.token,
    );
    const list = shape(v.array(s.submissionWireSchema), a.body);
    expect(list.map((x) => x._id)).toContain(pending.id);
    expect(list.every((x) => x.status === "pending" && x.worker_email === w.otherWorker.email)).toBe(true);
    const approved = shape(
      v.array(s.submissionWireSchema),
      (await rest("GET", `/submission2?workermail=${q(w.otherWorker.email)}&status=approve`, w.otherWorker.token)).body,
    );
    expect(approved.every((x) => x.status === "approve")).toBe(true);
    expectError(
      await rest("GET", `/submission2?workermail=${q(w.otherWorker.email)}&status=pending`, w.worker.token),
      403,
    );
    expectError(await rest("GET", "/submission2", w.worker.token), 422);
  });
});

describe("withdrawals", () => {
  it("POST /withdraw: 201; the dollar amount is the server's; the coins are held", async () => {
    const before = await balance(w.worker.id);
    const a = await rest("POST", "/withdraw", w.worker.token, {
      withdrawal_coin: 250,
      withdrawal_amount: 9999,
      payment_system: "Nagad",
      account_number: "01811111111",
      worker_email: w.otherWorker.email,
      status: "approved",
    });
    expect(a.status).toBe(201);
    expect(shape(s.withdrawalWireSchema, a.body)).toMatchObject({
      worker_email: w.worker.email,
      worker_name: "Rafi Worker",
      withdrawal_coin: 250,
      withdrawal_amount: 12.5,
      payment_system: "Nagad",
      account_number: "01811111111",
      status: "pending",
    });
    expect(await balance(w.worker.id)).toBe(before - 250);
    expectError(
      await rest("POST", "/withdraw", w.worker.token, {
        withdrawal_coin: 199,
        payment_system: "Bkash",
        account_number: "01811111111",
      }),
      422,
    );
    const poor = await registerUser("Worker");
    const over = await rest("POST", "/withdraw", poor.token, {
      withdrawal_coin: 200,
      payment_system: "Bkash",
      account_number: "01811111111",
    });
    expectError(over, 409, "insufficient_coins");
    expectError(
      await rest("POST", "/withdraw", w.worker.token, {
        withdrawal_coin: 200,
        payment_system: "PayPal",
        account_number: "01811111111",
      }),
      422,
    );
    expectError(
      await rest("POST", "/withdraw", w.buyer.token, {
        withdrawal_coin: 200,
        payment_system: "Bkash",
        account_number: "01811111111",
      }),
      403,
    );
  });

  it("POST /withdraw checks the account per payment system, as the page does, with the original client's fields", async () => {
    const before = await balance(w.worker.id);
    // the original client sends account_number and payment_system only: a wallet number must be one
    const wrong = await rest("POST", "/withdraw", w.worker.token, {
      withdrawal_coin: 200,
      payment_system: "Bkash",
      account_number: "abc",
    });
    expectError(wrong, 422, "validation_failed");
    expect(wrong.body.error.fields).toEqual({ account_number: ["Enter the 11-digit Bkash number, starting 01"] });
    // a bank payout without the bank and its branch is refused the same way
    const bank = await rest("POST", "/withdraw", w.worker.token, {
      withdrawal_coin: 200,
      payment_system: "Bank",
      account_number: "1234567890",
    });
    expectError(bank, 422, "validation_failed");
    expect(bank.body.error.fields).toEqual({
      bank_name: ["Bank name is required"],
      bank_branch: ["Branch or routing number is required"],
    });
    expect(await balance(w.worker.id)).toBe(before);
    // with them it is stored, and read back with them
    const ok = await rest("POST", "/withdraw", w.worker.token, {
      withdrawal_coin: 200,
      payment_system: "Bank",
      account_number: "1234 5678 90",
      bank_name: "Dutch-Bangla Bank",
      bank_branch: "Gulshan branch",
    });
    expect(ok.status).toBe(201);
    expect(shape(s.withdrawalWireSchema, ok.body)).toMatchObject({
      payment_system: "Bank",
      account_number: "1234567890",
      bank_name: "Dutch-Bangla Bank",
      bank_branch: "Gulshan branch",
    });
    expect(await balance(w.worker.id)).toBe(before - 200);
  });

  it("GET /withdraw?email= (own) and GET /withdraw (all, admin)", async () => {
    const wd = await newWithdrawal(w.otherWorker, 300);
    const own = shape(
      v.array(s.withdrawalWireSchema),
      (await rest("GET", `/withdraw?email=${q(w.otherWorker.email)}`, w.otherWorker.token)).body,
    );
    expect(own.map((x) => x._id)).toContain(wd.id);
    expect(own.every((x) => x.worker_email === w.otherWorker.email)).toBe(true);
    const all = shape(
      v.array(s.withdrawalWireSchema),
      (await rest("GET", "/withdraw?status=pending", w.admin.token)).body,
    );
    expect(all.find((x) => x._id === wd.id)).toMatchObject({ withdrawal_amount: 15, status: "pending" });
    expect(all.every((x) => x.status === "pending")).toBe(true);
    expect(
      shape(
        v.array(s.withdrawalWireSchema),
        (await rest("GET", `/withdraw?email=${q(w.otherWorker.email)}`, w.admin.token)).body,
      ).map((x) => x._id),
    ).toContain(wd.id);
    expectError(await rest("GET", `/withdraw?email=${q(w.otherWorker.email)}`, w.worker.token), 403);
    // without email= a worker reads their own requests, never everyone's
    const plain = shape(v.array(s.withdrawalWireSchema), (await rest("GET", "/withdraw", w.otherWorker.token)).body);
    expect(plain.map((x) => x._id)).toContain(wd.id);
    expect(plain.every((x) => x.worker_email === w.otherWorker.email)).toBe(true);
    expectError(await rest("GET", "/withdraw", w.buyer.token), 403);
  });

  it("PATCH /withdraw?id= approves (admin), once; status=rejected with a reason returns the coins", async () => {
    const wd = await newWithdrawal(w.worker, 200);
    expectError(await rest("PATCH", `/withdraw?id=${wd.id}`, w.worker.token), 403);
    expect((await rest("PATCH", `/withdraw?id=${wd.id}`, w.admin.token)).body).toEqual({ modifiedCount: 1 });
    expect((await row<{ status: string }>("SELECT status FROM withdrawals WHERE id = ?", wd.id))?.status).toBe(
      "approved",
    );
    expectError(await rest("PATCH", `/withdraw?id=${wd.id}`, w.admin.token), 409);
    const wd2 = await newWithdrawal(w.worker, 220);
    const before = await balance(w.worker.id);
    expectError(await rest("PATCH", `/withdraw?id=${wd2.id}&status=rejected`, w.admin.token), 422);
    expect(
      (await rest("PATCH", `/withdraw?id=${wd2.id}&status=rejected`, w.admin.token, { reason: "Wrong account number" }))
        .body,
    ).toEqual({ modifiedCount: 1 });
    expect(await balance(w.worker.id)).toBe(before + 220);
    const own = shape(
      v.array(s.withdrawalWireSchema),
      (await rest("GET", `/withdraw?email=${q(w.worker.email)}&status=rejected`, w.worker.token)).body,
    );
    expect(own.find((x) => x._id === wd2.id)?.reject_reason).toBe("Wrong account number");
    expectError(await rest("PATCH", `/withdraw?id=${crypto.randomUUID()}`, w.admin.token), 404);
    expect(await holds(w.ids)).toBe(true);
  });
});

describe("purchases", () => {
  it("POST /create-payment-intent: the package's price, whatever the client says", async () => {
    const a = await rest("POST", "/create-payment-intent", w.buyer.token, { coins: 150, price: 0.01 });
    expect(shape(s.paymentIntentWireSchema, a.body)).toMatchObject({ coins: 150, price: 10, mode: "test" });
    expect((a.body as { clientSecret: string }).clientSecret).toContain("_secret_");
    expectError(await rest("POST", "/create-payment-intent", w.buyer.token, { coins: 151 }), 422);
    expectError(await rest("POST", "/create-payment-intent", w.worker.token, { coins: 150 }), 403);
  });

  it("POST /orders: credits a succeeded payment once (201, then 200); only your own; not before it succeeds", async () => {
    const buyer = await registerUser("Buyer");
    const intent = (
      await rest<{ clientSecret: string; paymentId: string }>("POST", "/create-payment-intent", buyer.token, {
        coins: 500,
      })
    ).body;
    const unpaid = await rest("POST", "/orders", buyer.token, { payment_id: intent.paymentId });
    expectError(unpaid, 402, "payment_failed");
    const card = await rest("POST", "/test-payments/confirm", buyer.token, {
      clientSecret: intent.clientSecret,
      number: "4242 4242 4242 4242",
      exp: "12/34",
      cvc: "123",
    });
    expect(card.status).toBe(200);
    expectError(await rest("POST", "/orders", w.otherBuyer.token, { payment_id: intent.paymentId }), 403);
    const a = await rest("POST", "/orders", buyer.token, {
      payment_id: intent.paymentId,
      coinamount: 99_999,
      price: 0.01,
      user_email: w.otherBuyer.email,
    });
    expect(a.status).toBe(201);
    const order = shape(s.orderWireSchema, a.body);
    expect(order).toMatchObject({ coinamount: 500, price: 20, payment_id: intent.paymentId, user_email: buyer.email });
    expect(await balance(buyer.id)).toBe(550);
    const again = await rest("POST", "/orders", buyer.token, { payment_id: intent.paymentId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(order);
    expect(await balance(buyer.id)).toBe(550);
    expectError(await rest("POST", "/orders", buyer.token, { payment_id: "pi_test_doesnotexist" }), 404);
    expect(await holds([buyer.id])).toBe(true);
  });

  it("GET /orders1?email=: your purchases", async () => {
    const buyer = await registerUser("Buyer");
    const intent = await newPayment(buyer, 150);
    const credited = await rest("POST", "/orders", buyer.token, { payment_id: intent.paymentId });
    expect(credited.status, JSON.stringify(credited.body)).toBe(201);
    const a = await rest("GET", `/orders1?email=${q(buyer.email)}`, buyer.token);
    const list = shape(v.array(s.orderWireSchema), a.body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      coinamount: 150,
      price: 10,
      user_email: buyer.email,
      payment_id: intent.paymentId,
    });
    expect(a.headers.get("X-Total-Count")).toBe("1");
    expectError(await rest("GET", `/orders1?email=${q(buyer.email)}`, w.buyer.token), 403);
  });
});

describe("figures and preferences", () => {
  it("GET /total-required-workers, /total-payment, /total-payed: the buyer's own figures", async () => {
    const buyer = await registerUser("Buyer");
    const paid = await rest("POST", "/orders", buyer.token, { payment_id: (await newPayment(buyer, 1000)).paymentId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const t1 = await newTask(buyer, { required_workers: 4, payable_amount: 10 });
    await newTask(buyer, { required_workers: 2, payable_amount: 5 });
    const sub = await submissionBy(w.worker, t1.id);
    await rest("PATCH", `/submission1?id=${sub.id}&status=approve`, buyer.token);
    expect(
      shape(
        s.totalRequiredWorkersWire,
        (await rest("GET", `/total-required-workers?email=${q(buyer.email)}`, buyer.token)).body,
      ),
    ).toEqual({ totalRequiredWorkers: 5 });
    expect(
      shape(s.totalPaymentWire, (await rest("GET", `/total-payment?email=${q(buyer.email)}`, buyer.token)).body),
    ).toEqual({ totalPayment: 35 });
    expect(
      shape(s.totalPayedWire, (await rest("GET", `/total-payed?email=${q(buyer.email)}`, buyer.token)).body),
    ).toEqual({ totalPayed: 10 });
    expect((await rest("GET", "/total-payed", buyer.token)).body).toEqual({ totalPayed: 10 });
    expectError(await rest("GET", `/total-payment?email=${q(buyer.email)}`, w.buyer.token), 403);
  });

  it("GET and POST /user-preference: your items per page (3, 5 or 10)", async () => {
    const u = await registerUser("Worker");
    expect(
      shape(s.itemsPerPageWire, (await rest("GET", `/user-preference?email=${q(u.email)}`, u.token)).body),
    ).toEqual({ itemsPerPage: 3 });
    expect((await rest("POST", "/user-preference", u.token, { email: u.email, itemsPerPage: 5 })).body).toEqual({
      itemsPerPage: 5,
    });
    expect((await rest("GET", "/user-preference", u.token)).body).toEqual({ itemsPerPage: 5 });
    expectError(await rest("POST", "/user-preference", u.token, { email: u.email, itemsPerPage: 4 }), 422);
    expectError(await rest("POST", "/user-preference", u.token, { email: w.worker.email, itemsPerPage: 10 }), 403);
    expect((await rest("GET", "/user-preference", u.token)).body).toEqual({ itemsPerPage: 5 });
  });

  it("GET /totalcoins and /totaldollars: bare numbers for admins", async () => {
    const coins = await rest("GET", "/totalcoins", w.admin.token);
    expect(typeof coins.body).toBe("number");
    expect(Number.isInteger(coins.body)).toBe(true);
    expect(coins.body as number).toBeGreaterThanOrEqual(await balance(w.buyer.id));
    const before = (await rest<number>("GET", "/totaldollars", w.admin.token)).body;
    expect(typeof before).toBe("number");
    const buyer = await registerUser("Buyer");
    expect(
      (await rest("POST", "/orders", buyer.token, { payment_id: (await newPayment(buyer, 150)).paymentId })).status,
    ).toBe(201);
    expect((await rest<number>("GET", "/totaldollars", w.admin.token)).body).toBeGreaterThanOrEqual(before + 10);
    expectError(await rest("GET", "/totalcoins", w.buyer.token), 403);
    expectError(await rest("GET", "/totaldollars"), 401);
  });
});

describe("sign-in and images", () => {
  it("POST /auth/login answers { token, user } and the token works as Bearer on the REST routes", async () => {
    const u = await registerUser("Worker");
    const a = await call("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.7.${Math.floor(Math.random() * 250)}.1` },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(a.status).toBe(200);
    const body = (await a.json()) as { token: string; user: { id: string; role: string } };
    expect(body.user).toMatchObject({ id: u.id, role: "Worker" });
    expect((await rest("GET", "/user-preference", body.token)).status).toBe(200);
  });

  it("POST /images answers the image host's shape; GET /images/:key serves it with long-lived caching", async () => {
    const form = new FormData();
    form.append("image", pngFile("a.png"));
    const up = await call("/images", {
      method: "POST",
      body: form,
      headers: { "CF-Connecting-IP": `10.8.${Math.floor(Math.random() * 250)}.1` },
    });
    expect(up.status).toBe(201);
    const { data } = (await up.json()) as { data: { url: string; display_url: string } };
    expect(data.url).toMatch(/^https:\/\/coinwork\.test\/images\/[0-9a-f-]{36}\.png$/);
    expect(data.display_url).toBe(data.url);
    const img = await call(new URL(data.url).pathname);
    expect(img.status).toBe(200);
    expect(img.headers.get("Content-Type")).toBe("image/png");
    expect(img.headers.get("Cache-Control")).toContain("immutable");
    await img.arrayBuffer();
    // the uploaded address is what task and submission bodies accept
    expect(
      (
        await rest("POST", "/tasks", w.buyer.token, {
          ...{
            task_title: "With image",
            task_detail: "d",
            required_workers: 1,
            payable_amount: 2,
            submission_info: "s",
            category: "Data Entry",
            estimate_minutes: 1,
          },
          completion_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
          task_image_url: data.url,
        })
      ).status,
    ).toBe(201);
    expectError(await rest("GET", `/images/${crypto.randomUUID()}.png`), 404, "not_found");
  });
});

describe("the API as a whole", () => {
  const apiRoutePaths = () => API_ROUTES.map((r) => r.path.replace(/:(\w+)/g, "{$1}"));

  it("documents every API route of the route config in /openapi.json, and nothing else", async () => {
    const doc = (
      await rest<{ openapi: string; paths: Record<string, Record<string, unknown>> }>("GET", "/openapi.json")
    ).body;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(apiRoutePaths())].sort());
    // the body of POST /tasks is the add-task schema, with its rules
    const post = doc.paths["/tasks"].post as {
      requestBody: {
        content: {
          "application/json": { schema: { required: string[]; properties: Record<string, { minimum?: number }> } };
        };
      };
    };
    const schema = post.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(
      expect.arrayContaining(["task_title", "required_workers", "payable_amount", "completion_date", "category"]),
    );
    expect(schema.properties.payable_amount.minimum).toBe(1);
    const get = doc.paths["/tasks2"].get as { parameters: { name: string }[] };
    expect(get.parameters.map((p) => p.name).sort()).toEqual([
      "category",
      "id",
      "limit",
      "min_approval",
      "min_hourly",
      "page",
      "q",
      "sort",
    ]);
    // operation ids are unique and every $ref points at a component that exists
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p)) as {
      operationId: string;
      responses: Record<string, unknown>;
    }[];
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    expect(ops.length).toBe(endpoints.length);
    for (const o of ops) expect(Object.keys(o.responses).length, o.operationId).toBeGreaterThan(1);
    const components = (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const ref of JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? [])
      expect(components[ref.split("/").pop()!], ref).toBeDefined();
  });

  it("shows each documented answer in the shape its entry declares", () => {
    const wrong = endpoints.flatMap((e) =>
      e.responses
        .filter((r) => r.schema && !v.safeParse(r.list ? v.array(r.schema) : r.schema, r.example).success)
        .map((r) => `${e.method} ${e.path} ${r.status} ${r.description}`),
    );
    expect(wrong).toEqual([]);
  });

  it("answers 405 with Allow for every method the documentation does not list", async () => {
    for (const path of new Set(endpoints.map((e) => e.path))) {
      const documented = endpoints.filter((e) => e.path === path).map((e) => e.method);
      const concrete = path.replace("{key}", `${crypto.randomUUID()}.png`);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !documented.includes(m as never))) {
        const res = await call(concrete, {
          method,
          headers: { "Content-Type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("Allow"), `${method} ${path}`).toBeTruthy();
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
      }
    }
  });

  it("refuses bodies that are not JSON objects: 415, 400, 413", async () => {
    const send = (body: string, type = "application/json") =>
      call("/user-preference", {
        method: "POST",
        headers: { "Content-Type": type, Authorization: `Bearer ${w.worker.token}` },
        body,
      });
    expect((await send(JSON.stringify({ itemsPerPage: 5 }), "text/plain")).status).toBe(415);
    expect((await send("itemsPerPage=5", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await send("{itemsPerPage: 5")).status).toBe(400);
    expect((await send("[5]")).status).toBe(400);
    expect((await send("null")).status).toBe(400);
    expect((await send(JSON.stringify({ itemsPerPage: 5, pad: "x".repeat(70_000) }))).status).toBe(413);
    expect((await rest("GET", "/user-preference", w.worker.token)).body).toEqual({ itemsPerPage: 3 });
  });

  it("CORS: none by default; preflights answered; configured origins get the headers", async () => {
    const pre = await call("/tasks", {
      method: "OPTIONS",
      headers: { Origin: "https://client.example", "Access-Control-Request-Method": "POST" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const get = await call("/categories", { headers: { Origin: "https://client.example" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("Access-Control-Allow-Origin")).toBeNull();

    const configured = { CORS_ORIGINS: "https://client.example, https://admin.example/" };
    const preflight = new Request(`${ORIGIN}/tasks`, {
      method: "OPTIONS",
      headers: { Origin: "https://admin.example", "Access-Control-Request-Method": "PATCH" },
    });
    const p = corsResponse(configured, preflight, null);
    expect(p.status).toBe(204);
    expect(p.headers.get("Access-Control-Allow-Origin")).toBe("https://admin.example");
    expect(p.headers.get("Access-Control-Allow-Methods")).toContain("PATCH");
    expect(p.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(p.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    const r = corsResponse(
      configured,
      new Request(`${ORIGIN}/tasks2`, { headers: { Origin: "https://client.example" } }),
      new Response("[]"),
    );
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("https://client.example");
    expect(r.headers.get("Access-Control-Expose-Headers")).toContain("X-Total-Count");
    expect(r.headers.get("Vary")).toContain("Origin");
    const stranger = corsResponse(
      configured,
      new Request(`${ORIGIN}/tasks2`, { headers: { Origin: "https://evil.example" } }),
      new Response("[]"),
    );
    expect(stranger.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("/api-docs lists every endpoint with its method, access and an example", async () => {
    const res = await call("/api-docs");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const e of endpoints) expect(html, `${e.method} ${e.path}`).toContain(`>${e.path}</code>`);
    expect(html).toContain("Who may call it");
    expect(html).toContain("Not available Coin.  Purchase Coin");
  });
});
