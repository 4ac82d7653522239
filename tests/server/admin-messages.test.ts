// Messages: contact-form messages newest first, paginated; unread ones stand out; opening one marks it read
// (the dialog posts a mark-read; without JavaScript the ?open= view has a button), and it can be unread again.
import { describe, expect, it } from "vitest";
import {
  addContactMessage,
  adminWorld,
  expectRedirect,
  expectText,
  jsPost,
  pageHtml,
  postForm,
  row,
  uniqueToken,
} from "./fixtures";

const readAt = async (id: string) =>
  (await row<{ read_at: number | null }>("SELECT read_at FROM contact_messages WHERE id = ?", id))?.read_at;

describe("Messages loader", () => {
  it("lists messages newest first with sender, e-mail, subject and text; unread ones are marked", async () => {
    const w = await adminWorld();
    const t = uniqueToken();
    const older = await addContactMessage({
      name: "Older Sender",
      subject: `Older ${t}`,
      createdAt: Date.now() + 1_000,
    });
    const newer = await addContactMessage({
      name: "Newer Sender",
      email: `newer-${t}@example.com`,
      subject: `Newer ${t}`,
      message: "Please call me back",
      createdAt: Date.now() + 2_000,
    });
    const page = await pageHtml("/dashboard/messages", w.admin.cookie);
    expect(page.status).toBe(200);
    expectText(page.text, [
      "Newer Sender",
      `newer-${t}@example.com`,
      "Please call me back",
      `data-testid="message-${newer}" data-read="false"`,
      "(unread)",
    ]);
    expect(page.text.indexOf(`Newer ${t}`)).toBeLessThan(page.text.indexOf(`Older ${t}`));
    // each message opens as a dialog with JavaScript, or as ?open=<id> without
    expectText(page.text, [`href="/dashboard/messages?open=${older}"`]);
  });

  it("?open=<id> shows the whole message with a mark-read form (no JavaScript)", async () => {
    const w = await adminWorld();
    const id = await addContactMessage({ subject: `Open me ${uniqueToken()}`, message: "Line one\nLine two" });
    const page = await pageHtml(`/dashboard/messages?open=${id}`, w.admin.cookie);
    expectText(page.text, ["Line one\nLine two", ">Mark as read<", 'name="intent" value="read"', "Back to messages"]);
    // viewing does not change anything by itself (GET is safe)
    expect(await readAt(id)).toBeNull();
  });

  it("paginates and filters unread; out-of-range pages show the last page", async () => {
    const w = await adminWorld();
    for (let i = 0; i < 12; i++) await addContactMessage({ subject: `Bulk ${i}` });
    const first = await pageHtml("/dashboard/messages", w.admin.cookie);
    expect([...first.text.matchAll(/data-testid="message-/g)]).toHaveLength(10);
    const total = (await row<{ n: number }>("SELECT COUNT(*) AS n FROM contact_messages"))!.n;
    const pages = Math.ceil(total / 10);
    expectText(first.text, [`Page 1 of ${pages}`]);
    const beyond = await pageHtml("/dashboard/messages?page=999", w.admin.cookie);
    expectText(beyond.text, [`Page ${pages} of ${pages}`]);
    const read = await addContactMessage({ subject: `Read already ${uniqueToken()}` });
    await jsPost("/dashboard/messages", { intent: "read", id: read }, w.admin.cookie);
    const unread = await pageHtml("/dashboard/messages?show=unread", w.admin.cookie);
    expectText(unread.text, ['data-read="true"'], false);
    expect((await pageHtml("/dashboard/messages?show=bogus", w.admin.cookie)).status).toBe(200);
  });
});

describe("mark read / unread", () => {
  it("with JavaScript: opening posts a mark-read; it can be marked unread again", async () => {
    const w = await adminWorld();
    const id = await addContactMessage({ subject: `Mark ${uniqueToken()}` });
    const res = await jsPost("/dashboard/messages", { intent: "read", id }, w.admin.cookie);
    expect(res.status).toBe(200);
    const first = await readAt(id);
    expect(first).toBeGreaterThan(0);
    // reading again keeps the first reading time
    await jsPost("/dashboard/messages", { intent: "read", id }, w.admin.cookie);
    expect(await readAt(id)).toBe(first);
    expectText((await pageHtml("/dashboard/messages", w.admin.cookie)).text, [
      `data-testid="message-${id}" data-read="true"`,
    ]);
    const unread = await jsPost("/dashboard/messages", { intent: "unread", id }, w.admin.cookie);
    expect(unread.status).toBe(200);
    expect(await readAt(id)).toBeNull();
  });

  it("without JavaScript: the ?open= view's button marks it read and goes back to the list", async () => {
    const w = await adminWorld();
    const id = await addContactMessage({ subject: `NoJS ${uniqueToken()}` });
    const res = await postForm(`/dashboard/messages?open=${id}&page=1`, { intent: "read", id }, w.admin.cookie);
    expectRedirect(res, "/dashboard/messages?page=1", { type: "success", title: "Marked as read" });
    expect(await readAt(id)).toBeGreaterThan(0);
  });

  it("an unknown message is a 404; a bad intent a 422", async () => {
    const w = await adminWorld();
    expect((await jsPost("/dashboard/messages", { intent: "read", id: "missing" }, w.admin.cookie)).status).toBe(404);
    expect((await jsPost("/dashboard/messages", { intent: "delete", id: "missing" }, w.admin.cookie)).status).toBe(422);
  });
});
