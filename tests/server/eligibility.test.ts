// Who may work on a task (docs/product/quality.md): a least approval rate (smoothed below 20 reviewed submissions)
// and a least number of approved submissions, set on Add Task, checked where a slot is taken: the task's page shows
// the reason and no form, REST answers 403 with it. Real local D1 through the Worker's fetch.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  expectError,
  funded,
  getPage,
  htmlOf,
  jsPost,
  postForm,
  registerUser,
  rejectAs,
  rest,
  row,
  submissionBy,
  taskFields,
  taskOf,
  uniqueToken,
} from "./fixtures";
import { APPROVAL_RATE_RULE, approvalRate } from "~/lib/eligibility";

/** A worker with this many approved and rejected submissions (on a buyer's throwaway task). */
async function workerWith(approved: number, rejected: number) {
  const buyer = await funded("Buyer", 500);
  const worker = await registerUser("Worker");
  for (let i = 0; i < approved + rejected; i++) {
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    const sub = await submissionBy(worker, task.id);
    if (i < approved) await approveAs(buyer, sub.id);
    else await rejectAs(buyer, sub.id, "no");
  }
  return worker;
}

describe("eligibility", () => {
  it("judges fewer than 20 reviewed submissions on a smoothed rate, 20 or more on the plain one", () => {
    // (approved + 5 x 0.8) / (reviewed + 5)
    expect(approvalRate(0, 0)).toBe(80);
    expect(approvalRate(1, 0)).toBe(83.3);
    expect(approvalRate(0, 1)).toBe(66.7);
    expect(approvalRate(19, 0)).toBe(95.8);
    expect(approvalRate(20, 0)).toBe(100);
    expect(approvalRate(18, 2)).toBe(90);
  });

  it("is set on Add Task (with and without JavaScript), with clear messages for bad bounds", async () => {
    const buyer = await funded("Buyer", 200);
    const bad = await jsPost(
      "/dashboard/addtask",
      taskFields({ min_approval_rate: "150", min_approved: "-1" }),
      buyer.cookie,
    );
    expect(bad.text).toContain("At most 100");
    expect(bad.text).toContain("Approved submissions: a whole number, 0 or more");
    const title = `Eligible ${uniqueToken()}`;
    const posted = await postForm(
      "/dashboard/addtask",
      taskFields({ task_title: title, min_approval_rate: "90", min_approved: "" }),
      buyer.cookie,
    );
    expect(posted.status).toBe(302);
    const req = await row<{ rate: number; approved: number | null }>(
      "SELECT min_approval_rate AS rate, min_approved AS approved FROM task_requirements r JOIN tasks t ON t.id = r.task_id WHERE t.task_title = ?",
      title,
    );
    expect(req).toEqual({ rate: 90, approved: null });
    // a task without requirements has no row
    const plain = await taskOf(buyer);
    expect(await row("SELECT 1 FROM task_requirements WHERE task_id = ?", plain.id)).toBeNull();
  });

  it("refuses a worker below the requirements with the reason on the page and 403 in REST, changing nothing", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3, min_approved: 1 });
    const fresh = await registerUser("Worker");
    const page = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, fresh.cookie));
    expect(page).toContain("This task is for workers with at least 1 approved submission; you have 0.");
    expect(page).not.toContain('name="submission_details"');
    const api = await rest("POST", "/submission", fresh.token, { task_id: task.id, submission_details: "try" });
    expectError(api, 403, "forbidden");
    expect((api.body as { error: { message: string } }).error.message).toContain("at least 1 approved submission");
    // the page's form, posted anyway without JavaScript: refused with the reason
    const posted = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "try" }, fresh.cookie);
    expect(posted.status).toBe(409);
    expect(await htmlOf(posted)).toContain("at least 1 approved submission");
    const slots = await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", task.id);
    expect(slots!.n).toBe(2);

    // one approved submission meets the count
    const proven = await workerWith(1, 0);
    expect(
      (await rest("POST", "/submission", proven.token, { task_id: task.id, submission_details: "ok" })).status,
    ).toBe(201);
  });

  it("compares the approval rate smoothed: one approval is not 100%", async () => {
    const buyer = await funded("Buyer", 200);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3, min_approval_rate: 85 });
    const once = await workerWith(1, 0); // 83.3%
    const api = await rest("POST", "/submission", once.token, { task_id: task.id, submission_details: "try" });
    expectError(api, 403);
    expect((api.body as { error: { message: string } }).error.message).toBe(
      `This task is for workers with an approval rate of at least 85%; yours is 83.3%. ${APPROVAL_RATE_RULE}`,
    );
    // Worker Home shows the same figure, explained by the same line, and so does the task page
    const home = await htmlOf(await getPage("/dashboard/workerhome", once.cookie), true);
    expect(home).toMatch(/data-testid="stat-approval-rate">83\.3%</);
    expect(home).toContain(APPROVAL_RATE_RULE);
    const taskPage = await htmlOf(await getPage(`/dashboard/tasklist/${task.id}`, once.cookie), true);
    expect(taskPage).toContain(`yours is 83.3%. ${APPROVAL_RATE_RULE}`);
    const twice = await workerWith(2, 0); // 85.7%
    expect(
      (await rest("POST", "/submission", twice.token, { task_id: task.id, submission_details: "ok" })).status,
    ).toBe(201);
  });
});
