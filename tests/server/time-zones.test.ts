// Times in the visitor's zone, rendered on the server (docs/decisions/015-dates-and-time-zones.md): the zone the
// browser remembered in its cookie, else the edge's hint (`request.cf.timezone`), else UTC; deadlines stay calendar
// days; and "past its date" is one rule, the same in the service, the SQL filter and the worker's badge.
import { and, eq } from "drizzle-orm";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminWorld, BASE, env, funded, isoDay, newTask, pendingWithdrawal, registerUser, textOf } from "./fixtures";
import { daysUntil, dueLabel } from "~/components/worker/due";
import { serverWords } from "~/lib/i18n/words.server";
import { deadlineDay, isPastDate } from "~/lib/deadline";
import { formatDate } from "~/lib/format";
import { TIME_ZONE_COOKIE } from "~/lib/time-zone";
import { getDb } from "~/server/db/client.server";
import { openTaskFilter, tasks } from "~/server/db/schema";
import { PAST_DATE, submissionBlocker } from "~/server/services/submissions.server";

const REQUESTED_AT = Date.UTC(2026, 2, 5, 15, 4); // 3:04 PM UTC on March 5

/** A page as a browser gets it from the edge: `cf.timezone` is the edge's guess from the visitor's address. */
async function pageText(path: string, cookie: string, cf?: { timezone: string }): Promise<string> {
  const request = new Request(new URL(path, BASE), {
    headers: { Cookie: cookie },
    redirect: "manual",
    cf,
  } as RequestInit);
  const res = await (exports as { default: { fetch: (r: Request) => Promise<Response> } }).default.fetch(request);
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie().some((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`))).toBe(false); // the browser's to write
  return (await textOf(res)).replace(/\u202f/g, " ");
}

/** A worker whose withdrawal was requested at REQUESTED_AT. */
async function workerWithWithdrawal() {
  const { worker, request } = await pendingWithdrawal(await adminWorld());
  await env.DB.prepare("UPDATE withdrawals SET created_at = ? WHERE id = ?").bind(REQUESTED_AT, request.id).run();
  return worker;
}

describe("times on a page", () => {
  it("are in the edge's zone, named, when the browser has not told its own yet", async () => {
    const worker = await workerWithWithdrawal();
    const text = await pageText("/dashboard/withdraw", worker.cookie, { timezone: "Asia/Tokyo" });
    expect(text).toContain("March 6, 2026 at 12:04 AM GMT+9");
    expect(text).not.toContain("March 5, 2026 at 3:04 PM");
  });

  it("are in UTC when the edge names no zone or one this runtime does not know", async () => {
    const worker = await workerWithWithdrawal();
    for (const cf of [undefined, { timezone: "Mars/Olympus_Mons" }, { timezone: "" }]) {
      const text = await pageText("/dashboard/withdraw", worker.cookie, cf);
      expect(text, JSON.stringify(cf)).toContain("March 5, 2026 at 3:04 PM UTC");
    }
  });

  it("are in the zone the browser remembered in its cookie, which wins over the edge's guess", async () => {
    const worker = await workerWithWithdrawal();
    const remembered = `${worker.cookie}; ${TIME_ZONE_COOKIE}=America%2FLos_Angeles`;
    const text = await pageText("/dashboard/withdraw", remembered, { timezone: "Asia/Tokyo" });
    expect(text).toContain("March 5, 2026 at 7:04 AM PST");
    expect(text).not.toContain("GMT+9");
  });

  it("ignore a cookie naming an unknown zone or mangled, and use the edge's zone", async () => {
    const worker = await workerWithWithdrawal();
    for (const bad of ["Nowhere%2FCity", "%E0%A4%A", "Asia%2FTokyo%0D%0ASet-Cookie"]) {
      const text = await pageText("/dashboard/withdraw", `${worker.cookie}; ${TIME_ZONE_COOKIE}=${bad}`, {
        timezone: "Europe/Berlin",
      });
      expect(text, bad).toContain("March 5, 2026 at 4:04 PM GMT+1");
    }
  });

  it("leave a deadline the same calendar day in every zone, with the rule that closes it", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const due = isoDay(5);
    const task = await newTask(buyer, { completion_date: due });
    for (const timezone of ["Pacific/Kiritimati", "Etc/GMT+12", "UTC"]) {
      const text = await pageText(`/dashboard/tasklist/${task.id}`, worker.cookie, { timezone });
      expect(text, timezone).toContain(`${formatDate(due)} (end of day UTC)`);
    }
  });
});

describe("past its date", () => {
  it("is decided the same by the service, the SQL filter and the worker's badge, either side of UTC midnight", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const due = isoDay(3);
    const task = await newTask(buyer, { completion_date: due });
    const lastMoment = Date.parse(`${due}T23:59:59.999Z`);
    const stillOpen = (now: number) =>
      getDb(env)
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, task.id), openTaskFilter(deadlineDay(now))))
        .then((rows) => rows.length === 1);

    for (const [now, past] of [
      [lastMoment - 86_400_000, false],
      [lastMoment, false],
      [lastMoment + 1, true],
    ] as const) {
      expect(isPastDate(due, deadlineDay(now))).toBe(past);
      expect(
        submissionBlocker(worker.id, task, { mySubmission: null, ineligibility: null }, now)?.english ?? null,
      ).toBe(past ? PAST_DATE : null);
      expect(await stillOpen(now)).toBe(!past);
      expect(dueLabel(serverWords("en", "common"), daysUntil(due, now))).toBe(
        past ? "Closed" : now === lastMoment ? "Due today" : "Due tomorrow",
      );
    }
  });
});
