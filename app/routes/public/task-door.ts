// The landing page's links to the task list ('Get Started', 'Browse tasks', 'See all tasks') lead here: one URL for
// every visitor, so the landing page's HTML is the same for all of them (and cacheable), and the server sends each
// on by role: workers and visitors to the tasks (visitors through login), a buyer home, an admin to the task
// oversight, never to /unauthorized. A Featured Jobs card leads to /browse/<id> (routes/public/task.tsx).
import { redirect } from "react-router";
import type { Route } from "./+types/task-door";
import { taskDoor } from "~/lib/roles";
import { userContext } from "~/server/context";

export function loader({ context }: Route.LoaderArgs) {
  return redirect(taskDoor(context.get(userContext)?.role ?? null));
}
