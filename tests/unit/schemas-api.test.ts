// The REST API's schemas (app/lib/schemas/api.ts): query strings and JSON bodies with their messages, the fields
// the server ignores, and the answers' wire shapes that /openapi.json documents and the contract tests check.
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { withdrawalCents } from "~/lib/coins";
import {
  INVALID_ID,
  MAX_PAGE_SIZE,
  addCoinBody,
  id,
  ordersBody,
  paging,
  paymentIntentBody,
  preferenceBody,
  reviewBody,
  reviewQuery,
  submissionQuery,
  tasks1Query,
  tasks2Query,
  testCardBody,
  userWireSchema,
  usersPostBody,
  usersQuery,
  withdrawPatchQuery,
  withdrawQuery,
  withdrawRejectBody,
  withdrawalWireSchema,
} from "~/lib/schemas/api";

const messages = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.map((i) => i.message) ?? [];
const firstMessage = (schema: v.GenericSchema, input: unknown) => messages(schema, input)[0];

describe("ids and paging", () => {
  it("an id is letters, digits, _ and -, at most 64", () => {
    expect(v.parse(id(), " seed-task-01 ")).toBe("seed-task-01");
    expect(firstMessage(id(), "")).toBe("id is required");
    expect(firstMessage(id("task_id"), undefined)).toBe("task_id is required");
    for (const bad of ["a b", "../x", "x'; DROP TABLE users", "é", "x".repeat(65)])
      expect(messages(id(), bad), bad).toContain(INVALID_ID);
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (s) => v.parse(id(), s) === s));
  });

  it("page from 1 and limit from 1 to 100, as query-string digits", () => {
    const q = v.object(paging);
    expect(v.parse(q, { page: "2", limit: "100" })).toEqual({ page: 2, limit: 100 });
    expect(v.parse(q, {})).toEqual({});
    expect(firstMessage(q, { page: "0" })).toBe("page must be a whole number from 1");
    expect(firstMessage(q, { page: "-1" })).toBe("page must be a whole number from 1");
    expect(firstMessage(q, { page: "1e3" })).toBe("page must be a whole number from 1");
    expect(firstMessage(q, { limit: "101" })).toBe(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    expect(firstMessage(q, { limit: "0" })).toBe("limit must be a whole number from 1 to 100");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 100 }), (page, limit) => {
        expect(v.parse(q, { page: String(page), limit: String(limit) })).toEqual({ page, limit });
      }),
    );
  });
});

describe("query strings that need one of two keys", () => {
  it("GET /users: email= or role=Worker", () => {
    expect(v.parse(usersQuery, { role: "Worker" })).toEqual({ role: "Worker" });
    expect(v.parse(usersQuery, { email: "A@B.co" })).toEqual({ email: "a@b.co" });
    expect(firstMessage(usersQuery, {})).toBe("Give email= or role=Worker");
    expect(firstMessage(usersQuery, { role: "Buyer" })).toBe("Only role=Worker can be listed here; admins use /users3");
  });

  it("GET /tasks1, /submission: each names its own pair", () => {
    expect(firstMessage(tasks1Query, {})).toBe("Give email= or id=");
    expect(v.parse(tasks1Query, { id: "t1", page: "2" })).toEqual({ id: "t1", page: 2 });
    expect(firstMessage(submissionQuery, { status: "pending" })).toBe("Give email= or Buyer_mail=");
    expect(v.parse(submissionQuery, { Buyer_mail: "b@x.io", status: "approve" })).toEqual({
      Buyer_mail: "b@x.io",
      status: "approve",
    });
    expect(firstMessage(submissionQuery, { email: "w@x.io", status: "done" })).toBe(
      "status must be pending, approve (or approved), rejected or cancelled",
    );
  });
});

describe("open tasks (GET /tasks2)", () => {
  it("filters by search, category and sort, with a message for each wrong value", () => {
    expect(v.parse(tasks2Query, { q: " logo ", category: "Creative Design", sort: "pay" })).toEqual({
      q: "logo",
      category: "Creative Design",
      sort: "pay",
    });
    expect(firstMessage(tasks2Query, { category: "Gardening" })).toBe("Unknown category");
    expect(firstMessage(tasks2Query, { sort: "cheapest" })).toBe("sort must be newest, pay, rate or deadline");
    // pay per hour and the buyer's approval rate (docs/product/pay-per-hour.md, buyer-reputation.md)
    expect(v.parse(tasks2Query, { sort: "rate", min_hourly: "9", min_approval: "90" })).toEqual({
      sort: "rate",
      min_hourly: 9,
      min_approval: 90,
    });
    expect(firstMessage(tasks2Query, { min_hourly: "0" })).toBe("min_hourly is whole dollars from 1 to 1,000");
    expect(firstMessage(tasks2Query, { min_approval: "101" })).toBe("At most 100");
    expect(firstMessage(tasks2Query, { q: "x".repeat(101) })).toBe("q is at most 100 characters");
    for (const category of CATEGORIES) expect(v.parse(tasks2Query, { category }).category).toBe(category);
  });
});

describe("reviews and withdrawals", () => {
  it("PATCH /submission1: approve, approved or rejected; the body's worker, coins and task are ignored", () => {
    for (const status of ["approve", "approved", "rejected"])
      expect(v.parse(reviewQuery, { id: "s1", status })).toEqual({ id: "s1", status });
    expect(firstMessage(reviewQuery, { id: "s1", status: "pending" })).toBe(
      "status must be approve (or approved) or rejected",
    );
    const body = v.parse(reviewBody, { reason: " blurry ", email: "me@x.io", coin: 1_000_000, task_id: "other" });
    expect(body.reason).toBe("blurry");
  });

  it("withdrawals: status filters, a rejection needs a reason", () => {
    expect(firstMessage(withdrawQuery, { status: "paid" })).toBe(
      "status must be pending, approved, rejected or cancelled",
    );
    expect(firstMessage(withdrawPatchQuery, { id: "w1", status: "paid" })).toBe("status must be approved or rejected");
    expect(firstMessage(withdrawRejectBody, { reason: " " })).toBe("A reason is required");
  });
});

describe("bodies whose money the server decides", () => {
  it("POST /create-payment-intent: a package from the price list; the client's price is ignored", () => {
    expect(v.parse(paymentIntentBody, { coins: 150, price: 0.01 }).coins).toBe(150);
    expect(firstMessage(paymentIntentBody, { coins: 151 })).toBe("Unknown coin package");
  });

  it("PATCH /users { email, addcoin, reason }: a recorded, non-zero adjustment", () => {
    expect(v.parse(addCoinBody, { email: " W@X.io", addcoin: "-5", reason: "fix" })).toEqual({
      email: "w@x.io",
      addcoin: -5,
      reason: "fix",
    });
    expect(firstMessage(addCoinBody, { email: "w@x.io", addcoin: 0, reason: "fix" })).toBe("addcoin cannot be 0");
    expect(firstMessage(addCoinBody, { email: "w@x.io", addcoin: 5, reason: "" })).toBe("A reason is required");
  });

  it("POST /users: only the e-mail is read; role, coin, name and photo are the server's", () => {
    const body = v.parse(usersPostBody, { email: "Me@X.io", role: "Admin", coin: 1e9, name: "x", photo: "y" });
    expect(body.email).toBe("me@x.io");
  });

  it("POST /orders and the test card step: bounded strings", () => {
    expect(v.parse(ordersBody, { payment_id: " pi_test_123 " })).toEqual({ payment_id: "pi_test_123" });
    // the REST layer gives every declared key (undefined when missing) so that each gets its own message
    expect(firstMessage(ordersBody, { payment_id: undefined })).toBe("payment_id is required");
    expect(firstMessage(ordersBody, { payment_id: "pi test" })).toBe("Invalid payment_id");
    expect(firstMessage(testCardBody, { clientSecret: "s", number: undefined, exp: "12/34", cvc: "123" })).toBe(
      "Your card number is incomplete.",
    );
    expect(firstMessage(testCardBody, { clientSecret: "s", number: "4242", exp: undefined, cvc: "123" })).toBe(
      "Your card's expiration date is incomplete.",
    );
    expect(firstMessage(testCardBody, { clientSecret: "s", number: "4242", exp: "12/34", cvc: undefined })).toBe(
      "Your card's security code is incomplete.",
    );
  });

  it("items per page: 3, 5 or 10", () => {
    for (const n of [3, 5, 10]) expect(v.parse(preferenceBody, { itemsPerPage: String(n) }).itemsPerPage).toBe(n);
    for (const n of [0, 4, 6, 9])
      expect(firstMessage(preferenceBody, { itemsPerPage: n }), String(n)).toBe("Items per page must be 3, 5 or 10");
    expect(firstMessage(preferenceBody, { itemsPerPage: 11 })).toBe("At most 10");
  });
});

describe("wire shapes", () => {
  const withdrawal = (coins: number) => ({
    _id: "w1",
    worker_email: "w@x.io",
    worker_name: "W",
    withdrawal_coin: coins,
    withdrawal_amount: withdrawalCents(coins) / 100,
    payment_system: "Bkash",
    account_number: "01712345678",
    bank_name: null,
    bank_branch: null,
    withdraw_date: "2026-06-15T12:00:00.000Z",
    status: "pending",
    reject_reason: null,
    payout_reference: null,
  });

  it("a withdrawal's dollars are coins / 20 with at most two decimals, for every amount from 200", () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 100_000_000 }), (coins) => v.is(withdrawalWireSchema, withdrawal(coins))),
    );
    expect(messages(withdrawalWireSchema, { ...withdrawal(200), withdrawal_amount: 10.005 })).toEqual([
      "at most two decimals",
    ]);
    expect(v.is(withdrawalWireSchema, withdrawal(199))).toBe(false);
  });

  it("answers are strict: no field more or less", () => {
    const user = { _id: "u1", name: "Ada", email: "a@x.io", role: "Worker", coin: 10, photo: null };
    expect(v.is(userWireSchema, user)).toBe(true);
    expect(v.is(userWireSchema, { ...user, password_hash: "x" })).toBe(false);
    const { photo: _photo, ...withoutPhoto } = user;
    expect(v.is(userWireSchema, withoutPhoto)).toBe(false);
    expect(v.is(userWireSchema, { ...user, coin: 1.5 })).toBe(false);
  });
});
