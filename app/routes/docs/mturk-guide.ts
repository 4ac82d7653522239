import guide from "../../../docs/mturk.md?raw";

// docs/mturk.md as the deployment serves it, for requesters pointing their scripts here (linked from /api-docs).
export function loader() {
  return new Response(guide, {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
