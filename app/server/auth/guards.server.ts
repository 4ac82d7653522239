import { redirect, type RouterContextProvider } from "react-router";
import { userContext } from "../context";
import { AppError } from "../errors";
import type { SessionUser } from "./session.server";
import type { Role } from "~/lib/roles";

type Ctx = Readonly<RouterContextProvider>;

/** Pages: anonymous visitors go to /login and come back afterwards. */
export function requirePageUser(context: Ctx, request: Request): SessionUser {
  const user = context.get(userContext);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return user;
}

/** Pages: the wrong role goes to /unauthorized. */
export function requirePageRole(context: Ctx, request: Request, ...roles: Role[]): SessionUser {
  const user = requirePageUser(context, request);
  if (!roles.includes(user.role)) throw redirect("/unauthorized");
  return user;
}

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

export function optionalUser(context: Ctx): SessionUser | null {
  return context.get(userContext);
}
