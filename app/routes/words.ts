// GET /words/<language>.<selection>.<hash>.json: a page's words (decision 111), which the page names and the browser
// fetches before hydrating it. Named by its content's hash, so kept for a year (and by the service worker). A name
// whose hash is not this deploy's (a page rendered before it) gets the current words, never kept; an unknown one 404.
import { data } from "react-router";
import type { Route } from "./+types/words";
import type { Language } from "~/lib/i18n/languages";
import { wordsFile } from "~/lib/i18n/words.server";

const NAME = /^(en|bn)\.(\d{1,4})\.([0-9a-f]{8})\.json$/;

export function loader({ params }: Route.LoaderArgs) {
  const [, language, id, hash] = NAME.exec(params.file) ?? [];
  const file = language && id ? wordsFile(language as Language, Number(id)) : null;
  if (!file) throw data("Not Found", { status: 404 });
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": file.hash === hash ? "public, max-age=31536000, immutable" : "no-store",
    },
  });
}
