import { getEnv } from "~/server/context";
import { serveQuestion } from "~/server/mturk/question-frame.server";
import type { Route } from "./+types/mturk-question";

// An HTMLQuestion's page, framed by its HIT's task page in a sandbox of its own (docs/mturk.md).
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  serveQuestion(getEnv(context), request, params.id);
