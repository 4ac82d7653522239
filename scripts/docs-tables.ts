// npm run docs:tables [-- --check]
//
// Writes the docs' tables that the code already holds, between their marker comments, so that they cannot drift
// from it: docs/mturk.md's supported MTurk operations (OPERATIONS, with each operation's row of
// app/server/mturk/operation-docs.server.ts) and docs/product/rest-api.md's endpoints (the REST catalogue,
// app/routes/api/catalogue.server.ts, as /api-docs shows it). With --check (`npm run check` runs it) nothing is
// written: it fails when a doc's table is not what the code would write, or when an operation has no row.
// The text around the markers is the doc's own; edit a table in the code and run `npm run docs:tables`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import { ROOT } from "./lib/wrangler.ts";

type Registries = typeof import("./lib/doc-registries.ts");
type EndpointView = ReturnType<Registries["apiReference"]>[number];

/**
 * The catalogue's route modules reach the services that decode proof images, whose codecs are imported as compiled
 * WebAssembly (`….wasm?module`, the Workers bundler's form); no table needs them, so they load as nothing.
 */
const noWasm: Plugin = {
  name: "coinwork:docs-tables-no-wasm",
  enforce: "pre",
  resolveId: (id) => (id.endsWith(".wasm?module") ? "\0wasm-module" : null),
  load: (id) => (id === "\0wasm-module" ? "export default undefined;" : null),
};

async function loadRegistries(): Promise<Registries> {
  const { module } = await runnerImport<Registries>(path.join(ROOT, "scripts", "lib", "doc-registries.ts"), {
    configFile: false,
    root: ROOT,
    logLevel: "error",
    resolve: { alias: { "~": path.join(ROOT, "app") } },
    plugins: [noWasm],
  });
  return module;
}

/** A table cell: one line, its pipes escaped. */
const cell = (s: string) => s.replace(/\s*\n\s*/g, " ").replaceAll("|", "\\|");
const code = (s: string) => `\`${s}\``;
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");

/** docs/mturk.md: one row per row of OPERATION_DOCS, after checking that they name every operation exactly once. */
function mturkOperations({ OPERATIONS, OPERATION_DOCS }: Registries): string {
  const answered = Object.keys(OPERATIONS);
  const documented = OPERATION_DOCS.flatMap((r) => r.operations);
  const problems = [
    ...answered
      .filter((op) => !documented.includes(op))
      .map((op) => `${op} is answered but has no row in app/server/mturk/operation-docs.server.ts`),
    ...documented
      .filter((op) => !answered.includes(op))
      .map((op) => `${op} has a row in app/server/mturk/operation-docs.server.ts but is not in OPERATIONS`),
    ...[...new Set(documented.filter((op, i) => documented.indexOf(op) !== i))].map((op) => `${op} has two rows`),
  ];
  if (problems.length) throw new Error(problems.join("\n"));
  return table(
    ["operation", "what Coinwork does"],
    OPERATION_DOCS.map((r) => [r.operations.map(code).join(", "), r.does]),
  );
}

const fieldNames = (fields: { name: string; required: boolean }[]) =>
  fields.map((f) => code(f.required ? f.name : `${f.name}?`)).join(", ");

/** What an endpoint takes: query parameters, then the body (each alternative named), a multipart form or a file. */
function takes(e: EndpointView): string {
  const parts = [
    e.query.length ? `query ${fieldNames(e.query)}` : "",
    ...e.body.map((b) => (b.fields.length ? `${b.title ? `${b.title}: ` : ""}body ${fieldNames(b.fields)}` : "")),
    e.multipart.length ? `form ${fieldNames(e.multipart)}` : "",
    e.fileBody ? `the file as the body (${code(e.fileBody.contentType)})` : "",
  ];
  return parts.filter(Boolean).join("; ");
}

/** docs/product/rest-api.md: a table per group of the reference, in the catalogue's order. */
function restEndpoints({ endpoints, apiReference }: Registries): string {
  const views = apiReference(endpoints);
  const groups = [...new Set(views.map((e) => e.tag))];
  return groups
    .map((tag) => {
      const rows = views
        .filter((e) => e.tag === tag)
        .map((e) => [
          code(`${e.method} ${e.path}`),
          [e.summary, e.description].filter(Boolean).join(". "),
          [e.access, e.accessNote].filter(Boolean).join(": "),
          takes(e),
          e.responses.map((r) => `${r.status} ${r.description}`).join("; "),
          e.errors.map((x) => x.status).join(", "),
        ]);
      return `**${tag}**\n\n${table(["Method and path", "What it does", "Who", "Takes", "Answers", "Errors"], rows)}`;
    })
    .join("\n\n");
}

const TABLES: { doc: string; name: string; render: (r: Registries) => string }[] = [
  { doc: "docs/mturk.md", name: "mturk-operations", render: mturkOperations },
  { doc: "docs/product/rest-api.md", name: "rest-endpoints", render: restEndpoints },
];

const begin = (name: string) =>
  `<!-- ${name}: written by npm run docs:tables from the code (scripts/docs-tables.ts); edit it there -->`;
const end = (name: string) => `<!-- end of ${name} -->`;

/** The doc with the table between its markers replaced, or an error naming the doc whose markers are missing. */
function withTable(doc: string, text: string, name: string, tableText: string): string {
  const [from, to] = [text.indexOf(begin(name)), text.indexOf(end(name))];
  if (from < 0 || to < from) throw new Error(`${doc} lacks the markers of its table:\n${begin(name)}\n${end(name)}`);
  return `${text.slice(0, from)}${begin(name)}\n${tableText}\n${text.slice(to)}`;
}

const check = process.argv.includes("--check");
const registries = await loadRegistries();
const stale: string[] = [];
for (const { doc, name, render } of TABLES) {
  const file = path.join(ROOT, doc);
  const text = readFileSync(file, "utf8");
  const next = withTable(doc, text, name, render(registries));
  if (next === text) continue;
  if (check) stale.push(`${doc} (${name})`);
  else writeFileSync(file, next);
  if (!check) console.log(`docs:tables: wrote ${doc} (${name})`);
}
if (stale.length) {
  console.error(
    `docs:tables: these tables differ from what the code says: ${stale.join(", ")}.\n` +
      "Edit the code (the registry the table comes from), then run `npm run docs:tables`; never the table itself.",
  );
  process.exit(1);
}
if (check) console.log(`Docs tables: ${TABLES.length} tables match the code.`);
