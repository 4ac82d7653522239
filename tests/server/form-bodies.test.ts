// Every page action reads its form through one bounded reader: a body that is not a form (JSON, plain text, a
// broken multipart) is a 4xx with words, never a 500, for every page route with an action, signed in or not; a
// body over the limit is a 413 as soon as the limit is crossed, without waiting for the rest (chunked uploads too).
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  env,
  imagesHolding,
  makeAdmin,
  newTask,
  PASSWORD,
  registerUser,
  ROUTES,
  storedImageKeys,
  uniqueEmail,
  uniquePngFile,
  type TestUser,
} from "./fixtures";

/** The page route modules (not the REST resource routes under routes/api/), to find those with an action. */
const modules = import.meta.glob<Record<string, unknown>>("/app/routes/**/*.tsx", { eager: true });

const PAGE_ACTIONS = ROUTES.filter((r) => !r.hasChildren && typeof modules[`/app/${r.file}`]?.action === "function");

type Caller = "anonymous" | "Worker" | "Buyer" | "Admin";

/** Who may use the action (so it gets past the guards to its form): from the layout the route is nested in. */
function callersOf(parent: string | null): Caller[] {
  if (parent === "routes/dashboard/buyer/layout.tsx") return ["Buyer"];
  if (parent === "routes/dashboard/worker/layout.tsx") return ["Worker"];
  if (parent === "routes/dashboard/admin/layout.tsx") return ["Admin"];
  if (parent === "routes/dashboard/layout.tsx") return ["Worker", "Buyer"];
  return ["anonymous", "Worker"];
}

const BROKEN_BODIES: { label: string; type: string; body: string }[] = [
  { label: "JSON", type: "application/json", body: JSON.stringify({ email: "a@b.co", intent: "approve", id: "x" }) },
  { label: "plain text", type: "text/plain", body: "email=a@b.co&intent=approve" },
  {
    label: "a broken multipart",
    type: "multipart/form-data; boundary=----cw",
    body: '------cw\r\nContent-Disposition: form-data; name="intent"\r\n\r\napprove (no closing boundary',
  },
  { label: "multipart without a boundary", type: "multipart/form-data", body: "intent=approve" },
  { label: "no content type", type: "", body: "intent=approve" },
];

const READS_NO_FORM = ["/logout", "/auth/google"];
const GUEST_PAGES = ["/login", "/register"];

let people: Record<Exclude<Caller, "anonymous">, TestUser>;
let taskId: string;

beforeAll(async () => {
  const [worker, buyer, admin] = await Promise.all([registerUser("Worker"), registerUser("Buyer"), makeAdmin()]);
  people = { Worker: worker, Buyer: buyer, Admin: admin };
  taskId = (await newTask(buyer, { required_workers: 5, payable_amount: 2 })).id;
});

function address() {
  return `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}

describe("a body that is not a form", () => {
  it("the walk finds the page actions (login, register, contact, the dashboards)", () => {
    const paths = PAGE_ACTIONS.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["/login", "/register", "/contact", "/logout", "/dashboard/addtask"]));
    expect(paths.length).toBeGreaterThan(15);
    for (const p of [...READS_NO_FORM, ...GUEST_PAGES]) expect(paths).toContain(p);
  });

  it("is a 4xx with words on every page action, for everyone who may post there", async () => {
    const problems: string[] = [];
    for (const route of PAGE_ACTIONS) {
      const path = route.path.replace(":id", taskId);
      // /logout and /auth/google read no form (posting there is the whole request): they answer their redirect,
      // and are posted anonymously so that the walk's people stay signed in
      const readsNoForm = READS_NO_FORM.includes(route.path);
      for (const caller of readsNoForm ? (["anonymous"] as const) : callersOf(route.parent)) {
        for (const { label, type, body } of BROKEN_BODIES) {
          for (const url of [path, `${path}.data`]) {
            const headers: Record<string, string> = { "CF-Connecting-IP": address() };
            if (type) headers["Content-Type"] = type;
            if (caller !== "anonymous") headers.Cookie = people[caller].cookie;
            const res = await call(url, { method: "POST", headers, body });
            const text = await res.text();
            const refused = res.status >= 400 && res.status < 500 && text.length > 0;
            // a signed-in caller on a visitor's page (login, register) is sent home by its loader, as on a GET
            const sentHome =
              caller !== "anonymous" &&
              GUEST_PAGES.includes(route.path) &&
              /dashboard/.test(text + res.headers.get("Location"));
            const redirected = readsNoForm && /redirect/.test(text + (res.status === 302 ? "redirect" : ""));
            if (!refused && !sentHome && !redirected)
              problems.push(`${url} as ${caller}, ${label}: ${res.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

/** A request body that sends `size` bytes quickly, then holds its last byte until `release()` (or forever). */
function heldBody(size: number) {
  let released!: () => void;
  const hold = new Promise<void>((r) => (released = r));
  let sent = 0;
  let sentAll = false;
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent < size) {
        const n = Math.min(chunk.byteLength, size - sent);
        sent += n;
        controller.enqueue(chunk.subarray(0, n));
        return;
      }
      await hold;
      controller.enqueue(new Uint8Array([0x61]));
      sentAll = true;
      controller.close();
    },
  });
  return { stream, release: () => released(), sentAll: () => sentAll };
}

describe("a body over the limit", () => {
  // Callers of their own: the walk above spends the upload allowance of its people (every post to a page with an
  // upload counts, refused or not), and a spent allowance rightly answers 429 before any body is read.
  let callers: Record<"Worker" | "Buyer", TestUser>;
  beforeAll(async () => {
    const [worker, buyer] = await Promise.all([registerUser("Worker"), registerUser("Buyer")]);
    callers = { Worker: worker, Buyer: buyer };
  });

  it.each([
    ["/contact", 200 * 1024, "anonymous"],
    ["/login", 200 * 1024, "anonymous"],
    ["/register", 6 * 1024 * 1024, "anonymous"],
    ["/dashboard/withdraw", 200 * 1024, "Worker"],
    ["/dashboard/addtask", 6 * 1024 * 1024, "Buyer"],
  ] as const)("%s: a chunked body of %i bytes is a 413 before it is all sent", async (path, size, caller) => {
    const body = heldBody(size);
    const headers: Record<string, string> = {
      "Content-Type": "multipart/form-data; boundary=----cw",
      "CF-Connecting-IP": address(),
    };
    if (caller !== "anonymous") headers.Cookie = callers[caller].cookie;
    // the body's last byte is held back until after the answer, so an answer at all proves the server did not wait
    const res = await call(path, { method: "POST", headers, body: body.stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.sentAll()).toBe(false);
    expect(await res.text()).toMatch(/too large|at most/i);
    body.release();
  });

  it("a lying Content-Length does not get a larger body past the limit", async () => {
    const body = heldBody(200 * 1024);
    const res = await call("/contact", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "10",
        "CF-Connecting-IP": address(),
      },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect([400, 413]).toContain(res.status);
    body.release();
  });
});

describe("a rate-limited caller", () => {
  /** Uses up the current window of a rate-limit key, as `count` earlier posts would have. */
  async function exhaust(key: string, count: number) {
    const now = Date.now();
    await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(key, now - (now % 60_000), count)
      .run();
  }

  it("is refused before the body is read: a post that never finishes still gets its 429 at once", async () => {
    const ip = address();
    await exhaust(`register:ip:${ip}`, 20);
    const body = heldBody(64 * 1024);
    const res = await call("/register", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=----cw", "CF-Connecting-IP": ip },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(429);
    expect(body.sentAll()).toBe(false);
    expect(await res.text()).toContain("Too many attempts");
    body.release();
  });

  it("stores no image: a refused registration's photo never reaches R2", async () => {
    const ip = address();
    await exhaust(`register:ip:${ip}`, 20);
    const before = await storedImageKeys();
    const photo = await uniquePngFile();
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Limited", email: uniqueEmail(), password: PASSWORD, role: "Worker" }))
      form.set(k, v);
    form.set("image", photo);
    const res = await call("/register", { method: "POST", body: form, headers: { "CF-Connecting-IP": ip } });
    expect(res.status).toBe(429);
    expect(await imagesHolding(photo, before)).toEqual([]);
  });
});
