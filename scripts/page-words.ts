// npm run page-words [-- --check]
//
// Which words of the catalogues each page sends to the browser (docs/decisions/097-words-in-two-languages.md):
// for every route of app/routes.ts, the modules its route chain (root, layouts, page) reaches through its imports,
// and in them every literal that names a key's section (`"taskList.title"`, `t(\`category.${name}\`)`, a schema's
// `said("task.title", …)`). The result, app/lib/i18n/page-words.ts, is checked in; the root loader sends a page the
// sections its route names and nothing else. Server-only modules (`*.server.ts`) are not followed: their words are
// written on the server. `npm run check` runs it with --check and fails when the file is not what it would write.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { runnerImport } from "vite";
import { ROOT } from "./lib/wrangler.ts";

const APP = path.join(ROOT, "app");
const OUT = path.join(APP, "lib", "i18n", "page-words.ts");

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

type Catalogue = Record<string, Record<string, string>>;

async function load<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(file, {
    configFile: false,
    root: ROOT,
    logLevel: "error",
    resolve: { alias: { "~": APP } },
  });
  return module;
}

/** The route chains: each page's full path pattern and the modules rendered for it (root first). */
function chains(entries: RouteEntry[], parentPath: string, parents: string[]): { pattern: string; files: string[] }[] {
  return entries.flatMap((e) => {
    const joined = e.path ? `${parentPath.replace(/\/$/, "")}/${e.path}` : parentPath;
    const files = [...parents, path.join(APP, e.file)];
    const own = e.children?.length ? [] : [{ pattern: joined || "/", files }];
    return [...own, ...chains(e.children ?? [], joined, files)];
  });
}

const IMPORT = /(?:from|import)\s*\(?\s*"((?:~\/|\.{1,2}\/)[^"]+)"/g;

function resolveModule(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join(APP, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  const bare = base.replace(/\?.*$/, "");
  for (const candidate of [
    bare,
    `${bare}.ts`,
    `${bare}.tsx`,
    path.join(bare, "index.ts"),
    path.join(bare, "index.tsx"),
  ])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

/** Every module `file` reaches, itself included, but server-only ones and the words' own machinery. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const next = resolveModule(file, spec!);
    if (!next || /\.server\.tsx?$/.test(next) || next.includes(`${path.sep}i18n${path.sep}catalogues${path.sep}`))
      continue;
    reach(next, seen);
  }
  return seen;
}

/**
 * The first segments of the literals in a module that look like a key (`section.rest` or a template's `section.`),
 * with the namespaces they may be of: those the module reads (`useWords("worker")`, `metaWords(matches, "worker")`,
 * `Words<"worker">`), or any when it names none (a schema's messages, a module of key names).
 */
function sectionsNamed(file: string): { sections: Set<string>; namespaces: Set<string> | null } {
  // comments name keys as examples: only code counts
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
  const sections = new Set<string>();
  for (const [, section] of text.matchAll(/["'`]([a-zA-Z][\w]*)\.[\w$]/g)) sections.add(section!);
  const read = [
    ...text.matchAll(/\b(?:useWords|Words|Key)\s*[(<]\s*"(\w+)"/g),
    ...text.matchAll(/\bmetaWords\([^)]*?"(\w+)"\s*\)/g),
  ].map((m) => m[1]!);
  return { sections, namespaces: read.length ? new Set(read) : null };
}

async function main() {
  const check = process.argv.includes("--check");
  const routes = (await load<{ default: RouteEntry[] }>(path.join(APP, "routes.ts"))).default;
  const { en } = await load<{ en: Catalogue }>(path.join(APP, "lib", "i18n", "catalogues", "en.ts"));
  const { PAGE_NAMESPACES } = await load<{ PAGE_NAMESPACES: readonly string[] }>(
    path.join(APP, "lib", "i18n", "pages.ts"),
  );
  // the sections of each namespace sent to browsers (the server-only ones never are)
  const sectionsOf = new Map(
    PAGE_NAMESPACES.map((ns) => [ns, new Set(Object.keys(en[ns] ?? {}).map((k) => k.split(".")[0]!))]),
  );
  const root = path.join(APP, "root.tsx");
  const rows: [string, Record<string, string[]>][] = [];
  for (const { pattern, files } of chains(routes, "", [root])) {
    const named = new Map<string, Set<string>>(PAGE_NAMESPACES.map((ns) => [ns, new Set<string>()]));
    const modules = new Set(files.flatMap((f) => [...reach(f)]));
    for (const m of modules) {
      const { sections, namespaces } = sectionsNamed(m);
      for (const [ns, found] of named) if (!namespaces || namespaces.has(ns)) for (const s of sections) found.add(s);
    }
    const words: Record<string, string[]> = {};
    for (const [ns, sections] of sectionsOf) {
      const sent = [...sections].filter((s) => named.get(ns)!.has(s)).sort();
      if (sent.length) words[ns] = sent;
    }
    rows.push([pattern, words]);
  }
  const source = [
    "// Generated by `npm run page-words` (scripts/page-words.ts) from the routes and the keys their modules name: the",
    "// sections of each namespace a page sends to the browser. Do not edit by hand; `npm run check` compares it.",
    "export const PAGE_WORDS: readonly (readonly [pattern: string, words: Readonly<Record<string, readonly string[]>>])[] = [",
    ...rows.map(([p, w]) => `  [${JSON.stringify(p)}, ${JSON.stringify(w)}],`),
    "];",
    "",
  ].join("\n");
  const body = await format(source, { ...(await resolveConfig(OUT)), filepath: OUT });
  const current = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
  if (check) {
    if (current !== body) {
      console.error("app/lib/i18n/page-words.ts is not what the routes and catalogues make: run `npm run page-words`");
      process.exit(1);
    }
    console.log(`Page words: ${rows.length} routes match the code.`);
    return;
  }
  writeFileSync(OUT, body);
  console.log(`wrote app/lib/i18n/page-words.ts (${rows.length} routes)`);
}

await main();
