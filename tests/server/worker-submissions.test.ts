// My Submissions (/dashboard/mysubmissions) and Worker Home (/dashboard/workerhome): loaders in workerd, the
// per-user page size form, pagination in the database, status badges with the rejection reason.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  env,
  funded,
  getPage,
  occurrences,
  postForm,
  registerUser,
  rejectAs,
  submissionBy,
  taskOf,
  textOf,
  uniqueToken,
} from "./fixtures";

async function savedPageSize(userId: string) {
  return (
    (
      await env.DB.prepare("SELECT items_per_page AS n FROM user_preferences WHERE user_id = ?")
        .bind(userId)
        .first<{ n: number }>()
    )?.n ?? null
  );
}

/** A worker with `n` pending submissions on tasks titled "<token> #1".."#n" (#n newest). */
async function workerWithSubmissions(n: number) {
  const token = uniqueToken();
  const buyer = await funded("Buyer", 50 + n * 10, `Buyer ${token}`);
  const worker = await registerUser("Worker");
  const subs = [];
  for (let i = 1; i <= n; i++) {
    const task = await taskOf(buyer, { task_title: `${token} #${i}`, required_workers: 1, payable_amount: 10 });
    subs.push(await submissionBy(worker, task.id));
  }
  return { token, buyer, worker, subs };
}

describe("My Submissions", () => {
  it("says 'No Submitted Tasks Yet.' before the first submission", async () => {
    const worker = await registerUser("Worker");
    const res = await getPage("/dashboard/mysubmissions", worker.cookie);
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("No Submitted Tasks Yet.");
  });

  it("lists Task, Buyer name and e-mail, Payment and a status badge; a rejection shows its reason", async () => {
    const { token, buyer, worker, subs } = await workerWithSubmissions(3);
    await approveAs(buyer, subs[0].id);
    await rejectAs(buyer, subs[1].id, `Blurry screenshot ${token}`);
    const text = await textOf(await getPage("/dashboard/mysubmissions", worker.cookie));
    for (const h of ["Task", "Buyer", "Payment", "Status"]) expect(text).toContain(h);
    expect(text).toContain(`Buyer ${token}`);
    expect(text).toContain(buyer.email);
    expect(text).toContain("10 coins");
    expect(text).toContain("$0.50");
    // Newest first: #3 pending, #2 rejected (with the reason), #1 approved.
    expect(text).toMatch(
      new RegExp(
        `${token} #3 .*Pending.*${token} #2 .*Rejected Reason: Blurry screenshot ${token}.*${token} #1 .*Approved`,
      ),
    );
  });

  it("shows 3 a page by default, paginated in the database, with Prev / Next and 'Page X of Y'", async () => {
    const { token, worker } = await workerWithSubmissions(7);
    const first = await (await getPage("/dashboard/mysubmissions", worker.cookie)).text();
    expect(occurrences(first, 'data-testid="submission-row"')).toBe(3);
    const firstText = await textOf(new Response(first));
    expect(firstText).toContain("Page 1 of 3");
    expect(firstText).toMatch(new RegExp(`${token} #7 .*${token} #6 .*${token} #5 `));
    expect(firstText).toContain("Prev");
    expect(firstText).toContain("Next");
    expect(first).toContain('href="/dashboard/mysubmissions?page=2"');
    const last = await (await getPage("/dashboard/mysubmissions?page=3", worker.cookie)).text();
    expect(occurrences(last, 'data-testid="submission-row"')).toBe(1);
    expect(await textOf(new Response(last))).toContain(`${token} #1 `);
    const beyond = await getPage("/dashboard/mysubmissions?page=40", worker.cookie);
    expect(beyond.headers.get("Location")).toBe("/dashboard/mysubmissions?page=3");
  });

  it("stores the page size per user (3, 5 or 10) through a plain form post, and refuses anything else", async () => {
    const { worker } = await workerWithSubmissions(7);
    const other = await registerUser("Worker");
    const res = await postForm("/dashboard/mysubmissions", { intent: "per-page", itemsPerPage: "5" }, worker.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/mysubmissions");
    expect(await savedPageSize(worker.id)).toBe(5);
    expect(await savedPageSize(other.id)).toBeNull();
    const page = await (await getPage("/dashboard/mysubmissions", worker.cookie)).text();
    expect(occurrences(page, 'data-testid="submission-row"')).toBe(5);
    expect(await textOf(new Response(page))).toContain("Page 1 of 2");
    expect(page).toMatch(/<option value="5" selected="">5<\/option>/);
    // the first page is read at the largest size and cut to the worker's; a later page is read at theirs
    const second = await (await getPage("/dashboard/mysubmissions?page=2", worker.cookie)).text();
    expect(occurrences(second, 'data-testid="submission-row"')).toBe(2);
    expect(await textOf(new Response(second))).toContain("Page 2 of 2");

    await postForm("/dashboard/mysubmissions", { intent: "per-page", itemsPerPage: "10" }, worker.cookie);
    const all = await (await getPage("/dashboard/mysubmissions", worker.cookie)).text();
    expect(occurrences(all, 'data-testid="submission-row"')).toBe(7);
    // one page: the pager says so rather than vanishing
    expect(await textOf(new Response(all))).toContain("Page 1 of 1");

    for (const bad of ["7", "abc", ""]) {
      const refused = await postForm(
        "/dashboard/mysubmissions",
        { intent: "per-page", itemsPerPage: bad },
        worker.cookie,
      );
      expect(refused.status, bad).toBe(422);
      expect(await textOf(refused)).toContain("Items per page must be 3, 5 or 10");
    }
    expect(await savedPageSize(worker.id)).toBe(10);
  });

  it("only ever lists the signed-in worker's own submissions", async () => {
    const { token } = await workerWithSubmissions(2);
    const stranger = await registerUser("Worker");
    const text = await textOf(await getPage("/dashboard/mysubmissions", stranger.cookie));
    expect(text).not.toContain(token);
    expect(text).toContain("No Submitted Tasks Yet.");
  });
});

describe("Worker Home", () => {
  it("starts at zero with 'No Approved Tasks Yet.'", async () => {
    const worker = await registerUser("Worker");
    const html = await (await getPage("/dashboard/workerhome", worker.cookie)).text();
    const text = await textOf(new Response(html));
    expect(text).toContain("Total Submissions");
    expect(text).toContain("Total Pending Submissions");
    expect(text).toContain("Total Earnings");
    expect(html).toMatch(/data-testid="stat-total">0</);
    expect(html).toMatch(/data-testid="stat-pending">0</);
    expect(text).toContain("No Approved Tasks Yet.");
  });

  it("counts submissions, pending ones and earnings (coins and dollars), and lists the approved tasks", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 300, `Buyer ${token}`);
    const worker = await registerUser("Worker");
    const t1 = await taskOf(buyer, { task_title: `Paid ${token}`, required_workers: 1, payable_amount: 70 });
    const t2 = await taskOf(buyer, { task_title: `Refused ${token}`, required_workers: 1, payable_amount: 5 });
    const t3 = await taskOf(buyer, { task_title: `Waiting ${token}`, required_workers: 1, payable_amount: 9 });
    const s1 = await submissionBy(worker, t1.id);
    const s2 = await submissionBy(worker, t2.id);
    await submissionBy(worker, t3.id);
    await approveAs(buyer, s1.id);
    await rejectAs(buyer, s2.id, "Wrong page");
    const html = await (await getPage("/dashboard/workerhome", worker.cookie)).text();
    const text = await textOf(new Response(html));
    expect(html).toMatch(/data-testid="stat-total">3</);
    expect(html).toMatch(/data-testid="stat-pending">1</);
    expect(text).toMatch(/Total Earnings 70 coins \$3\.50/);
    expect(text).toContain("Approved Tasks");
    expect(text).toMatch(new RegExp(`Paid ${token} .*70 coins \\$3\\.50 Buyer ${token} Approved`));
    expect(text).not.toContain(`Refused ${token}`);
    expect(text).not.toContain(`Waiting ${token}`);
    expect(text).not.toContain("No Approved Tasks Yet.");
  });
});
