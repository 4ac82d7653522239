// Searches of any length the forms allow (up to 100 characters) work: D1 refuses LIKE patterns over 50 bytes
// ("LIKE or GLOB pattern too complex"), which turned a long search into a 500 on the worker's task list, the REST
// task list and the admin lists. % and _ are ordinary characters in a search, not wildcards.
import { describe, expect, it } from "vitest";
import { BASE, env, getPage, isoDay, jsonCall, makeAdmin, PASSWORD, registerUser, sessionUser } from "./fixtures";
import { postTask } from "~/server/services/tasks.server";
import { register } from "~/server/services/accounts.server";

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("long searches", () => {
  it("find a task by its whole 90-character title: worker's Task List, GET /tasks2 and Manage Tasks", async () => {
    const buyer = await registerUser("Buyer", "Long Search Buyer");
    const worker = await registerUser("Worker");
    const admin = await makeAdmin();
    const title = `Translate the onboarding e-mail into Bangla, keep the tone friendly: 100%_sure ${stamp}`;
    expect(title.length).toBeGreaterThan(60);
    const task = await postTask(env, await sessionUser(buyer.id), {
      task_title: title,
      task_detail: "Two paragraphs.",
      required_workers: 1,
      payable_amount: 5,
      completion_date: isoDay(3),
      submission_info: "The translation",
      category: "Translation",
      task_image_url: "",
    });

    // the no-JavaScript filter form sends every field, the empty category too
    const list = await getPage(
      `/dashboard/tasklist?q=${encodeURIComponent(title)}&category=&sort=newest`,
      worker.cookie,
    );
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("1 open task matches your filters");
    expect(html).toContain(`/dashboard/tasklist/${task.id}`);
    // case does not matter
    expect(
      await (await getPage(`/dashboard/tasklist?q=${encodeURIComponent(title.toUpperCase())}`, worker.cookie)).text(),
    ).toContain(`/dashboard/tasklist/${task.id}`);

    const rest = await jsonCall(`/tasks2?q=${encodeURIComponent(title)}`, "GET", undefined, worker.token);
    expect(rest.status).toBe(200);
    expect(JSON.stringify(await rest.json())).toContain(task.id);

    const admins = await getPage(`/dashboard/managetasks?q=${encodeURIComponent(title)}`, admin.cookie);
    expect(admins.status).toBe(200);
    expect(await admins.text()).toContain(`task-${task.id}`);

    // % and _ match themselves only
    expect(
      await (await getPage(`/dashboard/tasklist?q=${encodeURIComponent(`100%_sure ${stamp}`)}`, worker.cookie)).text(),
    ).toContain(`/dashboard/tasklist/${task.id}`);
    const wild = await getPage(`/dashboard/managetasks?q=${encodeURIComponent("%_%_%_%_%_%_%")}`, admin.cookie);
    expect(wild.status).toBe(200);
    expect(await wild.text()).toContain("No tasks match your search.");
  });

  it("find a user by a 60-character e-mail on Manage Users", async () => {
    const admin = await makeAdmin();
    const email = `a-rather-long-mailbox-name-for-search-${stamp}@long-search.coinwork.test`;
    expect(email.length).toBeGreaterThan(60);
    await register(env, { name: "Long Mailbox", email, password: PASSWORD, role: "Worker", photo: "" }, BASE);
    const res = await getPage(`/dashboard/manageusers?q=${encodeURIComponent(email.toUpperCase())}`, admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`user-${email}`);
    const none = await getPage(`/dashboard/manageusers?q=${encodeURIComponent(`${"_".repeat(80)}`)}`, admin.cookie);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No users match your search.");
  });
});
