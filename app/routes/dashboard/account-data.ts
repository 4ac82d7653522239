import type { Route } from "./+types/account-data";
import { getEnv } from "~/server/context";
import { signedInUser } from "~/server/auth/guards.server";
import { refusal } from "~/server/errors";
import { redirectWithFlash } from "~/server/http/flash.server";
import { PRIVATE_NO_STORE } from "~/server/http/response-headers.server";
import { exportAccountData } from "~/server/services/own-account.server";

/**
 * GET /dashboard/settings/data: the signed-in user's data as a JSON download (own-account.server.ts says what it
 * holds). A refusal (too many downloads) goes back to Settings with its words.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  try {
    const data = await exportAccountData(getEnv(context), user);
    const day = data.exportedAt.slice(0, 10);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="coinwork-data-${day}.json"`,
        "Cache-Control": PRIVATE_NO_STORE,
      },
    });
  } catch (e) {
    return redirectWithFlash("/dashboard/settings", {
      type: "error",
      title: "Download not ready",
      message: refusal(e).message,
    });
  }
}
