// Available Tasks (/dashboard/tasklist) and Task detail (/dashboard/tasklist/{id}): loaders, the submission
// action and its refusals, driven through the worker's fetch on real local D1 and R2.
import { describe, expect, it } from "vitest";
import {
  approveAs,
  call,
  env,
  expectImageRefused,
  expectRedirect,
  funded,
  getPage,
  htmlOf,
  imagesHolding,
  isoDay,
  makeAdmin,
  occurrences,
  pngFile,
  postForm,
  registerUser,
  row,
  storedImageKeys,
  startOnPage,
  submissionBy,
  svgFile,
  taskOf,
  textOf,
  uniquePngFile,
  uniqueToken,
  withFlash,
} from "./fixtures";
import { NO_SLOTS, PAST_DATE } from "~/server/services/submissions.server";
import { IMAGE_TYPE_ERROR } from "~/lib/images";

async function slots(taskId: string) {
  return (await row<{ n: number }>("SELECT required_workers AS n FROM tasks WHERE id = ?", taskId))!.n;
}
async function submissionsOf(workerId: string, taskId: string) {
  return (
    await env.DB.prepare(
      "SELECT status, submission_image_url AS image, submission_details AS details FROM submissions WHERE worker_id = ? AND task_id = ?",
    )
      .bind(workerId, taskId)
      .all<{ status: string; image: string | null; details: string }>()
  ).results;
}

describe("worker pages are for workers", () => {
  const paths = async () => {
    const buyer = await funded("Buyer", 50);
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    return [
      "/dashboard/tasklist",
      `/dashboard/tasklist/${task.id}`,
      "/dashboard/mysubmissions",
      "/dashboard/workerhome",
      "/dashboard/withdraw",
    ];
  };

  it("sends anonymous visitors to login (remembering where they were) and other roles to /unauthorized", async () => {
    const buyer = await registerUser("Buyer");
    const admin = await makeAdmin();
    for (const path of await paths()) {
      const anon = await getPage(`${path}?page=2`);
      expect(anon.status, path).toBe(302);
      expect(anon.headers.get("Location"), path).toBe(`/login?redirectTo=${encodeURIComponent(`${path}?page=2`)}`);
      for (const other of [buyer, admin]) {
        const res = await getPage(path, other.cookie);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("Location"), path).toBe("/unauthorized");
      }
    }
  });

  it("sends an anonymous script's navigation (the page's .data, naming its loaders) to login, back to the page", async () => {
    const loaders = encodeURIComponent("routes/dashboard/layout,routes/dashboard/worker/task-list");
    const anon = await call(`/dashboard/tasklist.data?page=2&_routes=${loaders}`);
    // React Router answers a script's navigation with the redirect in its single-fetch body (202)
    expect(anon.status).toBe(202);
    const back = encodeURIComponent("/dashboard/tasklist?page=2");
    expect(await anon.text()).toContain(`"redirect","/login?redirectTo=${back}"`);
  });

  it("refuses the page actions to buyers and anonymous visitors, changing nothing", async () => {
    const buyer = await funded("Buyer", 50);
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    const other = await registerUser("Buyer");
    const asBuyer = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "sneaky" }, other.cookie);
    expect(asBuyer.headers.get("Location")).toBe("/unauthorized");
    const anon = await postForm("/dashboard/withdraw", {
      withdrawal_coin: "200",
      payment_system: "Bkash",
      account_number: "01712345678",
    });
    expect(anon.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const perPage = await postForm("/dashboard/mysubmissions", { intent: "per-page", itemsPerPage: "5" }, other.cookie);
    expect(perPage.headers.get("Location")).toBe("/unauthorized");
    expect(await slots(task.id)).toBe(2);
    const n = await row<{ n: number }>("SELECT COUNT(*) AS n FROM submissions WHERE task_id = ?", task.id);
    expect(n?.n).toBe(0);
  });
});

describe("Available Tasks", () => {
  it("shows open tasks as cards: title, buyer name, due date, payment in coins and dollars, workers needed, View Details", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 200, `Buyer ${token}`);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, {
      task_title: `Review an app ${token}`,
      required_workers: 4,
      payable_amount: 30,
      completion_date: "2099-03-05",
    });
    const res = await getPage(`/dashboard/tasklist?q=${token}`, worker.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = await textOf(new Response(html));
    expect(text).toContain(`Review an app ${token}`);
    expect(text).toContain(`Buyer ${token}`);
    expect(text).toContain("Mar 5, 2099");
    expect(text).toContain("30 coins");
    expect(text).toContain("$1.50"); // 30 coins at the withdrawal rate of 20 per dollar
    expect(text).toMatch(/Workers needed 4/);
    expect(text).toContain("1 open task matches your filters");
    expect(html).toContain(`href="/dashboard/tasklist/${task.id}"`);
    expect(text).toContain("View Details");
  });

  it("leaves out full, past and deleted tasks", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 200);
    const [w1, w2] = [await registerUser("Worker"), await registerUser("Worker")];
    const open = await taskOf(buyer, { task_title: `Open ${token}`, required_workers: 2, payable_amount: 2 });
    const full = await taskOf(buyer, { task_title: `Full ${token}`, required_workers: 1, payable_amount: 2 });
    await submissionBy(w1, full.id);
    const past = await taskOf(buyer, { task_title: `Past ${token}`, required_workers: 1, payable_amount: 2 });
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-1), past.id).run();
    const gone = await taskOf(buyer, { task_title: `Gone ${token}`, required_workers: 1, payable_amount: 2 });
    await env.DB.prepare("UPDATE tasks SET deleted_at = ? WHERE id = ?").bind(Date.now(), gone.id).run();
    const text = await textOf(await getPage(`/dashboard/tasklist?q=${token}`, w2.cookie));
    expect(text).toContain(`Open ${token}`);
    for (const hidden of ["Full", "Past", "Gone"]) expect(text).not.toContain(`${hidden} ${token}`);
    expect(open.id).toBeTruthy();
  });

  it("marks the tasks the worker already has a live submission for (Submitted / Approved), for that worker only", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 200);
    const [me, other] = [await registerUser("Worker"), await registerUser("Worker")];
    const a = await taskOf(buyer, { task_title: `A ${token}`, required_workers: 3, payable_amount: 2 });
    const b = await taskOf(buyer, { task_title: `B ${token}`, required_workers: 3, payable_amount: 2 });
    await taskOf(buyer, { task_title: `C ${token}`, required_workers: 3, payable_amount: 2 });
    await submissionBy(me, a.id);
    await approveAs(buyer, (await submissionBy(me, b.id)).id);
    const mine = await htmlOf(await getPage(`/dashboard/tasklist?q=${token}`, me.cookie));
    expect(occurrences(mine, 'data-testid="my-submission-badge"')).toBe(2);
    const text = await textOf(new Response(mine));
    expect(text).toMatch(new RegExp(`Approved B ${token}`));
    expect(text).toMatch(new RegExp(`Submitted A ${token}`));
    const theirs = await htmlOf(await getPage(`/dashboard/tasklist?q=${token}`, other.cookie));
    expect(occurrences(theirs, 'data-testid="my-submission-badge"')).toBe(0);
  });

  it("searches, filters by category and sorts by newest, best paid and soonest deadline, all from the URL", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 500);
    const worker = await registerUser("Worker");
    for (const [name, category, pay, days] of [
      ["Alpha", "Translation", 5, 20],
      ["Bravo", "Data Entry", 50, 30],
      ["Charlie", "Data Entry", 20, 2],
    ] as const)
      await taskOf(buyer, {
        task_title: `${name} ${token}`,
        category,
        payable_amount: pay,
        required_workers: 1,
        completion_date: isoDay(days),
      });
    const order = async (query: string) => {
      const text = await textOf(await getPage(`/dashboard/tasklist?q=${token}${query}`, worker.cookie));
      return ["Alpha", "Bravo", "Charlie"]
        .map((n) => ({ n, at: text.indexOf(`${n} ${token}`) }))
        .filter((x) => x.at >= 0)
        .sort((a, b) => a.at - b.at)
        .map((x) => x.n);
    };
    expect(await order("")).toEqual(["Charlie", "Bravo", "Alpha"]); // newest first
    expect(await order("&sort=pay")).toEqual(["Bravo", "Charlie", "Alpha"]);
    expect(await order("&sort=deadline")).toEqual(["Charlie", "Alpha", "Bravo"]);
    expect(await order("&category=Data+Entry&sort=pay")).toEqual(["Bravo", "Charlie"]);
    expect(await order("&category=Translation")).toEqual(["Alpha"]);
    // The form shows the URL's choices, so a shared or reloaded link looks the same.
    const html = await (
      await getPage(`/dashboard/tasklist?q=${token}&category=Data+Entry&sort=deadline`, worker.cookie)
    ).text();
    expect(html).toMatch(new RegExp(`name="q"[^>]*value="${token}"`));
    expect(html).toMatch(/<option value="Data Entry" selected="">/);
    expect(html).toMatch(/<option value="deadline" selected="">/);
  });

  it("paginates in the database (12 a page) and keeps the filters in the Prev/Next links", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    for (let i = 1; i <= 13; i++)
      await taskOf(buyer, { task_title: `Task ${i} ${token}`, required_workers: 1, payable_amount: 2 });
    const first = await (await getPage(`/dashboard/tasklist?q=${token}`, worker.cookie)).text();
    expect(occurrences(first, 'data-testid="task-card"')).toBe(12);
    expect(await textOf(new Response(first))).toContain("Page 1 of 2");
    expect(first).toContain(`href="/dashboard/tasklist?q=${token}&amp;page=2"`);
    const second = await (await getPage(`/dashboard/tasklist?q=${token}&page=2`, worker.cookie)).text();
    expect(occurrences(second, 'data-testid="task-card"')).toBe(1);
    expect(await textOf(new Response(second))).toContain(`Task 1 ${token}`); // the oldest, last
    const beyond = await getPage(`/dashboard/tasklist?q=${token}&page=9`, worker.cookie);
    expectRedirect(beyond, `/dashboard/tasklist?q=${token}&page=2`);
  });

  it("says so when nothing matches, and survives malformed parameters", async () => {
    const worker = await registerUser("Worker");
    const none = await textOf(await getPage(`/dashboard/tasklist?q=${uniqueToken("nothing")}`, worker.cookie));
    expect(none).toContain("No tasks match your search");
    expect(none).toContain("Clear filters");
    const junk = await getPage("/dashboard/tasklist?sort=evil&page=-3&category=Nope&q=%25_%5C", worker.cookie);
    expect(junk.status).toBe(200);
  });
});

describe("Task detail", () => {
  it("shows image, title, poster name and e-mail, amount, description, workers, category and date, and the form", async () => {
    const token = uniqueToken();
    const buyer = await funded("Buyer", 200, `Poster ${token}`);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, {
      task_title: `Translate a menu ${token}`,
      task_detail: `Translate our lunch menu ${token} into French.`,
      category: "Translation",
      required_workers: 3,
      payable_amount: 40,
      completion_date: "2099-12-24",
      submission_info: `Paste the French menu ${token}`,
    });
    await startOnPage(task.id, worker.cookie);
    const res = await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = await textOf(new Response(html));
    expect(text).toContain(`Translate a menu ${token}`);
    expect(text).toContain(`Poster ${token}`);
    expect(text).toContain(buyer.email);
    expect(text).toContain("40 coins");
    expect(text).toContain("$2.00");
    expect(text).toContain(`Translate our lunch menu ${token} into French.`);
    // the start holds the third; the field is named as on Add Task
    expect(text).toContain("Workers needed 2 slots open");
    expect(text).toContain("Translation");
    expect(text).toContain("Dec 24, 2099");
    expect(html).toContain('src="/images/categories/translation.webp"'); // no upload: the category's picture
    expect(html).toContain(`placeholder="Paste the French menu ${token}"`);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="image"|<input[^>]*name="image"[^>]*type="file"/);
    expect(text).toContain("Submit Task");
  });

  it("falls back to 'Enter your task submission here...' without submission_info", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    await startOnPage(task.id, worker.cookie);
    await env.DB.prepare("UPDATE tasks SET submission_info = '' WHERE id = ?").bind(task.id).run();
    const html = await (await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie)).text();
    expect(html).toContain('placeholder="Enter your task submission here..."');
  });

  it("answers an unknown or deleted task with the not-found screen (404)", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const unknown = await getPage("/dashboard/tasklist/does-not-exist", worker.cookie);
    expect(unknown.status).toBe(404);
    const text = await textOf(unknown);
    expect(text).toContain("Task not found");
    expect(text).toContain("Back to Task List");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    await env.DB.prepare("UPDATE tasks SET deleted_at = ? WHERE id = ?").bind(Date.now(), task.id).run();
    expect((await getPage(`/dashboard/tasklist/${task.id}`, worker.cookie)).status).toBe(404);
    const post = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "x" }, worker.cookie);
    expect(post.status).toBe(404);
  });

  it("sends a submission with an image: pending, one slot taken, buyer notified, 'Submission sent successfully!'", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker", "Sadia Worker");
    const task = await taskOf(buyer, { task_title: "Like our page", required_workers: 3, payable_amount: 5 });
    await startOnPage(task.id, worker.cookie);
    const res = await postForm(
      `/dashboard/tasklist/${task.id}`,
      { submission_details: "Liked it, user @sadia", image: pngFile() },
      worker.cookie,
    );
    expectRedirect(res, "/dashboard/mysubmissions", { type: "success", title: "Submission sent successfully!" });
    const [submission] = await submissionsOf(worker.id, task.id);
    expect(submission.status).toBe("pending");
    expect(submission.details).toBe("Liked it, user @sadia");
    expect(submission.image).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    const stored = await env.IMAGES.get(submission.image!.slice("/images/".length));
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(await slots(task.id)).toBe(2);
    const note = await row<{ message: string }>(
      "SELECT message FROM notifications WHERE user_id = ? ORDER BY created_at DESC",
      buyer.id,
    );
    expect(note?.message).toBe('Sadia Worker submitted work for "Like our page"');
    // Without JavaScript the flash shows on the page the redirect lands on.
    const landed = await textOf(await getPage("/dashboard/mysubmissions", withFlash(worker.cookie, res)));
    expect(landed).toContain("Submission sent successfully!");
    expect(landed).toContain("Like our page");
    expect(landed).toContain("Pending");
  });

  it("requires the text, on the page as in the API: nothing is stored and no slot is taken without it", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    await startOnPage(task.id, worker.cookie);
    const posts: Record<string, string | Blob>[] = [
      { submission_details: "" },
      { submission_details: " \n " },
      { image: pngFile() },
    ];
    for (const fields of posts) {
      const res = await postForm(`/dashboard/tasklist/${task.id}`, fields, worker.cookie);
      expect(res.status).toBe(422);
      expect(await textOf(res)).toContain("Submission text is required");
    }
    expect(await submissionsOf(worker.id, task.id)).toHaveLength(0);
    expect(await slots(task.id)).toBe(1); // the one the start holds
  });

  it("shows what will be sent before it is sent: the review step stores the image, the send step submits it", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    await startOnPage(task.id, worker.cookie);
    const at = `/dashboard/tasklist/${task.id}`;
    const review = await postForm(
      at,
      { submission_details: "Shared it on my page, see the image", image: pngFile(), step: "review" },
      worker.cookie,
    );
    expect(review.status).toBe(200);
    const html = await htmlOf(review, true);
    expect(html).toContain("Check your submission before sending");
    expect(html).toMatch(/data-testid="submission-text"[^>]*>Shared it on my page, see the image</);
    const image = /name="image_url" value="(\/images\/[0-9a-f-]{36}\.png)"/.exec(html)?.[1];
    expect(image).toBeTruthy();
    expect(html).toContain("Yes, send it");
    // nothing is sent yet: no submission, only the start's slot taken; the image waits in R2 for the send
    expect(await submissionsOf(worker.id, task.id)).toHaveLength(0);
    expect(await slots(task.id)).toBe(1);
    expect(await env.IMAGES.get(image!.slice("/images/".length))).not.toBeNull();
    const sent = await postForm(
      at,
      { submission_details: "Shared it on my page, see the image", image_url: image!, keep_image: "on", step: "send" },
      worker.cookie,
    );
    expectRedirect(sent, "/dashboard/mysubmissions", { type: "success", title: "Submission sent successfully!" });
    const [submission] = await submissionsOf(worker.id, task.id);
    expect(submission).toMatchObject({ status: "pending", image, details: "Shared it on my page, see the image" });
    expect(await slots(task.id)).toBe(1);
    // the review step refuses what the send would: a worker with a live submission is told so at once
    const twice = await postForm(at, { submission_details: "again", step: "review" }, worker.cookie);
    expect(twice.status).toBe(409);
    expect(await textOf(twice)).toContain("Your submission for this task is waiting for review.");
  });

  it("accepts a text-only submission", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    await startOnPage(task.id, worker.cookie);
    const res = await postForm(
      `/dashboard/tasklist/${task.id}`,
      { submission_details: "Just text", image: new File([], "") },
      worker.cookie,
    );
    expect(res.status).toBe(302);
    const [submission] = await submissionsOf(worker.id, task.id);
    expect(submission.image).toBeNull();
  });

  it("stops at 'Image upload failed!' for a file that is not an image: no submission, no slot taken, text kept", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    await startOnPage(task.id, worker.cookie);
    await expectImageRefused(task.id, svgFile(), worker.cookie, 415, IMAGE_TYPE_ERROR);
    expect(await submissionsOf(worker.id, task.id)).toHaveLength(0);
    expect(await slots(task.id)).toBe(1); // the start's
  });

  it("refuses an oversized upload before reading it", async () => {
    const buyer = await funded("Buyer", 50);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 2 });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 200 * 1024)], "big.png", { type: "image/png" });
    const res = await postForm(
      `/dashboard/tasklist/${task.id}`,
      { submission_details: "x", image: big },
      worker.cookie,
    );
    expect(res.status).toBe(413);
    expect(await textOf(res)).toContain("Image upload failed!");
    expect(await submissionsOf(worker.id, task.id)).toHaveLength(0);
  });

  it("shows why instead of the form: already submitted, approved, task full, past its date; a POST anyway fails", async () => {
    const buyer = await funded("Buyer", 100);
    const [w1, w2] = [await registerUser("Worker"), await registerUser("Worker")];
    const task = await taskOf(buyer, { required_workers: 1, payable_amount: 3 });
    const sub = await submissionBy(w1, task.id);

    const mine = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, w1.cookie));
    expect(mine).toContain("Your submission for this task is waiting for review.");
    expect(mine).not.toContain("Submit Task");
    const again = await postForm(`/dashboard/tasklist/${task.id}`, { submission_details: "twice" }, w1.cookie);
    expect(again.status).toBe(409);
    const againText = await textOf(again);
    expect(againText).toContain("Submission failed!");
    expect(againText).toContain("Your submission for this task is waiting for review.");

    const full = await textOf(await getPage(`/dashboard/tasklist/${task.id}`, w2.cookie));
    expect(full).toContain(NO_SLOTS);
    expect(full).not.toContain("Submit Task");
    const late = await postForm(
      `/dashboard/tasklist/${task.id}`,
      { submission_details: "me too", image: pngFile() },
      w2.cookie,
    );
    expect(late.status).toBe(409);
    expect(await textOf(late)).toContain("Submission failed!");
    expect(await submissionsOf(w2.id, task.id)).toHaveLength(0);

    await approveAs(buyer, sub.id);
    expect(await textOf(await getPage(`/dashboard/tasklist/${task.id}`, w1.cookie))).toContain(
      "Your submission for this task was approved.",
    );

    const old = await taskOf(buyer, { required_workers: 2, payable_amount: 2 });
    await env.DB.prepare("UPDATE tasks SET completion_date = ? WHERE id = ?").bind(isoDay(-2), old.id).run();
    const past = await textOf(await getPage(`/dashboard/tasklist/${old.id}`, w2.cookie));
    expect(past).toContain(PAST_DATE);
    expect(past).not.toContain("Submit Task");
    expect((await postForm(`/dashboard/tasklist/${old.id}`, { submission_details: "late" }, w2.cookie)).status).toBe(
      409,
    );
  });

  it("a refused submission leaves its image nowhere in R2", async () => {
    const buyer = await funded("Buyer", 100);
    const worker = await registerUser("Worker");
    const task = await taskOf(buyer, { required_workers: 2, payable_amount: 3 });
    await submissionBy(worker, task.id);
    const before = await storedImageKeys();
    const image = await uniquePngFile();
    const again = await postForm(
      `/dashboard/tasklist/${task.id}`,
      { submission_details: "twice", image },
      worker.cookie,
    );
    expect(again.status).toBe(409);
    expect(await imagesHolding(image, before)).toEqual([]);
  });
});
