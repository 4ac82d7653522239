// A redirect target the visitor supplies (login's redirectTo, the bell's redirectTo) stays on this site: anything
// that a browser could read as another origin falls back to the page's own default.
import { describe, expect, it } from "vitest";
import { call, expectRedirect, PASSWORD, postForm, registerUser } from "./fixtures";
import { NASTY_TARGETS } from "../unit/redirect-targets";
import { backTo } from "~/server/http/page-action.server";

/** A login from an address of its own (the per-address rate limit is not what these tests are about). */
function login(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return call("/login", { method: "POST", body: form, headers: { "CF-Connecting-IP": address } });
}

describe("login's redirectTo", () => {
  it.each(NASTY_TARGETS.map((t) => [JSON.stringify(t), t]))(
    "ignores %s and goes to the role's home",
    async (_l, target) => {
      const u = await registerUser("Worker");
      const res = await login({ email: u.email, password: PASSWORD, redirectTo: target });
      expectRedirect(res, "/dashboard/workerhome");
    },
  );

  it.each([
    ["/dashboard/tasklist?category=Translation", "/dashboard/tasklist?category=Translation"],
    ["/dashboard/mysubmissions?page=2#latest", "/dashboard/mysubmissions?page=2#latest"],
    ["https://coinwork.test/dashboard/withdraw", "/dashboard/withdraw"],
    ["/login", "/dashboard/workerhome"],
    ["/register?x=1", "/dashboard/workerhome"],
  ])("follows a path of this site: %s", async (target, location) => {
    const u = await registerUser("Worker");
    const res = await login({ email: u.email, password: PASSWORD, redirectTo: target });
    expect(res.headers.get("Location")).toBe(location);
  });
});

describe("login's redirectTo for a page of another role", () => {
  it.each([
    ["Buyer", "/dashboard/tasklist", "/dashboard/buyerhome"],
    ["Buyer", "/dashboard/adminhome", "/dashboard/buyerhome"],
    ["Buyer", "/dashboard/mytasks?page=2", "/dashboard/mytasks?page=2"],
    ["Buyer", "/dashboard/notifications", "/dashboard/notifications"],
    ["Worker", "/dashboard/purchasecoin", "/dashboard/workerhome"],
    ["Worker", "/unauthorized", "/dashboard/workerhome"],
  ] as const)("a %s sent back to %s lands on %s", async (role, target, location) => {
    const u = await registerUser(role);
    const res = await login({ email: u.email, password: PASSWORD, redirectTo: target });
    expect(res.headers.get("Location")).toBe(location);
  });
});

describe("the notification bell's redirectTo", () => {
  it.each(NASTY_TARGETS.map((t) => [JSON.stringify(t), t]))("never leaves the site for %s", async (_l, target) => {
    const u = await registerUser("Buyer");
    const res = await postForm("/dashboard/notifications", { redirectTo: target }, u.cookie);
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get("Location");
    if (location !== null) expect(location).toMatch(/^\/dashboard(?:[/?#]|$)/);
  });

  it("returns to the dashboard page it was posted from", async () => {
    const u = await registerUser("Buyer");
    const res = await postForm("/dashboard/notifications", { redirectTo: "/dashboard/mytasks?page=2" }, u.cookie);
    expectRedirect(res, "/dashboard/mytasks?page=2");
  });
});

describe("a page action's way back (backTo)", () => {
  it("goes back to the page a form was posted from, also when a script posted it to the page's .data address", () => {
    const back = (path: string) => backTo(new Request(`https://coinwork.test${path}`, { method: "POST" }));
    expect(back("/dashboard/qualifications/q1?form=question&confirm=delete&row=x")).toBe(
      "/dashboard/qualifications/q1?form=question",
    );
    // React Router's script posts go to <path>.data ("/_root.data" for "/"): the redirect must name the page
    expect(back("/dashboard/qualifications/q1.data?form=question&index")).toBe(
      "/dashboard/qualifications/q1?form=question",
    );
    expect(back("/_root.data")).toBe("/");
    // nor the loaders a script's request names (`_routes`, React Router's own)
    expect(back("/dashboard/mytasks.data?page=2&_routes=root%2Croutes%2Fdashboard%2Flayout")).toBe(
      "/dashboard/mytasks?page=2",
    );
  });
});
