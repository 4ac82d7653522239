// Which namespaces of the catalogues a page receives (docs/decisions/097-words-in-two-languages.md): the words of its
// part of the site, not the whole catalogue, so that the landing page carries only its own. The root loader sends
// them with the page, and loads them again when a navigation crosses into another part (root.tsx's
// shouldRevalidate compares these lists).
import type { Role } from "../roles";
import type { Namespace } from "./messages";

const AUTH_PAGES = /^\/(?:login|register|forgot-password|reset-password|verify-email)(?:\/|$)/;
const ROLE_NAMESPACE: Record<Role, Namespace> = { Worker: "worker", Buyer: "buyer", Admin: "admin" };

/** The namespaces the page at `pathname` shows, for a visitor (`role` null) or a signed-in person. */
export function pageNamespaces(pathname: string, role: Role | null): Namespace[] {
  if (pathname === "/dashboard" || pathname.startsWith("/dashboard/"))
    return role ? ["common", "dashboard", "validation", ROLE_NAMESPACE[role]] : ["common", "dashboard", "validation"];
  if (AUTH_PAGES.test(pathname)) return ["common", "auth", "validation"];
  if (pathname === "/contact") return ["common", "public", "validation"];
  return ["common", "public"];
}
