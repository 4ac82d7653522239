// rest() enforces what a REST entry declares (decision 112): its access (401/403) and its query and body schemas
// (422, 400, 415) are checked before the handler runs, and the handler gets the caller and the parsed input.
import { createExecutionContext } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/server/auth/session.server";
import { cloudflareContext, userContext } from "~/server/context";
import { AppError } from "~/server/errors";
import { json, readBody, rest } from "~/server/http/rest.server";
import type { Role } from "~/lib/roles";
import { env } from "./fixtures";

const idQuery = v.object({ id: v.pipe(v.string(), v.uuid("id must be a UUID")) });
const noteBody = v.object({ note: v.pipe(v.string("note is required"), v.minLength(1, "note is required")) });
const altA = v.object({ a: v.string() });
const altB = v.object({ b: v.string() });

const ID = "7d4b3a52-0c39-4f0e-9a51-2b7f0a1e6c11";

function person(role: Role): SessionUser {
  return {
    id: `${role}-1`,
    name: role,
    email: `${role.toLowerCase()}@example.com`,
    role,
    coin: 0,
    photo: null,
    emailVerified: true,
    weakPassword: false,
    language: "en",
  };
}

/** A route whose handlers only report what they were given, and the calls they received. */
function probe() {
  type Seen = { user: unknown; query: unknown; body: unknown };
  const calls: { method: string; args: Seen }[] = [];
  const seen = (method: string) => (args: Seen) => {
    calls.push({ method, args: { user: args.user, query: args.query, body: args.body } });
    return json({ ok: true });
  };
  const route = rest("/probe", "Reference", {
    GET: { summary: "public", access: "public", responses: [], handler: seen("GET") },
    POST: {
      summary: "buyers",
      access: ["Buyer"],
      query: idQuery,
      body: noteBody,
      responses: [],
      handler: seen("POST"),
    },
    PATCH: {
      summary: "alternatives",
      access: "signed-in",
      body: [altA, altB],
      responses: [],
      handler: async ({ request }) => json(await readBody(request, altB)),
    },
    PUT: {
      summary: "reads its declared body again",
      access: "signed-in",
      body: noteBody,
      responses: [],
      handler: async ({ request, body }) => json({ given: body, again: await readBody(request, noteBody) }),
    },
    DELETE: {
      summary: "switched off",
      access: ["Admin"],
      before: () => {
        throw new AppError("not_found", "Switched off");
      },
      responses: [],
      handler: seen("DELETE"),
    },
  });
  return { route, calls };
}

async function call(
  route: ReturnType<typeof probe>["route"],
  method: string,
  who: SessionUser | null,
  init: { query?: string; body?: string; contentType?: string } = {},
) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: createExecutionContext() });
  context.set(userContext, who);
  const headers = init.body !== undefined ? { "Content-Type": init.contentType ?? "application/json" } : undefined;
  const request = new Request(`https://coinwork.test/probe${init.query ?? ""}`, { method, body: init.body, headers });
  const res = await route({ request, context, params: {} });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
}

describe("rest() checks an entry's declarations before its handler", () => {
  it("refuses a caller the entry's access does not admit: 401 without an identity, 403 for another role", async () => {
    const { route, calls } = probe();
    const valid = { query: `?id=${ID}`, body: JSON.stringify({ note: "hi" }) };
    expect(await call(route, "POST", null, valid)).toEqual({
      status: 401,
      body: { error: { code: "unauthorized", message: "Sign in first" } },
    });
    expect(await call(route, "POST", person("Worker"), valid)).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: "Only Buyer may do this" } },
    });
    expect(calls).toEqual([]);
  });

  it("refuses the declared query, then the declared body, before the handler runs", async () => {
    const { route, calls } = probe();
    const buyer = person("Buyer");
    const badQuery = await call(route, "POST", buyer, { query: "?id=nope", body: "{" });
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.error?.message).toBe("id must be a UUID");
    expect((await call(route, "POST", buyer, { query: `?id=${ID}`, body: "{" })).status).toBe(400);
    const notJson = await call(route, "POST", buyer, {
      query: `?id=${ID}`,
      body: "note=hi",
      contentType: "text/plain",
    });
    expect(notJson.status).toBe(415);
    const missing = await call(route, "POST", buyer, { query: `?id=${ID}`, body: "{}" });
    expect(missing.status).toBe(422);
    expect(missing.body.error?.message).toBe("note is required");
    expect(calls).toEqual([]);
  });

  it("hands the handler the caller and the parsed input; a public entry gets whoever is signed in, or null", async () => {
    const { route, calls } = probe();
    const buyer = person("Buyer");
    const extra = JSON.stringify({ note: "hi" });
    expect((await call(route, "POST", buyer, { query: `?id=${ID}&other=1`, body: extra })).status).toBe(200);
    expect((await call(route, "GET", null)).status).toBe(200);
    expect((await call(route, "GET", buyer)).status).toBe(200);
    expect(calls).toEqual([
      { method: "POST", args: { user: buyer, query: { id: ID }, body: { note: "hi" } } },
      { method: "GET", args: { user: null, query: undefined, body: undefined } },
      { method: "GET", args: { user: buyer, query: undefined, body: undefined } },
    ]);
  });

  it("lets a handler read its declared body again: the same body, not a 500 on a stream already read", async () => {
    const { route } = probe();
    const res = await call(route, "PUT", person("Worker"), { body: JSON.stringify({ note: "hi" }) });
    expect(res).toEqual({ status: 200, body: { given: { note: "hi" }, again: { note: "hi" } } });
  });

  it("leaves alternative bodies to the handler, and runs `before` ahead of the access check", async () => {
    const { route, calls } = probe();
    const picked = await call(route, "PATCH", person("Worker"), { body: JSON.stringify({ b: "x" }) });
    expect(picked).toEqual({ status: 200, body: { b: "x" } });
    // switched off answers the same to anyone, signed in or not, of any role
    for (const who of [null, person("Worker"), person("Admin")]) {
      expect(await call(route, "DELETE", who)).toEqual({
        status: 404,
        body: { error: { code: "not_found", message: "Switched off" } },
      });
    }
    expect(calls).toEqual([]);
  });
});
