import type { Route } from "./+types/feed";
import { getEnv } from "~/server/context";
import { appOrigin } from "~/server/environment.server";
import { ATOM_TYPE, atomFeed } from "~/server/http/atom.server";
import { describeSearch, feedFor, feedPath } from "~/server/services/alerts.server";
import { alertToken } from "~/lib/schemas/alerts";
import * as v from "valibot";
import { formatsOf } from "~/lib/i18n/format";
import { serverWords } from "~/lib/i18n/words.server";

const SUMMARY_LENGTH = 280;

/**
 * A saved search's private Atom feed, for any feed reader: public by its token, which only the worker sees. An
 * unknown, malformed or regenerated token is 404 and says nothing of any search.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const token = v.is(alertToken, params.token) ? params.token : null;
  const feed = token ? await feedFor(env, token) : null;
  if (!feed) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const origin = appOrigin(env, request);
  const { search, entries } = feed;
  // the feed's own words in its owner's language; the tasks' titles and details are data
  const t = serverWords(search.language, "feed");
  const f = formatsOf(search.language);
  const body = atomFeed({
    id: `urn:uuid:${search.id}`,
    title: t("title", { search: describeSearch(search, search.language) }),
    self: new URL(feedPath(search.feedToken), origin).toString(),
    alternate: new URL("/dashboard/tasklist", origin).toString(),
    author: "Coinwork",
    updated: entries[0]?.matchedAt ?? search.createdAt,
    entries: entries.map((e) => {
      const detail = e.detail.length > SUMMARY_LENGTH ? `${e.detail.slice(0, SUMMARY_LENGTH - 1)}…` : e.detail;
      return {
        id: `urn:uuid:${e.taskId}`,
        title: e.title,
        link: new URL(`/dashboard/tasklist/${e.taskId}`, origin).toString(),
        updated: e.matchedAt,
        summary: t("summary", {
          coins: e.payableAmount,
          category: e.category,
          // English keeps the day as stored (2026-11-28); Bengali writes it in bn-BD's form
          until: search.language === "en" ? e.completionDate : f.date(e.completionDate),
          detail,
        }),
      };
    }),
  });
  return new Response(body, {
    headers: {
      "Content-Type": ATOM_TYPE,
      // private: the address is a secret; readers poll, so a few minutes of freshness are enough
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
