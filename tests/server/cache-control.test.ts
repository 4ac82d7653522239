// Personal answers are never stored by a browser cache or a shared cache: signed-in pages, every `.data` answer
// (loader data) and anything that sets a cookie say `Cache-Control: private, no-store`. Public pages for anonymous
// visitors, robots.txt and images keep their own caching.
import { describe, expect, it } from "vitest";
import { call, getPage, PASSWORD, postForm, registerUser } from "./fixtures";
import { flashCookie } from "~/server/http/flash.server";

const PRIVATE = "private, no-store";

describe("Cache-Control", () => {
  it("signed-in pages are private, no-store", async () => {
    const worker = await registerUser("Worker");
    for (const path of ["/dashboard/workerhome", "/dashboard/tasklist", "/", "/about"]) {
      const res = await getPage(path, worker.cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE);
      await res.arrayBuffer();
    }
  });

  it("every .data answer is private, no-store, signed in or not", async () => {
    const buyer = await registerUser("Buyer");
    for (const [path, cookie] of [
      ["/dashboard/buyerhome.data", buyer.cookie],
      ["/about.data", undefined],
      ["/faq.data", buyer.cookie],
      ["/dashboard/buyerhome.data", undefined],
    ] as const) {
      const res = await call(path, { headers: cookie ? { Cookie: cookie } : {} });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE);
      await res.arrayBuffer();
    }
  });

  it("a response that sets a cookie is private, no-store (sign-in, a read flash, a dropped session)", async () => {
    const u = await registerUser("Buyer");
    const login = await call("/login", {
      method: "POST",
      body: (() => {
        const f = new FormData();
        f.set("email", u.email);
        f.set("password", PASSWORD);
        return f;
      })(),
      headers: { "CF-Connecting-IP": "10.12.0.1" },
    });
    expect(login.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(login.headers.get("Cache-Control")).toBe(PRIVATE);

    const flash = flashCookie({ type: "success", title: "Hello" }).split(";")[0];
    const withFlash = await getPage("/about", flash);
    expect(withFlash.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(withFlash.headers.get("Cache-Control")).toBe(PRIVATE);
    await withFlash.arrayBuffer();

    const stale = await getPage("/faq", "__Host-cw_session=not-a-token");
    expect(stale.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(stale.headers.get("Cache-Control")).toBe(PRIVATE);
    await stale.arrayBuffer();

    const contact = await postForm("/contact", { name: "A", email: "a@b.co", subject: "s", message: "m" });
    expect(contact.headers.get("Cache-Control")).toBe(PRIVATE);
  });

  it("anonymous public pages, robots.txt and images keep their own caching", async () => {
    for (const path of ["/", "/about", "/faq"]) {
      const res = await getPage(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control") ?? "", path).not.toMatch(/private|no-store/);
      await res.arrayBuffer();
    }
    const robots = await getPage("/robots.txt");
    expect(robots.headers.get("Cache-Control")).toBe("public, max-age=3600");
    await robots.arrayBuffer();
  });
});
