import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { signedInUser } from "~/server/auth/guards.server";
import { homeFor } from "~/lib/roles";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(homeFor(signedInUser(context).role));
}
