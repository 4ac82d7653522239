import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getEnv, userContext } from "~/server/context";
import { logout } from "~/server/services/accounts.server";
import { clearSessionCookie } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";

export function loader() {
  return redirect("/");
}

/** POST: every session ends; `?everywhere=1` (Settings' "Sign out everywhere") ends every e-mailed link too. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = context.get(userContext);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie());
  try {
    const everywhere = new URL(request.url).searchParams.get("everywhere") === "1";
    if (user) await logout(getEnv(context), user.id, everywhere);
    headers.append("Set-Cookie", flashCookie({ type: "success", title: "Logout Successful!" }));
  } catch (e) {
    console.error(e);
    headers.append(
      "Set-Cookie",
      flashCookie({ type: "error", title: "Logout Failed!", message: "Something went wrong" }),
    );
  }
  return redirect("/", { headers });
}
