export const ROLES = ["Worker", "Buyer", "Admin"] as const;
export type Role = (typeof ROLES)[number];
export const SELF_REGISTER_ROLES = ["Worker", "Buyer"] as const;

export const HOME_BY_ROLE: Record<Role, string> = {
  Admin: "/dashboard/adminhome",
  Buyer: "/dashboard/buyerhome",
  Worker: "/dashboard/workerhome",
};

export function homeFor(role: string | undefined | null): string {
  return role === "Admin" || role === "Buyer" ? HOME_BY_ROLE[role] : HOME_BY_ROLE.Worker;
}

/**
 * The dashboard pages each role's layout admits, by their first segment under /dashboard/ (the role layouts of
 * app/routes.ts; a unit test keeps the two in step). /dashboard itself and the pages outside the role layouts are
 * for every signed-in role.
 */
export const DASHBOARD_PAGES_BY_ROLE: Record<Role, readonly string[]> = {
  Buyer: [
    "buyerhome",
    "addtask",
    "batchtasks",
    "mytasks",
    "updatetask",
    "qualifications",
    "purchasecoin",
    "paymenthistory",
    "bonuses",
    "apikeys",
  ],
  Worker: ["workerhome", "tasklist", "alerts", "tests", "mysubmissions", "withdraw"],
  Admin: ["adminhome", "managetasks", "manageusers", "messages", "appeals", "auditlog", "ledger"],
};

/** Whether a signed-in `role` may open `pathname` (an app path such as a login's redirectTo). */
export function mayOpen(role: Role, pathname: string): boolean {
  const [first, section] = pathname.split("/").filter(Boolean);
  if (first !== "dashboard" || section === undefined) return true;
  const owner = ROLES.find((r) => DASHBOARD_PAGES_BY_ROLE[r].includes(section));
  return owner === undefined || owner === role;
}

/** Where a landing page's task links lead: workers (and visitors, through login) to the tasks, others home. */
export function taskDoor(role: Role | null, taskId?: string): string {
  if (role === null || role === "Worker") return taskId ? `/dashboard/tasklist/${taskId}` : "/dashboard/tasklist";
  return role === "Admin" ? "/dashboard/managetasks" : HOME_BY_ROLE[role];
}

/** A worker's page of one task, the only place a sign-up from a task's public page is brought back to. */
const TASK_PAGE = /^\/dashboard\/tasklist\/[A-Za-z0-9_-]{1,64}$/;

/**
 * `target` when it is exactly a worker's task page (`/dashboard/tasklist/<id>`: no query, no other path), else
 * null. What a sign-up carries through registration and the e-mailed confirmation link, so that neither can be
 * made to lead anywhere else.
 */
export function taskPagePath(target: unknown): string | null {
  return typeof target === "string" && TASK_PAGE.test(target) ? target : null;
}
