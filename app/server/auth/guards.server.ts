import { redirect, type MiddlewareFunction, type RouterContext, type RouterContextProvider } from "react-router";
import { roleContexts, signedInContext, userContext, type RoleUser } from "../context";
import { AppError, forbidden } from "../errors";
import { pageBehind } from "../http/redirect.server";
import type { SessionUser } from "./session.server";
import type { Role } from "~/lib/roles";
import { VERIFY_EMAIL_FIRST } from "~/lib/schemas/auth";

type Ctx = Readonly<RouterContextProvider>;

/**
 * dashboard/layout.tsx: only signed-in users pass (anonymous visitors go to /login and come back afterwards), and
 * the pages below read them with `signedInUser`.
 */
export const signedInMiddleware: MiddlewareFunction<Response> = ({ context, request }) => {
  const user = context.get(userContext);
  if (!user) {
    throw redirect(`/login?redirectTo=${encodeURIComponent(pageBehind(request))}`);
  }
  context.set(signedInContext, user);
};

/** A role layout (dashboard/{buyer,worker,admin}/layout.tsx, below the dashboard's): the wrong role goes to /unauthorized. */
export function roleMiddleware(role: Role): MiddlewareFunction<Response> {
  return ({ context }) => {
    const user = context.get(signedInContext);
    if (user.role !== role) throw redirect("/unauthorized");
    // the role was just checked: the user is this role's
    context.set(roleContexts[role] as RouterContext<SessionUser>, user);
  };
}

/** The signed-in user of a dashboard page (checked by the dashboard layout's middleware). */
export function signedInUser(context: Ctx): SessionUser {
  return context.get(signedInContext);
}

/** The user of a role's page (checked by that role layout's middleware). */
export function roleUser<R extends Role>(context: Ctx, role: R): RoleUser<R> {
  return context.get(roleContexts[role] as RouterContext<SessionUser>) as RoleUser<R>;
}

export const buyerUser = (context: Ctx) => roleUser(context, "Buyer");
export const workerUser = (context: Ctx) => roleUser(context, "Worker");
export const adminUser = (context: Ctx) => roleUser(context, "Admin");

/** REST: 401 without a valid identity. */
export function requireApiUser(context: Ctx): SessionUser {
  const user = context.get(userContext);
  if (!user) throw new AppError("unauthorized", "Sign in first");
  return user;
}

/** REST: 403 for the wrong role. */
export function requireApiRole(context: Ctx, ...roles: Role[]): SessionUser {
  const user = requireApiUser(context);
  if (!roles.includes(user.role)) throw new AppError("forbidden", `Only ${roles.join(" or ")} may do this`);
  return user;
}

/**
 * The one check of the money services (post a task, submit work, buy coins, withdraw): the caller's address is
 * verified, or 403 with VERIFY_EMAIL_FIRST.
 */
export function requireVerifiedEmail(user: SessionUser): void {
  if (!user.emailVerified) throw forbidden(VERIFY_EMAIL_FIRST);
}
