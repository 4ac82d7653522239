// D1 read replication (docs/decisions/012-d1-read-replication.md): every request runs in one D1 session, and
// the bookmark travels to the caller (cookie for pages, x-d1-bookmark for the REST API) and back, so a caller
// reads its own writes on the next request. Local D1 has no replicas: these tests prove the plumbing (where each
// session starts, that the bookmark goes out and comes back, that it advances past a write and that the next
// request sees the write), not replica lag.
import { SESSION_COOKIE } from "~/server/auth/session.server";
import { describe, expect, it } from "vitest";
import {
  call,
  cookieFrom,
  env,
  getPage,
  htmlOf,
  jsonCall,
  postContactForm,
  postForm,
  registerUser,
  taskFields,
  taskInput,
  uniqueEmail,
  uniqueToken,
} from "./fixtures";
import {
  BOOKMARK_COOKIE,
  BOOKMARK_HEADER,
  carriedBookmark,
  mayWrite,
  SessionDatabase,
  sessionStart,
} from "~/server/db/session.server";
import { corsResponse } from "~/server/http/cors.server";

const req = (init: RequestInit & { path?: string } = {}) =>
  new Request(`https://coinwork.test${init.path ?? "/"}`, init);

/** A D1 binding that records where each session was asked to start, and starts it on the real local D1. */
function recordingBinding() {
  const starts: (string | undefined)[] = [];
  const binding = {
    withSession(start?: string) {
      starts.push(start);
      return env.DB.withSession(start);
    },
  } as unknown as D1Database;
  return { binding, starts };
}

/** The current bookmark of the local database, read on the primary. */
async function primaryBookmark(): Promise<string> {
  const s = env.DB.withSession("first-primary");
  await s.prepare("SELECT 1").first();
  return s.getBookmark()!;
}

describe("where a request's session starts", () => {
  it("after the bookmark the caller carries, header first, then cookie", () => {
    expect(sessionStart(req({ headers: { [BOOKMARK_HEADER]: "0000a-00b1" } }))).toBe("0000a-00b1");
    expect(sessionStart(req({ headers: { Cookie: `x=1; ${BOOKMARK_COOKIE}=00c2-0001` } }))).toBe("00c2-0001");
    expect(
      sessionStart(
        req({ headers: { [BOOKMARK_HEADER]: "0aa", Cookie: `${BOOKMARK_COOKIE}=0bb`, Authorization: "x" } }),
      ),
    ).toBe("0aa");
  });

  it("ignores a value that is not a bookmark's shape", () => {
    for (const bad of ["first-primary", "x' OR 1", "0a-", "", "f".repeat(300)])
      expect(carriedBookmark(req({ headers: { [BOOKMARK_HEADER]: bad } }))).toBeNull();
    expect(sessionStart(req({ headers: { Cookie: `${BOOKMARK_COOKIE}=<script>` } }))).toBe("first-unconstrained");
  });

  it("without a bookmark: anywhere for an anonymous read, on the primary for a write or a signed-in caller", () => {
    expect(sessionStart(req())).toBe("first-unconstrained");
    expect(sessionStart(req({ method: "HEAD" }))).toBe("first-unconstrained");
    expect(sessionStart(req({ method: "POST" }))).toBe("first-primary");
    expect(sessionStart(req({ method: "DELETE" }))).toBe("first-primary");
    expect(sessionStart(req({ headers: { Cookie: `${SESSION_COOKIE}=abc` } }))).toBe("first-primary");
    expect(sessionStart(req({ headers: { Authorization: "Bearer abc" } }))).toBe("first-primary");
    // an emptied session cookie (after logout) is anonymous
    expect(sessionStart(req({ headers: { Cookie: `${SESSION_COOKIE}=` } }))).toBe("first-unconstrained");
  });

  it("the request's database starts its one session there and runs every statement in it", async () => {
    const { binding, starts } = recordingBinding();
    const db = new SessionDatabase(binding, "first-primary");
    expect(starts).toEqual(["first-primary"]);
    expect(db.bookmark()).toBeNull();
    expect(await db.prepare("SELECT 1 AS one").first("one")).toBe(1);
    await db.batch([db.prepare("SELECT 2"), db.prepare("SELECT 3")]);
    expect(starts).toHaveLength(1);
    expect(db.bookmark()).toMatch(/^[0-9a-f-]+$/);
    expect(db.wrote).toBe(false);
  });
});

describe("writes are noticed", () => {
  it("classifies statements: writes (and a WITH that writes) may write, reads do not", () => {
    for (const w of [
      "INSERT INTO tasks VALUES (1)",
      "  update users set coin = coin - 1",
      "DELETE FROM notifications",
      "replace into x values (1)",
      "WITH t AS (SELECT 1) INSERT INTO x SELECT * FROM t",
    ])
      expect(mayWrite(w), w).toBe(true);
    for (const r of [
      "select * from tasks where deleted_at is null",
      "SELECT updated_at FROM t",
      "WITH t AS (SELECT 1) SELECT * FROM t",
      "PRAGMA table_info(users)",
    ])
      expect(mayWrite(r), r).toBe(false);
  });

  it("a session's write moves its bookmark forward, and a session started there reads it", async () => {
    const before = await primaryBookmark();
    const writer = new SessionDatabase(env.DB, "first-primary");
    const email = uniqueEmail("bookmark");
    await writer
      .prepare("INSERT INTO contact_messages (id, name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(crypto.randomUUID(), "Bookmark", email, "s", "m", Date.now())
      .run();
    expect(writer.wrote).toBe(true);
    const after = writer.bookmark()!;
    // bookmarks sort oldest to newest
    expect(after > before).toBe(true);

    const reader = new SessionDatabase(env.DB, after);
    expect(await reader.prepare("SELECT email FROM contact_messages WHERE email = ?").bind(email).first("email")).toBe(
      email,
    );
    expect(reader.bookmark()! >= after).toBe(true);
  });
});

describe("the bookmark between requests", () => {
  it("REST API: a write answers with x-d1-bookmark (no cookie for a Bearer client); carried back, the next read sees the write", async () => {
    const buyer = await registerUser("Buyer");
    const before = await primaryBookmark();
    const title = `Replica probe ${uniqueToken()}`;
    const posted = await jsonCall("/tasks", "POST", taskInput({ task_title: title, required_workers: 1 }), buyer.token);
    expect(posted.status).toBe(201);
    const bookmark = posted.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/);
    expect(bookmark! > before).toBe(true);
    expect(cookieFrom(posted, BOOKMARK_COOKIE)).toBeNull();

    const read = await call(`/tasks?email=${encodeURIComponent(buyer.email)}`, {
      headers: { Authorization: `Bearer ${buyer.token}`, [BOOKMARK_HEADER]: bookmark! },
    });
    expect(read.status).toBe(200);
    expect(await read.text()).toContain(title);
    expect(read.headers.get(BOOKMARK_HEADER)! >= bookmark!).toBe(true);
  });

  it("pages: a form post sets the bookmark cookie; the next page, sent it back, shows the write and renews it", async () => {
    const buyer = await registerUser("Buyer");
    const title = `Cookie probe ${uniqueToken()}`;
    const before = await primaryBookmark();
    const posted = await postForm("/dashboard/addtask", taskFields({ task_title: title }), buyer.cookie);
    expect(posted.status).toBe(302);
    const pair = cookieFrom(posted, BOOKMARK_COOKIE)!;
    expect(pair).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f-]+$`));
    const bookmark = pair.slice(BOOKMARK_COOKIE.length + 1);
    expect(bookmark > before).toBe(true);
    const attributes = posted.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/SameSite=Lax/);

    const page = await getPage("/dashboard/mytasks", `${buyer.cookie}; ${pair}`);
    expect(page.status).toBe(200);
    expect(await htmlOf(page)).toContain(title);
    expect(page.headers.get(BOOKMARK_HEADER)! >= bookmark).toBe(true);
  });

  it("a signed-in page without a bookmark gets one; an anonymous read sets no cookie, an anonymous write does", async () => {
    const worker = await registerUser("Worker");
    const signedIn = await getPage("/dashboard/workerhome", worker.cookie);
    expect(signedIn.status).toBe(200);
    expect(cookieFrom(signedIn, BOOKMARK_COOKIE)).toMatch(/^__Host-cw_d1=[0-9a-f-]+$/);
    // __Host-: the browser keeps it only as this origin's own, Secure, for Path=/ and without a Domain
    const set = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(set).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=\d+$/);
    expect(set).not.toMatch(/domain=/i);

    const anonymous = await getPage(`/faq?probe=${uniqueToken()}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.getSetCookie()).toEqual([]);

    const sent = await postContactForm();
    expect(sent.status).toBe(302);
    expect(cookieFrom(sent, BOOKMARK_COOKIE)).toMatch(/^__Host-cw_d1=[0-9a-f-]+$/);
  });

  it("a browser client on a configured origin may send the bookmark and read it back", () => {
    const configured = { CORS_ORIGINS: "https://client.example" };
    const origin = { Origin: "https://client.example" };
    const preflight = corsResponse(
      configured,
      req({ method: "OPTIONS", headers: { ...origin, "Access-Control-Request-Headers": BOOKMARK_HEADER } }),
      null,
    );
    expect(preflight.headers.get("Access-Control-Allow-Headers")!.toLowerCase()).toContain(BOOKMARK_HEADER);
    const answer = corsResponse(configured, req({ headers: origin }), new Response("[]"));
    expect(answer.headers.get("Access-Control-Expose-Headers")!.toLowerCase()).toContain(BOOKMARK_HEADER);
  });
});
