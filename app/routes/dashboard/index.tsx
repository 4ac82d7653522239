import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requirePageUser } from "~/server/auth/guards.server";
import { homeFor } from "~/lib/roles";

export function loader({ context, request }: Route.LoaderArgs) {
  return redirect(homeFor(requirePageUser(context, request).role));
}
