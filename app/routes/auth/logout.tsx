import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getEnv, userContext } from "~/server/context";
import { logout } from "~/server/services/accounts.server";
import { clearSessionCookie } from "~/server/auth/session.server";
import { flashCookie } from "~/server/http/flash.server";

export function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie());
  try {
    if (user) await logout(getEnv(context), user.id);
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
