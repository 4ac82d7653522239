// Update Task (/dashboard/updatetask/:id): owner only, prefilled, the update messages, charge/refund of the difference.
import { describe, expect, it } from "vitest";
import {
  balance,
  env,
  expectRedirect,
  funded,
  getPage,
  htmlOf,
  pngFile,
  postForm,
  registerUser,
  submissionBy,
  taskFields,
  taskOf,
} from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";

const path = (id: string) => `/dashboard/updatetask/${id}`;

async function row(id: string) {
  return env.DB.prepare("SELECT * FROM tasks WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

describe("Update Task page", () => {
  it("prefills the form with the task and shows what is escrowed", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, {
      task_title: "Translate my flyer",
      required_workers: 3,
      payable_amount: 4,
      category: "Translation",
    });
    const res = await getPage(path(task.id), buyer.cookie);
    expect(res.status).toBe(200);
    const body = await htmlOf(res, true);
    expect(body).toContain('value="Translate my flyer"');
    expect(body).toMatch(/name="required_workers"[^>]*value="3"|value="3"[^>]*name="required_workers"/);
    expect(body).toContain('<option value="Translation" selected="">');
    expect(body).toContain("12 coins (3 × 4)");
  });

  it("sends other buyers to /unauthorized, workers too, and says 404 for a missing or deleted task", async () => {
    const owner = await funded("Buyer", 100);
    const task = await taskOf(owner);
    const other = await funded("Buyer", 100);
    const res = await getPage(path(task.id), other.cookie);
    expectRedirect(res, "/unauthorized");
    // the action refuses the same way, and nothing changes
    const post = await postForm(path(task.id), taskFields({ task_title: "Hijacked" }), other.cookie);
    expectRedirect(post, "/unauthorized");
    expect((await row(task.id))?.task_title).not.toBe("Hijacked");

    const worker = await registerUser("Worker");
    const w = await getPage(path(task.id), worker.cookie);
    expect(w.headers.get("Location")).toBe("/unauthorized");

    const missing = await getPage(path("00000000-0000-0000-0000-000000000000"), owner.cookie);
    expect(missing.status).toBe(404);
    expect(await htmlOf(missing, true)).toContain("Task not found");
  });

  it.each([
    [{ task_title: "" }, "Task title is required"],
    [{ required_workers: "0" }, "Must be at least 1 worker"],
    [{ required_workers: "" }, "Must be at least 1 worker"],
    [{ payable_amount: "0" }, "Amount must be greater than 0"],
    [{ payable_amount: "x" }, "Invalid Input"],
  ])("says the update form's message (%o)", async (override, message) => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer);
    const res = await postForm(path(task.id), taskFields(override), buyer.cookie);
    expect(res.status).toBe(422);
    expect(await htmlOf(res, true)).toContain(message);
  });

  it("charges the extra cost, then refunds when it costs less; details and image stay optional", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 }); // 80 left
    expect(await balance(buyer.id)).toBe(80);
    const more = await postForm(
      path(task.id),
      taskFields({ required_workers: "3", payable_amount: "10", task_detail: "" }),
      buyer.cookie,
    );
    expectRedirect(more, "/dashboard/mytasks", { type: "success", title: "Task Updated!" });
    expect(await balance(buyer.id)).toBe(70);
    const saved = await row(task.id);
    expect(saved).toMatchObject({ required_workers: 3, payable_amount: 10 });
    expect(saved?.task_detail).toBe(task.taskDetail); // blank detail keeps the old one

    const less = await postForm(
      path(task.id),
      { ...taskFields({ required_workers: "1", payable_amount: "5" }), [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(less.status).toBe(200);
    expect(await htmlOf(less, true)).toContain("25 coins were refunded");
    expect(await balance(buyer.id)).toBe(95);
  });

  it("replaces the image only when a new one is uploaded", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer);
    await postForm(path(task.id), { ...taskFields(), image: pngFile() }, buyer.cookie);
    const first = (await row(task.id))?.task_image_url;
    expect(first).toMatch(/^\/images\/.+\.png$/);
    await postForm(path(task.id), taskFields({ task_title: "Renamed" }), buyer.cookie);
    const after = await row(task.id);
    expect(after).toMatchObject({ task_title: "Renamed", task_image_url: first });
  });

  it("over the balance: 'Insufficient Coins' with how many more coins are needed and 'Buy Coins'; nothing changes", async () => {
    const buyer = await funded("Buyer", 60);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 10 }); // 40 left, 20 escrowed
    const res = await postForm(
      path(task.id),
      taskFields({ required_workers: "10", payable_amount: "7" }),
      buyer.cookie,
    ); // 70 - 20 = 50 extra
    expect(res.status).toBe(409);
    const body = await htmlOf(res, true);
    expect(body).toContain("Insufficient Coins");
    expect(body).toContain("You need 10 coins more to save this change.");
    expect(body).toContain("Buy Coins");
    expect(body).toContain('href="/dashboard/purchasecoin"');
    expect(await balance(buyer.id)).toBe(40);
    expect(await row(task.id)).toMatchObject({ required_workers: 2, payable_amount: 10 });
  });

  it("settles against the current open slots when a worker took one after the page was loaded", async () => {
    const buyer = await funded("Buyer", 100);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 5 });
    // the page was loaded with 2 slots; a submission makes it 1 before the save
    const page = await getPage(path(task.id), buyer.cookie);
    expect(page.status).toBe(200);
    const worker = await registerUser("Worker");
    await submissionBy(worker, task.id);
    const res = await postForm(path(task.id), taskFields({ required_workers: "3", payable_amount: "5" }), buyer.cookie);
    // the update settles against the current row (1 open slot x 5 = 5 escrowed): 15 - 5 = 10 more
    expect(res.status).toBe(302);
    expect(await balance(buyer.id)).toBe(100 - 10 - 10);
    expect(await row(task.id)).toMatchObject({ required_workers: 3, payable_amount: 5 });
  });
});
