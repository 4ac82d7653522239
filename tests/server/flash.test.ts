// A flash shows once, whatever the order in which the browser's requests land (issue 45, item 3): a script's data
// requests read the flash and leave its cookie (the page takes it by its id and drops the cookie: app/lib/flash.ts);
// only a document request, which renders the message into its page, clears it. Before, the first request that ran
// the root loader cleared it, so a message read by an answer the page then dropped ("Logout Successful!") was lost.
import { describe, expect, it } from "vitest";
import { call, flashOf, getPage, registerUser } from "./fixtures";

const flashCleared = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("cw_flash=;"));

describe("a flash", () => {
  it("carries an id; data requests in any number and order read it without clearing it; the document clears it", async () => {
    const user = await registerUser("Worker");
    const out = await call("/logout", { method: "POST", headers: { Cookie: user.cookie } });
    expect(out.status).toBe(302);
    const flash = flashOf(out)!;
    expect(flash).toMatchObject({ type: "success", title: "Logout Successful!" });
    expect(flash.id).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = out.headers
      .getSetCookie()
      .find((c) => c.startsWith("cw_flash="))!
      .split(";")[0]!;

    // two data requests for the landing page, as a navigation and a revalidation would send them, both carry it
    for (let i = 0; i < 2; i++) {
      const data = await getPage("/_.data", cookie);
      expect(data.status).toBe(200);
      expect(await data.text()).toContain(flash.id);
      expect(flashCleared(data)).toBe(false);
    }
    // the document shows it and clears it
    const page = await getPage("/", cookie);
    expect(await page.text()).toContain("Logout Successful!");
    expect(flashCleared(page)).toBe(true);
    // a new flash has a new id
    const again = await call("/logout", { method: "POST" });
    expect(flashOf(again)!.id).not.toBe(flash.id);
  });

  it("is readable by the page's script, which drops it once shown; a mangled one is cleared by any request", async () => {
    const out = await call("/logout", { method: "POST" });
    const set = out.headers.getSetCookie().find((c) => c.startsWith("cw_flash="))!;
    expect(set).not.toMatch(/HttpOnly/i);
    expect(set).toMatch(/Max-Age=60/);
    const mangled = await getPage("/_.data", "cw_flash=%7Bnot-json");
    expect(flashCleared(mangled)).toBe(true);
    await mangled.arrayBuffer();
  });
});
