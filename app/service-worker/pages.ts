// What the service worker shows (app/service-worker/sw.ts), as pure functions the unit tests run in Node: the
// offline page, a push's notification, and the page a tapped notification opens.
import type { Catalogue } from "~/lib/i18n/catalogues/en";
import type { Language } from "~/lib/i18n/languages";
import type { PushMessage } from "~/lib/pwa";

/** The service worker's own words in one language (the catalogues' `serviceWorker` namespace). */
export type WorkerWords = Catalogue["serviceWorker"];

/** Where a notification sends a person when its push names no page of this site. */
export const NOTIFICATIONS_PAGE = "/dashboard/notifications";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The offline page in `language`: its own styles, no script, a link that asks for `path` again. */
export function offlinePage(path: string, language: Language, words: WorkerWords): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0f766e"><title>${words["offline.title"]} · Coinwork</title><style>
body{margin:0;min-height:100dvh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Bengali",sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:28rem;margin:1.5rem;padding:2rem;border:1px solid #e2e8f0;border-radius:1rem;background:#fff;text-align:center}
h1{font-size:1.375rem;margin:1rem 0 .5rem}p{line-height:1.6;color:#475569;margin:0 0 1.5rem}
a{display:inline-block;padding:.625rem 1.25rem;border-radius:.5rem;background:#0f766e;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #fcd34d;outline-offset:2px}
</style></head><body><main><svg viewBox="0 0 32 32" width="48" height="48" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#0f766e"/><circle cx="16" cy="16" r="8.5" fill="none" stroke="#fcd34d" stroke-width="3"/><path d="M19.5 12.6a4.6 4.6 0 1 0 0 6.8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg><h1>${words["offline.title"]}</h1><p>${words["offline.text"]}</p><a href="${escapeHtml(path)}">${words["offline.tryAgain"]}</a></main></body></html>`;
}

/** A push as the notification shown: its words (a bare title when a push carries none), icon and page. */
export function pushNotification(
  message: Partial<PushMessage> | null,
  words: WorkerWords,
): {
  title: string;
  options: NotificationOptions;
} {
  return {
    title: typeof message?.title === "string" && message.title ? message.title : words["push.title"],
    options: {
      body: typeof message?.body === "string" ? message.body : "",
      icon: "/icons/icon-192.png",
      badge: "/icons/badge-96.png",
      tag: typeof message?.tag === "string" ? message.tag : undefined,
      data: { url: typeof message?.url === "string" ? message.url : NOTIFICATIONS_PAGE },
    },
  };
}

/** The page a tapped notification opens: its own, if it is a page of this site; else the notifications page. */
export function targetUrl(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url === "string" && url.startsWith("/") && !url.startsWith("//")) {
    const target = new URL(url, origin);
    if (target.origin === origin) return target.href;
  }
  return new URL(NOTIFICATIONS_PAGE, origin).href;
}
