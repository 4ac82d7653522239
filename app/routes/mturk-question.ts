// A HIT's HTMLQuestion is requester code: it is served only from the question origin, another site (workers/app.ts,
// app/server/mturk/question-frame.server.ts). On Coinwork's own origin its path answers nothing a browser could show:
// an empty page with a type, since Chromium takes an untyped answer that the service worker passes on for a download.
export const loader = () =>
  new Response(null, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
