import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/server/http/redirect.server";
import { NASTY_TARGETS } from "./redirect-targets";

const request = new Request("https://coinwork.test/login?redirectTo=x");
const FALLBACK = "/dashboard/workerhome";

describe("safeRedirect", () => {
  it.each(
    [
      ...NASTY_TARGETS,
      " /evil",
      "/evil ",
      "",
      "   ",
      "/\t",
      "%2F%2Fevil.example",
      "/%E0%A4%A",
      "/%0a/evil.example",
    ].map((t) => [JSON.stringify(t), t]),
  )("refuses %s", (_label, target) => {
    expect(safeRedirect(target, request, FALLBACK)).toBe(FALLBACK);
  });

  it.each([undefined, null, 42, ["/a"], { to: "/a" }])("refuses a target that is not a string (%s)", (target) => {
    expect(safeRedirect(target, request, FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ["/", "/"],
    ["/dashboard/tasklist?category=Translation", "/dashboard/tasklist?category=Translation"],
    ["/dashboard/mytasks?page=2#row-3", "/dashboard/mytasks?page=2#row-3"],
    ["/dashboard/../about", "/about"],
    ["/search?q=a%20b", "/search?q=a%20b"],
    ["https://coinwork.test/dashboard/withdraw", "/dashboard/withdraw"],
    ["HTTPS://COINWORK.TEST/faq", "/faq"],
  ])("follows %s as %s", (target, path) => {
    expect(safeRedirect(target, request, FALLBACK)).toBe(path);
  });

  it("refuses another port or scheme of the same host", () => {
    expect(safeRedirect("http://coinwork.test/faq", request, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect("https://coinwork.test:8443/faq", request, FALLBACK)).toBe(FALLBACK);
  });

  it("falls back for the pages named in `except`, with or without a query", () => {
    const except = ["/login", "/register"];
    expect(safeRedirect("/login", request, FALLBACK, { except })).toBe(FALLBACK);
    expect(safeRedirect("/login?redirectTo=/x", request, FALLBACK, { except })).toBe(FALLBACK);
    expect(safeRedirect("/register/", request, FALLBACK, { except })).toBe(FALLBACK);
    expect(safeRedirect("/login-help", request, FALLBACK, { except })).toBe("/login-help");
  });
});
