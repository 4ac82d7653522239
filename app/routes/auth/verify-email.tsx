import type { Route } from "./+types/verify-email";
import { getEnv, userContext } from "~/server/context";
import { refusal } from "~/server/errors";
import { redirectWithFlash } from "~/server/http/flash.server";
import { confirmEmailLink } from "~/server/services/accounts.server";
import { homeFor } from "~/lib/roles";

/**
 * The link of a verification or address-change e-mail: opening it is the confirmation (it works once). Then on to
 * the dashboard's home (or the login page for someone not signed in here), where a flash says what happened.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = context.get(userContext);
  const to = signedIn ? homeFor(signedIn.role) : "/login";
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { purpose, user } = await confirmEmailLink(getEnv(context), token, new URL(request.url).origin);
    return redirectWithFlash(
      // the confirmation may have made them an admin (ADMIN_EMAILS)
      signedIn?.id === user.id ? homeFor(user.role) : to,
      purpose === "verify"
        ? { type: "success", title: "Email verified!", message: `Thank you: ${user.email} is confirmed.` }
        : { type: "success", title: "Email address changed", message: `Your account now uses ${user.email}.` },
    );
  } catch (e) {
    return redirectWithFlash(to, { type: "error", title: "Link not valid", message: refusal(e).message });
  }
}
