// An Atom 1.0 document (RFC 4287) from plain values: a saved search's feed (docs/product/task-alerts.md). Every text
// is escaped here, so a task's title or detail can never become markup in a feed reader.

export interface AtomEntry {
  /** a permanent IRI of the entry (a tag: URI or the task's URL) */
  id: string;
  title: string;
  link: string;
  updated: number;
  summary: string;
}

export interface AtomFeed {
  id: string;
  title: string;
  /** the feed's own address (rel="self") */
  self: string;
  /** the page it stands for (rel="alternate") */
  alternate: string;
  author: string;
  updated: number;
  entries: AtomEntry[];
}

export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

const escapeXml = (s: string) =>
  s
    // characters XML 1.0 cannot carry at all
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

const date = (ms: number) => new Date(ms).toISOString();

export function atomFeed(feed: AtomFeed): string {
  const entries = feed.entries.map((e) =>
    [
      "  <entry>",
      `    <id>${escapeXml(e.id)}</id>`,
      `    <title type="text">${escapeXml(e.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
      `    <updated>${date(e.updated)}</updated>`,
      `    <summary type="text">${escapeXml(e.summary)}</summary>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title type="text">${escapeXml(feed.title)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(feed.alternate)}"/>`,
    `  <author><name>${escapeXml(feed.author)}</name></author>`,
    `  <updated>${date(feed.updated)}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
