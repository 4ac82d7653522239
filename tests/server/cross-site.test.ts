// Requests that change something and carry the session cookie must come from this site: a page of another origin
// cannot make the browser post with the visitor's cookie. Bearer-token clients (which a browser never sends on its
// own) and same-origin pages are unaffected, and CORS_ORIGINS keeps working for Bearer calls.
import { describe, expect, it } from "vitest";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { BASE, call, env, getPage, PASSWORD, registerUser, type TestUser } from "./fixtures";

const EVIL = "https://evil.example";

function post(path: string, u: TestUser, headers: Record<string, string>, body: BodyInit = new FormData()) {
  return call(path, { method: "POST", body, headers: { Cookie: u.cookie, ...headers } });
}

async function stillSignedIn(u: TestUser): Promise<boolean> {
  const res = await getPage("/dashboard", u.cookie);
  return res.status === 302 && !res.headers.get("Location")!.startsWith("/login");
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("forbidden");
  expect(body.error.message).toMatch(/another site/);
}

describe("a cookie-authenticated request from another origin", () => {
  it("cannot log the visitor out (page route /logout, REST /auth/logout)", async () => {
    const u = await registerUser("Worker");
    await expectRefused(await post("/logout", u, { Origin: EVIL }));
    await expectRefused(await post("/auth/logout", u, { Origin: EVIL }));
    expect(await stillSignedIn(u)).toBe(true);
  });

  it("cannot mark notifications read, change a preference or post a page form", async () => {
    const u = await registerUser("Worker");
    await expectRefused(await post("/dashboard/notifications", u, { Origin: EVIL }));
    await expectRefused(
      await post(
        "/user-preference",
        u,
        { Origin: EVIL, "Content-Type": "application/json" },
        JSON.stringify({ itemsPerPage: 5 }),
      ),
    );
    const form = new FormData();
    form.set("withdrawal_coin", "20");
    await expectRefused(await post("/dashboard/withdraw", u, { Origin: EVIL }, form));
    await expectRefused(await call("/user-preference", { method: "PUT", headers: { Cookie: u.cookie, Origin: EVIL } }));
  });

  it("is refused from an opaque origin ('null') and when only Sec-Fetch-Site says cross-site", async () => {
    const u = await registerUser("Buyer");
    await expectRefused(await post("/logout", u, { Origin: "null" }));
    await expectRefused(await post("/logout", u, { "Sec-Fetch-Site": "cross-site" }));
    // a sibling subdomain is another origin too
    await expectRefused(await post("/logout", u, { Origin: "https://shop.coinwork.test" }));
    expect(await stillSignedIn(u)).toBe(true);
  });

  it("may still read (GET) with the cookie: only changes are guarded", async () => {
    const u = await registerUser("Buyer");
    const res = await call("/user-preference", { headers: { Cookie: u.cookie, Origin: EVIL } });
    expect(res.status).toBe(200);
  });
});

describe("requests that are not cross-site, or not cookie-authenticated", () => {
  it("same-origin posts with the cookie work", async () => {
    const u = await registerUser("Worker");
    const res = await post("/dashboard/notifications", u, { Origin: BASE, "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(200);
    const out = await post("/logout", u, { Origin: BASE });
    expect(out.status).toBe(302);
    expect(await stillSignedIn(u)).toBe(false);
  });

  it("posts without Origin (a non-browser client, an older browser's same-site form) work", async () => {
    const u = await registerUser("Worker");
    expect((await post("/dashboard/notifications", u, {})).status).toBe(200);
  });

  it("Bearer calls work from any origin, with the CORS headers for configured origins", async () => {
    const u = await registerUser("Worker");
    const fetchWith = async (origin: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch!(
        new Request(new URL("/user-preference", BASE), {
          method: "POST",
          headers: {
            Authorization: `Bearer ${u.token}`,
            // the browser of a configured origin may still hold a cookie of ours: Bearer decides who is calling
            Cookie: u.cookie,
            Origin: origin,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ itemsPerPage: 10 }),
        }) as Request<unknown, IncomingRequestCfProperties>,
        { ...env, CORS_ORIGINS: "https://app.example" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const allowed = await fetchWith("https://app.example");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("https://app.example");
    const other = await fetchWith(EVIL);
    expect(other.status).toBe(200);
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("an anonymous REST call from another origin works (a CORS client signing in); a page form is React Router's", async () => {
    const u = await registerUser("Worker");
    const api = await call("/auth/login", {
      method: "POST",
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
      headers: { Origin: EVIL, "Content-Type": "application/json", "CF-Connecting-IP": "10.11.0.1" },
    });
    expect(api.status).toBe(200);
    // a page action posted from another origin (login CSRF) is refused by React Router before it runs
    const form = new FormData();
    form.set("email", u.email);
    form.set("password", PASSWORD);
    const page = await call("/login", {
      method: "POST",
      body: form,
      headers: { Origin: EVIL, "CF-Connecting-IP": "10.11.0.2" },
    });
    expect(page.status).toBe(400);
    expect(page.headers.getSetCookie().join()).not.toMatch(/cw_session=[^;]/);
  });
});
