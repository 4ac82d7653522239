// docs/mturk.md as a page of the site: rendered to HTML on the server with marked (the browser never loads it),
// once per isolate. The examples' placeholder origin becomes the deployment's own, so a requester copies code that
// runs against this Coinwork; links to the repository's other documents open them in the repository.
import { Marked } from "marked";
import guide from "../../../docs/mturk.md?raw";

/** The origin the guide's examples are written with, replaced by the deployment's when it is served. */
export const EXAMPLE_ORIGIN = "https://your-coinwork.example";
const DEFAULT_REPOSITORY = "https://github.com/coinwork/coinwork";

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

let rendered: { repository: string; html: string } | undefined;

/**
 * The guide's HTML (its headings with ids, for links to a section; its title left to the page's own heading) and its
 * title, for this deployment.
 */
export function mturkGuide(origin: string, repository = DEFAULT_REPOSITORY): { title: string; html: string } {
  if (rendered?.repository !== repository) {
    const marked = new Marked({
      gfm: true,
      renderer: {
        heading({ tokens, depth, text }) {
          if (depth === 1) return "";
          const id = text
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, "");
          return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
        },
        // a link to another document of the repository (decisions/…, product/…) opens it there
        link({ href, tokens }) {
          const relative = !/^[a-z][a-z0-9+.-]*:|^[/#]/i.test(href);
          const to = relative ? `${repository}/blob/main/docs/${href}` : href;
          return `<a href="${escape(to)}">${this.parser.parseInline(tokens)}</a>`;
        },
      },
    });
    // code and tables scroll sideways on a phone: keyboards reach them too (a scrollable region is focusable)
    const html = marked
      .parse(guide, { async: false })
      .replaceAll("<pre>", '<pre tabindex="0">')
      .replaceAll("<table>", '<div class="overflow-x-auto" role="region" aria-label="Table" tabindex="0"><table>')
      .replaceAll("</table>", "</table></div>");
    rendered = { repository, html };
  }
  const title = /^# (.+)$/m.exec(guide)?.[1] ?? "The MTurk Requester API";
  return { title, html: rendered.html.replaceAll(EXAMPLE_ORIGIN, origin) };
}
