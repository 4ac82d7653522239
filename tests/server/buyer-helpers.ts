// Shared by the buyer page tests (tests/server/buyer-*.test.ts): funded buyers, tasks, submissions, flashes.
import { env, makeAdmin, registerUser, sessionUser, taskInput, type TestUser } from "./helpers";
import { adjustCoins } from "~/server/services/users.server";
import { postTask } from "~/server/services/tasks.server";
import { createSubmission } from "~/server/services/submissions.server";

/** A buyer with exactly `coins` coins (sign-up 50, topped up by an admin adjustment). */
export async function fundedBuyer(coins = 50, name = "Buyer Tester"): Promise<TestUser> {
  const buyer = await registerUser("Buyer", name);
  if (coins !== 50) {
    const admin = await sessionUser((await makeAdmin()).id);
    await adjustCoins(env, admin, buyer.id, coins - 50, "test funding");
  }
  return buyer;
}

export async function taskOf(buyer: TestUser, overrides: Partial<Record<string, unknown>> = {}) {
  return postTask(env, await sessionUser(buyer.id), taskInput(overrides) as never);
}

export async function submissionBy(
  worker: TestUser,
  taskId: string,
  details = "Done: https://example.com/proof",
  image = "",
) {
  return createSubmission(env, await sessionUser(worker.id), {
    task_id: taskId,
    submission_details: details,
    submission_image_url: image,
  });
}

/** The flash a redirect carries (cw_flash cookie), decoded. */
export function flashOf(res: Response): { type: string; title: string; message?: string } | null {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    if (pair.startsWith("cw_flash=") && pair.length > 9) return JSON.parse(decodeURIComponent(pair.slice(9)));
  }
  return null;
}

/** The fields of the task form as the browser posts them. */
export function taskFields(overrides: Record<string, string> = {}): Record<string, string> {
  const t = taskInput();
  return {
    task_title: t.task_title,
    task_detail: t.task_detail,
    required_workers: String(t.required_workers),
    payable_amount: String(t.payable_amount),
    completion_date: t.completion_date,
    submission_info: t.submission_info,
    category: t.category,
    ...overrides,
  };
}

/** A 1x1 PNG (real bytes: the server sniffs the type). */
export function pngFile(name = "proof.png"): File {
  const b64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: "image/png" });
}

/** HTML text with React's text separators and the entities of quotes and ampersands undone, for message checks. */
export async function html(res: Response): Promise<string> {
  return (await res.text())
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
