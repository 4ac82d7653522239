// My Tasks (/dashboard/mytasks): the buyer's own tasks paginated in the database; delete refunds after confirmation.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  balance,
  expectRedirect,
  flashOf,
  funded,
  getPage,
  htmlOf,
  postForm,
  registerUser,
  rejectAs,
  row,
  submissionBy,
  taskOf,
} from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";
import { PENDING_BLOCKS_DELETE } from "~/server/services/tasks.server";

const PATH = "/dashboard/mytasks";
const live = async (id: string) =>
  (await row<{ deleted_at: number | null }>("SELECT deleted_at FROM tasks WHERE id = ?", id))?.deleted_at === null;

describe("My Tasks page", () => {
  it("says 'No Tasks To Review' with an 'Add task' button when there are none", async () => {
    const buyer = await funded("Buyer", 50);
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(body).toContain("No Tasks To Review");
    expect(body).toMatch(/href="\/dashboard\/addtask"[^>]*>.*?Add task/s);
  });

  it("lists only the buyer's tasks with the spec's columns, ten per page, numbered across pages", async () => {
    const buyer = await funded("Buyer", 500);
    for (let i = 1; i <= 12; i++)
      await taskOf(buyer, {
        task_title: `Task number ${String(i).padStart(2, "0")}`,
        required_workers: 1,
        payable_amount: 2,
      });
    const other = await funded("Buyer", 100);
    await taskOf(other, { task_title: "Somebody else's task" });

    const first = await htmlOf(await getPage(PATH, buyer.cookie), true);
    for (const col of ["Sl. no.", "Task", "Workers & Payment", "Completion date", "Action"])
      expect(first).toContain(`>${col}</th>`);
    expect(first).not.toContain("Somebody else's task");
    expect(first.match(/data-testid="task-row"/g)).toHaveLength(10);
    expect(first).toContain("Task number 12"); // newest first
    expect(first).not.toContain("Task number 02");
    expect(first).toContain("Page 1 of 2");

    const second = await htmlOf(await getPage(`${PATH}?page=2`, buyer.cookie), true);
    expect(second.match(/data-testid="task-row"/g)).toHaveLength(2);
    expect(second).toContain("Task number 01");
    expect(second).toMatch(/>11<\/td>/); // Sl. no. continues on page 2
    // a page past the end shows the last page
    const past = await htmlOf(await getPage(`${PATH}?page=9`, buyer.cookie), true);
    expect(past).toContain("Page 2 of 2");
  });

  it("without JavaScript, Delete shows 'Are you sure?' / 'You won't be able to revert this!' before anything happens", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 });
    const body = await htmlOf(await getPage(`${PATH}?confirm=delete&row=${task.id}`, buyer.cookie), true);
    expect(body).toContain("Are you sure?");
    expect(body).toContain("You won't be able to revert this!");
    expect(body).toContain("20 coins refunded");
    expect(await live(task.id)).toBe(true);
  });

  it("deletes with a plain form post: refund, then 'Deleted!' as a flash", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 3, payable_amount: 10 });
    expect(await balance(buyer.id)).toBe(70);
    const res = await postForm(
      `${PATH}?confirm=delete&row=${task.id}`,
      { intent: "delete", id: task.id },
      buyer.cookie,
    );
    expectRedirect(res, PATH, { type: "success", title: "Deleted!" });
    expect(flashOf(res)?.message).toContain("30 coins were refunded");
    expect(await balance(buyer.id)).toBe(100);
    expect(await live(task.id)).toBe(false);
  });

  it("with JavaScript (a fetcher) answers 'Deleted!' as data only after the refund", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 40 });
    const res = await postForm(PATH, { intent: "delete", id: task.id, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(res.status).toBe(200);
    expect(await htmlOf(res, true)).toContain("Deleted!");
    expect(await balance(buyer.id)).toBe(100);
    // deleting again: the task is gone, nothing more is refunded
    const again = await postForm(PATH, { intent: "delete", id: task.id, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(again.status).toBe(404);
    expect(await balance(buyer.id)).toBe(100);
  });

  it("refuses while submissions wait for review, with the service's message", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 });
    await submissionBy(await registerUser("Worker"), task.id);
    const res = await postForm(PATH, { intent: "delete", id: task.id, [ENHANCED_FIELD]: "1" }, buyer.cookie);
    expect(res.status).toBe(409);
    expect(await htmlOf(res, true)).toContain(PENDING_BLOCKS_DELETE);
    const plain = await postForm(PATH, { intent: "delete", id: task.id }, buyer.cookie);
    expect(plain.status).toBe(302);
    expect(flashOf(plain)).toMatchObject({ type: "error", message: PENDING_BLOCKS_DELETE });
    expect(await live(task.id)).toBe(true);
    expect(await balance(buyer.id)).toBe(80);
  });

  it("shows each task's progress (approved, pending, open) with a link to its submissions; Delete waits for them", async () => {
    const buyer = await funded("Buyer", 300);
    const task = await taskOf(buyer, { task_title: "Progress task", required_workers: 4, payable_amount: 10 });
    const [a, b] = [await registerUser("Worker"), await registerUser("Worker")];
    const approved = await submissionBy(a, task.id);
    await submissionBy(b, task.id);
    await approveAs(buyer, approved.id);
    const body = await htmlOf(await getPage(PATH, buyer.cookie), true);
    const shown = body.slice(body.indexOf("Progress task"));
    expect(shown).toMatch(
      /1 approved · <a [^>]*href="\/dashboard\/buyerhome\?task=[^"]+"[^>]*>1 pending<\/a> · 2 needed/,
    );
    expect(shown).toContain(`href="/dashboard/buyerhome?task=${task.id}"`);
    // Delete is off, says why and leads to the review; the confirmation view is not offered for it
    // named "Delete Progress task" by its word and the row's title, by reference (decision 113)
    const rowId = /<button[^>]*disabled=""[^>]*aria-labelledby="(t\d+)d \1n"[^>]*>Delete</.exec(shown)?.[1];
    expect(body).toContain(`id="${rowId}n">Progress task<`);
    expect(shown).toContain("Review its 1 pending submission before deleting");
    expect(body).not.toContain(`confirm=delete&row=${task.id}`);
    const ask = await htmlOf(await getPage(`${PATH}?confirm=delete&row=${task.id}`, buyer.cookie), true);
    // the page's scripts carry its words, asked or not: the question is not in what it shows
    expect(ask.replace(/<script\b[\s\S]*?<\/script>/g, "")).not.toContain("Are you sure?");
    // once reviewed, nothing is pending and Delete is back
    await rejectAs(
      buyer,
      (await row<{ id: string }>("SELECT id FROM submissions WHERE task_id = ? AND status = 'pending'", task.id))!.id,
      "No.",
    );
    const after = await htmlOf(await getPage(PATH, buyer.cookie), true);
    expect(after).toContain("1 approved · 0 pending · 3 needed");
    expect(after).toContain(`confirm=delete&row=${task.id}`);
  });

  it("another buyer cannot delete the task; a worker cannot reach the page", async () => {
    const owner = await funded("Buyer", 100);
    const task = await taskOf(owner, { required_workers: 1, payable_amount: 10 });
    const other = await funded("Buyer", 50);
    const res = await postForm(PATH, { intent: "delete", id: task.id, [ENHANCED_FIELD]: "1" }, other.cookie);
    expect(res.status).toBe(403);
    expect(await live(task.id)).toBe(true);
    expect(await balance(other.id)).toBe(50);
    expect(await balance(owner.id)).toBe(90);

    const worker = await registerUser("Worker");
    const page = await getPage(PATH, worker.cookie);
    expect(page.headers.get("Location")).toBe("/unauthorized");
    const post = await postForm(PATH, { intent: "delete", id: task.id }, worker.cookie);
    expect(post.headers.get("Location")).toBe("/unauthorized");
    expect(await live(task.id)).toBe(true);
  });
});
