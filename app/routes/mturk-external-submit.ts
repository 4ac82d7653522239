import { getEnv } from "~/server/context";
import { externalSubmit } from "~/server/mturk/question-frame.server";
import type { Route } from "./+types/mturk-external-submit";

// Where a HIT's question posts its answer, as MTurk's externalSubmit (docs/mturk.md): authorised by assignmentId.
export const action = ({ request, context }: Route.ActionArgs) => externalSubmit(getEnv(context), request);
