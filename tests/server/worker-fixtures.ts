// Shared set-up for the worker page tests (tests/server/worker-*.test.ts): funded users, tasks, submissions,
// and readers for what a page answered (flash cookie, HTML text).
import { env, makeAdmin, registerUser, sessionUser, taskInput, type TestUser } from "./helpers";
import type { Flash } from "~/lib/flash";
import { adjustCoins } from "~/server/services/users.server";
import { postTask } from "~/server/services/tasks.server";
import { approveSubmission, createSubmission, rejectSubmission } from "~/server/services/submissions.server";

let adminPromise: Promise<TestUser> | null = null;
export function admin() {
  adminPromise ??= makeAdmin();
  return adminPromise;
}

/** A user with exactly `coins` coins (signup bonus topped up or cut by a recorded admin adjustment). */
export async function funded(role: "Worker" | "Buyer", coins: number, name?: string): Promise<TestUser> {
  const u = await registerUser(role, name);
  const start = role === "Worker" ? 10 : 50;
  if (coins !== start)
    await adjustCoins(env, await sessionUser((await admin()).id), u.id, coins - start, "test funding");
  return u;
}

export async function postTaskAs(buyer: TestUser, overrides: Partial<Record<string, unknown>> = {}) {
  return postTask(env, await sessionUser(buyer.id), taskInput(overrides) as Parameters<typeof postTask>[2]);
}

export async function submitAs(worker: TestUser, taskId: string, details = "Done, see proof") {
  return createSubmission(env, await sessionUser(worker.id), {
    task_id: taskId,
    submission_details: details,
    submission_image_url: "",
  });
}

export async function approveAs(buyer: TestUser, submissionId: string) {
  return approveSubmission(env, await sessionUser(buyer.id), submissionId);
}

export async function rejectAs(buyer: TestUser, submissionId: string, reason: string) {
  return rejectSubmission(env, await sessionUser(buyer.id), submissionId, reason);
}

/** The one-shot message a redirect carries (cw_flash cookie). */
export function flashOf(res: Response): Flash | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair.startsWith("cw_flash=") && pair.length > "cw_flash=".length)
      return JSON.parse(decodeURIComponent(pair.slice(9))) as Flash;
  }
  return null;
}

/** The cookie header a browser would send after `res` (session plus any flash it set). */
export function withFlash(cookie: string, res: Response): string {
  const flash = res.headers.getSetCookie().find((c) => c.startsWith("cw_flash="));
  return flash ? `${cookie}; ${flash.split(";")[0]}` : cookie;
}

/** Page HTML with tags removed and entities decoded, whitespace collapsed: what a person reads. */
export async function textOf(res: Response): Promise<string> {
  const html = await res.text();
  const body = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ");
  return body
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Page HTML without React's text-boundary comments (<!-- -->), so adjacent text can be matched. */
export async function htmlOf(res: Response): Promise<string> {
  return (await res.text()).replace(/<!--[\s\S]*?-->/g, "");
}

/** How many times `needle` occurs in `hay`. */
export function occurrences(hay: string, needle: string): number {
  return hay.split(needle).length - 1;
}

export function uniqueToken(prefix = "tk"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A 1x1 PNG, as a browser would upload it. */
export function pngFile(name = "proof.png"): File {
  const bytes = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: "image/png" });
}

export function svgFile(): File {
  return new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "evil.svg", {
    type: "image/svg+xml",
  });
}
