// Add Task (/dashboard/addtask): the page's loader and action in workerd, on real local D1 and R2.
import { describe, expect, it } from "vitest";
import {
  balance,
  env,
  expectRedirect,
  flashOf,
  funded,
  getPage,
  htmlOf,
  imagesHolding,
  pngFile,
  postForm,
  registerUser,
  storedImageKeys,
  taskFields,
  uniquePngFile,
} from "./fixtures";
import { ENHANCED_FIELD } from "~/lib/enhanced";

const PATH = "/dashboard/addtask";

async function tasksOf(buyerId: string) {
  const r = await env.DB.prepare("SELECT * FROM tasks WHERE buyer_id = ? ORDER BY created_at")
    .bind(buyerId)
    .all<Record<string, unknown>>();
  return r.results;
}

describe("Add Task page", () => {
  it("shows the form with the nine categories and the balance to anyone with the Buyer role only", async () => {
    const buyer = await funded("Buyer", 120);
    const res = await getPage(PATH, buyer.cookie);
    expect(res.status).toBe(200);
    const body = await htmlOf(res, true);
    for (const field of [
      "task_title",
      "task_detail",
      "required_workers",
      "payable_amount",
      "completion_date",
      "submission_info",
      "category",
      "image",
    ]) {
      expect(body).toContain(`name="${field}"`);
    }
    for (const c of [
      "Video Engagement",
      "Content Writing",
      "Translation",
      "Image Handling",
      "App & Website Testing",
      "Creative Design",
      "Data Entry",
      "SEO & Marketing",
      "Survey & Feedback",
    ]) {
      expect(body).toContain(`<option value="${c}">`);
    }
    expect(body).toMatch(/enctype="multipart\/form-data"/i);
    expect(body).toContain("120 coins");

    const worker = await registerUser("Worker");
    const denied = await getPage(PATH, worker.cookie);
    expectRedirect(denied, "/unauthorized");
    const anon = await getPage(PATH);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Faddtask/);
  });

  it.each([
    [{ task_title: "" }, "Task Title is required"],
    [{ required_workers: "" }, "Minimum 1 worker is required"],
    [{ required_workers: "0" }, "Minimum 1 worker is required"],
    [{ required_workers: "abc" }, "Invalid Input"],
    [{ payable_amount: "0" }, "Minimum amount is 1"],
    [{ payable_amount: "1.5" }, "Invalid Input"],
    // decimal digits only: what Number() would also read as a number is refused
    [{ required_workers: "0x10" }, "Invalid Input"],
    [{ required_workers: "1e1" }, "Invalid Input"],
    [{ payable_amount: " 5" }, "Invalid Input"],
    [{ payable_amount: "+5" }, "Invalid Input"],
    [{ category: "Gardening" }, "Category is required"],
    [{ completion_date: "" }, "Completion date is required"],
    [{ submission_info: " " }, "Submission info is required"],
  ])("says the add form's message without JavaScript (%o)", async (override, message) => {
    const buyer = await funded("Buyer", 100);
    const res = await postForm(PATH, taskFields(override), buyer.cookie);
    expect(res.status).toBe(422);
    expect(await htmlOf(res, true)).toContain(message);
    expect(await balance(buyer.id)).toBe(100);
    expect(await tasksOf(buyer.id)).toHaveLength(0);
  });

  it("posts the task, charges workers x pay and redirects to My Tasks with 'Task Posted!'", async () => {
    const buyer = await funded("Buyer", 100);
    const res = await postForm(
      PATH,
      taskFields({ required_workers: "4", payable_amount: "10", task_title: "Review my app" }),
      buyer.cookie,
    );
    expectRedirect(res, "/dashboard/mytasks", { type: "success", title: "Task Posted!" });
    expect(await balance(buyer.id)).toBe(60);
    const [task] = await tasksOf(buyer.id);
    expect(task).toMatchObject({
      task_title: "Review my app",
      required_workers: 4,
      payable_amount: 10,
      task_image_url: null,
    });
  });

  it("with JavaScript answers with data for the 2-second success dialog instead of redirecting", async () => {
    const buyer = await funded("Buyer", 100);
    const res = await postForm(
      PATH,
      { ...taskFields({ required_workers: "2", payable_amount: "5" }), [ENHANCED_FIELD]: "1" },
      buyer.cookie,
    );
    expect(res.status).toBe(200);
    // as a batch answers (app/lib/posting.ts): what is live and what is held
    expect(await htmlOf(res, true)).toContain("is live: 10 coins are held in escrow.");
    expect(await balance(buyer.id)).toBe(90);
  });

  it("stores the uploaded image in R2 and links it to the task", async () => {
    const buyer = await funded("Buyer", 100);
    const res = await postForm(PATH, { ...taskFields(), image: pngFile() }, buyer.cookie);
    expect(res.status).toBe(302);
    const [task] = await tasksOf(buyer.id);
    expect(task.task_image_url).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    const object = await env.IMAGES.get(String(task.task_image_url).slice("/images/".length));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    const served = await getPage(String(task.task_image_url));
    expect(served.status).toBe(200);
  });

  it("refuses a non-image upload with 'Upload Failed' and posts nothing", async () => {
    const buyer = await funded("Buyer", 100);
    const fake = new File([new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")], "x.png", {
      type: "image/png",
    });
    const res = await postForm(PATH, { ...taskFields(), image: fake }, buyer.cookie);
    expect(res.status).toBe(415);
    const body = await htmlOf(res, true);
    expect(body).toContain("Upload Failed");
    expect(body).toContain("Only PNG, JPEG, WebP or GIF images can be uploaded");
    expect(await tasksOf(buyer.id)).toHaveLength(0);
    expect(await balance(buyer.id)).toBe(100);
  });

  it("over the balance: 'Not available Coin.  Purchase Coin' and off to /dashboard/purchasecoin, nothing charged", async () => {
    const buyer = await funded("Buyer", 50);
    const res = await postForm(
      PATH,
      { ...taskFields({ required_workers: "6", payable_amount: "10" }), image: pngFile() },
      buyer.cookie,
    );
    expectRedirect(res, "/dashboard/purchasecoin");
    const flash = flashOf(res)!;
    expect(flash.type).toBe("error");
    expect(flash.title).toBe("Not available Coin.  Purchase Coin");
    expect(await balance(buyer.id)).toBe(50);
    expect(await tasksOf(buyer.id)).toHaveLength(0);
    // the flash shows on the purchase page (inline without JavaScript)
    const landing = await getPage(
      "/dashboard/purchasecoin",
      `${buyer.cookie}; cw_flash=${encodeURIComponent(JSON.stringify(flash))}`,
    );
    expect(await htmlOf(landing, true)).toContain("Not available Coin.  Purchase Coin");
  });

  it("a refused post leaves no image in R2 (it was stored, then deleted); a posted task keeps its image", async () => {
    const buyer = await funded("Buyer", 50);
    const before = await storedImageKeys();
    const refusedImage = await uniquePngFile();
    const refused = await postForm(
      PATH,
      { ...taskFields({ required_workers: "6", payable_amount: "10" }), image: refusedImage },
      buyer.cookie,
    );
    expect(refused.headers.get("Location")).toBe("/dashboard/purchasecoin");
    expect(await imagesHolding(refusedImage, before)).toEqual([]);

    const keptImage = await uniquePngFile();
    const posted = await postForm(
      PATH,
      { ...taskFields({ required_workers: "1", payable_amount: "5" }), image: keptImage },
      buyer.cookie,
    );
    expect(posted.headers.get("Location")).toBe("/dashboard/mytasks");
    const kept = await imagesHolding(keptImage, before);
    expect(kept).toHaveLength(1);
    expect((await tasksOf(buyer.id))[0].task_image_url).toBe(`/images/${kept[0]}`);
  });

  it("exactly the balance is enough", async () => {
    const buyer = await funded("Buyer", 50);
    const res = await postForm(PATH, taskFields({ required_workers: "5", payable_amount: "10" }), buyer.cookie);
    expectRedirect(res, "/dashboard/mytasks");
    expect(await balance(buyer.id)).toBe(0);
  });

  it("a worker cannot post through the page action", async () => {
    const worker = await registerUser("Worker");
    const res = await postForm(PATH, taskFields({ required_workers: "1", payable_amount: "2" }), worker.cookie);
    expectRedirect(res, "/unauthorized");
    expect(await tasksOf(worker.id)).toHaveLength(0);
    expect(await balance(worker.id)).toBe(10);
  });
});
