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
