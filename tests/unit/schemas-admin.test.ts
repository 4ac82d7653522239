// The admin screens' schemas (app/lib/schemas/admin.ts): the actions their forms post (each intent with its own
// fields and messages) and the list pages' query strings, which never fail a page.
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ROLES } from "~/lib/roles";
import {
  ADJUST_AMOUNT_REQUIRED,
  ADJUST_AMOUNT_ZERO,
  AUDIT_ACTIONS,
  REASON_REQUIRED,
  auditListQuery,
  messageActionSchema,
  messageListQuery,
  taskActionSchema,
  taskListQuery,
  userActionSchema,
  userListQuery,
  adminHomeActionSchema,
  TAKA_RATE_INVALID,
} from "~/lib/schemas/admin";
import { afterParam, keysetWords, pageQuery, readSearch } from "~/lib/schemas/paging";
import { PAYOUT_REFERENCE_REQUIRED } from "~/lib/schemas/fields";
import { formErrors, formValue } from "./forms";

describe("Admin Home: withdrawal decisions and the taka rate", () => {
  it("approve needs the id and the payout's reference; reject needs a reason", () => {
    expect(formValue(adminHomeActionSchema, { intent: "approve", id: "w1", payout_reference: " 9KX4TQ2ZP1 " })).toEqual(
      {
        intent: "approve",
        id: "w1",
        payout_reference: "9KX4TQ2ZP1",
      },
    );
    expect(formErrors(adminHomeActionSchema, { intent: "approve", id: "w1", payout_reference: "  " })).toEqual({
      payout_reference: PAYOUT_REFERENCE_REQUIRED,
    });
    expect(
      formErrors(adminHomeActionSchema, { intent: "approve", id: "w1", payout_reference: "x".repeat(65) }),
    ).toEqual({ payout_reference: "At most 64 characters" });
    expect(formErrors(adminHomeActionSchema, { intent: "approve", id: "", payout_reference: "T1" })).toEqual({
      id: "Missing id",
    });
    expect(formErrors(adminHomeActionSchema, { intent: "reject", id: "w1", reason: "  " })).toEqual({
      reason: REASON_REQUIRED,
    });
    expect(formValue(adminHomeActionSchema, { intent: "reject", id: "w1", reason: " Wrong name " })).toEqual({
      intent: "reject",
      id: "w1",
      reason: "Wrong name",
    });
  });

  it("reads the taka rate as taka per dollar with at most two decimals, in hundredths", () => {
    expect(formValue(adminHomeActionSchema, { intent: "taka_rate", taka_per_dollar: " 121.5 " })).toEqual({
      intent: "taka_rate",
      taka_per_dollar: 12150,
    });
    expect(formValue(adminHomeActionSchema, { intent: "taka_rate", taka_per_dollar: "110" })).toEqual({
      intent: "taka_rate",
      taka_per_dollar: 11000,
    });
    for (const typed of ["", "0", "0.00", "-5", "12.345", "1e3", "abc", "1234567"]) {
      expect(formErrors(adminHomeActionSchema, { intent: "taka_rate", taka_per_dollar: typed })).toEqual({
        taka_per_dollar: TAKA_RATE_INVALID,
      });
    }
  });

  it("refuses an intent it does not know", () => {
    expect(Object.keys(formErrors(adminHomeActionSchema, { intent: "pay", id: "w1" }))).toEqual(["intent"]);
  });
});

describe("Manage Tasks and Messages", () => {
  it("delete takes an optional reason", () => {
    expect(formValue(taskActionSchema, { intent: "delete", id: "t1", reason: "" })).toEqual({
      intent: "delete",
      id: "t1",
      reason: "",
    });
    expect(formErrors(taskActionSchema, { intent: "delete", id: "t1", reason: "x".repeat(501) })).toEqual({
      reason: "At most 500 characters",
    });
  });

  it("a message is marked read or unread by id", () => {
    for (const intent of ["read", "unread"])
      expect(formValue(messageActionSchema, { intent, id: "m1" })).toEqual({ intent, id: "m1" });
    expect(formErrors(messageActionSchema, { intent: "read", id: " " })).toEqual({ id: "Missing id" });
  });
});

describe("Manage Users", () => {
  it("role: one of the three roles", () => {
    for (const role of ROLES)
      expect(formValue(userActionSchema, { intent: "role", id: "u1", role })).toMatchObject({ role });
    expect(formErrors(userActionSchema, { intent: "role", id: "u1", role: "Owner" })).toEqual({
      role: "Select a role",
    });
  });

  it("remove: the reason is optional", () => {
    expect(formValue(userActionSchema, { intent: "remove", id: "u1", reason: "" })).toEqual({
      intent: "remove",
      id: "u1",
      reason: "",
    });
  });

  it("adjust: a non-zero whole number of coins within ten million either way, and a reason", () => {
    expect(formErrors(userActionSchema, { intent: "adjust", id: "u1", addcoin: "", reason: "" })).toEqual({
      addcoin: ADJUST_AMOUNT_REQUIRED,
      reason: REASON_REQUIRED,
    });
    expect(formErrors(userActionSchema, { intent: "adjust", id: "u1", addcoin: "0", reason: "r" })).toEqual({
      addcoin: ADJUST_AMOUNT_ZERO,
    });
    expect(ADJUST_AMOUNT_REQUIRED).toBe("Enter the number of coins to add or deduct");
    expect(ADJUST_AMOUNT_ZERO).toBe("The amount cannot be 0");
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((n) => n !== 0),
        (n) => {
          expect(formValue(userActionSchema, { intent: "adjust", id: "u1", addcoin: String(n), reason: "r" })).toEqual({
            intent: "adjust",
            id: "u1",
            addcoin: n,
            reason: "r",
          });
        },
      ),
    );
    for (const out of ["10000001", "-10000001", "1.5", "ten"])
      expect(
        formErrors(userActionSchema, { intent: "adjust", id: "u1", addcoin: out, reason: "r" }).addcoin,
        out,
      ).toMatch(/^(Invalid Input|At most 10,000,000)$/);
  });
});

describe("list query strings", () => {
  const url = (query: string) => `https://coinwork.example/dashboard/x?${query}`;

  it("read the search, page and filters, trimmed", () => {
    expect(readSearch(url("q=%20grace%20&page=3&role=Buyer"), userListQuery)).toEqual({
      q: "grace",
      page: 3,
      role: "Buyer",
    });
    expect(readSearch(url("q=x&page=2"), taskListQuery)).toEqual({ q: "x", page: 2 });
    expect(readSearch(url("page=4&show=unread"), messageListQuery)).toEqual({ page: 4, show: "unread" });
    expect(readSearch(url("action=coins.adjust"), auditListQuery)).toEqual({ page: 1, action: "coins.adjust" });
  });

  it("fall back to the defaults for anything malformed, and never throw", () => {
    expect(readSearch(url(""), userListQuery)).toEqual({ q: "", page: 1, role: undefined });
    expect(readSearch(url("page=0&role=Owner&q=" + "x".repeat(101)), userListQuery)).toEqual({
      q: "",
      page: 1,
      role: undefined,
    });
    expect(readSearch(url("page=-2&show=everything"), messageListQuery)).toEqual({ page: 1, show: "all" });
    expect(readSearch(url("action=user.delete"), auditListQuery)).toEqual({ page: 1, action: undefined });
    fc.assert(
      fc.property(fc.webQueryParameters(), (query) => {
        for (const schema of [userListQuery, taskListQuery, pageQuery, messageListQuery, auditListQuery]) {
          const { page } = readSearch(url(query), schema) as { page: number };
          expect(Number.isInteger(page) && page >= 1 && page <= 1_000_000).toBe(true);
        }
      }),
    );
  });

  it("a page number is read back as itself, and every audit action is a filter", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        (page) => readSearch(url(`page=${page}`), pageQuery).page === page,
      ),
    );
    for (const action of AUDIT_ACTIONS) expect(readSearch(url(`action=${action}`), auditListQuery).action).toBe(action);
    expect(v.parse(pageQuery, { page: "1000001" })).toEqual({ page: 1 });
  });
});

describe("a keyset's ?after=", () => {
  const query = v.object({ after: afterParam });
  const read = (search: string) => readSearch(`https://coinwork.example/buyers/b?${search}`, query).after;

  it("reads the row a page starts after, and writes it back the same", () => {
    const k = { createdAt: 1795858875164, id: "6d4b598b-57cd-48d2-9a40-d7fd0dc4636c" };
    expect(read(`after=${keysetWords(k)}`)).toEqual(k);
  });

  it("reads anything malformed as the first page", () => {
    for (const bad of [
      "",
      "after=",
      "after=x",
      "after=12",
      "after=.id",
      "after=12.a%20b",
      "after=-1.a",
      `after=1.${"a".repeat(65)}`,
    ])
      expect(read(bad), bad).toBeUndefined();
  });
});
