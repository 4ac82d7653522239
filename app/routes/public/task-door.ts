// The landing page's task links ('Get Started', 'Browse tasks', 'See all tasks', the Featured Jobs cards) lead
// here: one URL for every visitor, so the landing page's HTML is the same for all of them (and cacheable), and the
// server sends each on by role: workers and visitors to the tasks (visitors through login), a buyer home, an admin
// to the task oversight, never to /unauthorized.
import { redirect } from "react-router";
import type { Route } from "./+types/task-door";
import { taskDoor } from "~/lib/roles";
import { userContext } from "~/server/context";

export function loader({ context, params }: Route.LoaderArgs) {
  const taskId = params.id === undefined ? undefined : encodeURIComponent(params.id);
  return redirect(taskDoor(context.get(userContext)?.role ?? null, taskId));
}
