// The pages with a policy of their own (app/lib/csp.ts) against the routes whose handle always names a party, and
// the redirect with a flash that goes to one of them as a new document.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { PAGES_WITH_OWN_POLICY } from "~/lib/csp";
import { RELOAD_DOCUMENT_HEADER, redirectWithFlash } from "~/server/http/flash.server";

/** Every page's full path with the source of its route module. */
function pages(entries: RouteConfigEntry[], prefix = ""): { path: string; source: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = { path: path || "/", source: readFileSync(`app/${entry.file}`, "utf8") };
    return [own, ...pages(entry.children ?? [], path)];
  });
}

describe("PAGES_WITH_OWN_POLICY", () => {
  it("lists exactly the pages whose handle always lets a party in", () => {
    const withPolicy = pages(routes as RouteConfigEntry[])
      // the task page frames a HIT's question only when it has one (its handle.frames), so it is no such page
      .filter((p) => /handle: CspHandle = \{ csp: \["(google|stripe)"\] \}/.test(p.source))
      .map((p) => p.path);
    expect([...PAGES_WITH_OWN_POLICY].sort()).toEqual(withPolicy.sort());
  });
});

describe("redirectWithFlash", () => {
  it("goes to a page with its own policy as a new document, and to any other page in place", () => {
    const flash = { type: "success" as const, title: "Password changed!" };
    expect(redirectWithFlash("/login", flash).headers.get(RELOAD_DOCUMENT_HEADER)).toBe("true");
    expect(redirectWithFlash("/login?redirectTo=%2Fdashboard", flash).headers.get(RELOAD_DOCUMENT_HEADER)).toBe("true");
    expect(redirectWithFlash("/dashboard/purchasecoin", flash).headers.get(RELOAD_DOCUMENT_HEADER)).toBe("true");
    expect(redirectWithFlash("/dashboard/workerhome", flash).headers.get(RELOAD_DOCUMENT_HEADER)).toBeNull();
    expect(redirectWithFlash("/dashboard/login", flash).headers.get(RELOAD_DOCUMENT_HEADER)).toBeNull();
  });
});
