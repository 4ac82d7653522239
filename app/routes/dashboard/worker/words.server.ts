// The words the worker's page actions compose (toasts, flashes, failure titles), in the language of the request:
// the signed-in worker's (docs/decisions/097-words-in-two-languages.md).
import { userContext } from "~/server/context";
import type { PageArgs } from "~/server/http/page-action.server";
import { requestLanguage } from "~/server/http/language.server";
import { serverWords, type ServerWords } from "~/lib/i18n/words.server";
import { formatsOf, type Formats } from "~/lib/i18n/format";

/** The `worker` words and the formats of the request's language. */
export function actionWords({ request, context }: PageArgs): {
  t: ServerWords<"worker">;
  common: ServerWords<"common">;
  f: Formats;
} {
  const language = requestLanguage(request, context.get(userContext));
  return { t: serverWords(language, "worker"), common: serverWords(language, "common"), f: formatsOf(language) };
}
