// Which role may open which dashboard page: the table in app/lib/roles.ts against the role layouts of
// app/routes.ts, and the doors that follow from it.
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { DASHBOARD_PAGES_BY_ROLE, HOME_BY_ROLE, ROLES, mayOpen, taskDoor, taskPagePath, type Role } from "~/lib/roles";
import { NASTY_TARGETS } from "./redirect-targets";

const LAYOUT_ROLE: Record<string, Role> = {
  "routes/dashboard/buyer/layout.tsx": "Buyer",
  "routes/dashboard/worker/layout.tsx": "Worker",
  "routes/dashboard/admin/layout.tsx": "Admin",
};

describe("DASHBOARD_PAGES_BY_ROLE", () => {
  it("lists exactly the first path segments of each role layout's pages", () => {
    const dashboard = (routes as RouteConfigEntry[]).find((r) => r.path === "dashboard")!;
    const fromRoutes: Record<string, string[]> = {};
    for (const child of dashboard.children ?? []) {
      const role = LAYOUT_ROLE[child.file];
      if (!role) continue;
      fromRoutes[role] = [...new Set((child.children ?? []).map((page) => page.path!.split("/")[0]))].sort();
    }
    for (const role of ROLES) expect([...DASHBOARD_PAGES_BY_ROLE[role]].sort(), role).toEqual(fromRoutes[role]);
  });
});

describe("mayOpen", () => {
  it("admits each role to its own pages and the shared ones only", () => {
    for (const role of ROLES) {
      expect(mayOpen(role, HOME_BY_ROLE[role])).toBe(true);
      expect(mayOpen(role, "/dashboard")).toBe(true);
      expect(mayOpen(role, "/dashboard/notifications")).toBe(true);
      expect(mayOpen(role, "/about")).toBe(true);
      for (const other of ROLES.filter((r) => r !== role)) {
        expect(mayOpen(role, HOME_BY_ROLE[other]), `${role} on ${other}'s home`).toBe(false);
      }
    }
    expect(mayOpen("Worker", "/dashboard/tasklist/abc")).toBe(true);
    expect(mayOpen("Buyer", "/dashboard/tasklist/abc")).toBe(false);
    expect(mayOpen("Buyer", "/dashboard/updatetask/abc")).toBe(true);
  });
});

describe("taskDoor", () => {
  it("sends workers and visitors to the tasks, buyers home, admins to the task oversight", () => {
    expect(taskDoor(null)).toBe("/dashboard/tasklist");
    expect(taskDoor("Worker", "t1")).toBe("/dashboard/tasklist/t1");
    expect(taskDoor("Buyer", "t1")).toBe("/dashboard/buyerhome");
    expect(taskDoor("Admin")).toBe("/dashboard/managetasks");
    for (const role of ROLES) expect(mayOpen(role, taskDoor(role, "t1"))).toBe(true);
  });
});

describe("taskPagePath", () => {
  it("accepts exactly a worker's task page, and nothing a browser could take elsewhere", () => {
    for (const ok of ["/dashboard/tasklist/6d4b598b-57cd-48d2-9a40-d7fd0dc4636c", "/dashboard/tasklist/task_1"])
      expect(taskPagePath(ok), ok).toBe(ok);
    for (const bad of [
      ...NASTY_TARGETS,
      "",
      "/dashboard/tasklist",
      "/dashboard/tasklist/",
      "/dashboard/tasklist/a/b",
      "/dashboard/tasklist/../withdraw",
      "/dashboard/tasklist/a%2F..%2Fwithdraw",
      "/dashboard/tasklist/x?then=https://evil.example",
      "/dashboard/tasklist/x#top",
      "https://coinwork.test/dashboard/tasklist/x",
      "/dashboard/withdraw",
      `/dashboard/tasklist/${"x".repeat(65)}`,
      42,
      null,
    ])
      expect(taskPagePath(bad), String(bad)).toBeNull();
  });
});
