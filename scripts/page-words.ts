// npm run page-words [-- --check] [-- --explain <path>]
//
// Which words of the catalogues each page sends to the browser (docs/decisions/108-a-page-gets-the-words-it-shows.md):
// for every page route of app/routes.ts, the keys named by the code its browser runs. That code is found as a bundler
// keeps it: the route chain's modules (root, layouts, page) without a route's loader, action and middleware, and of
// each module they import the declarations of the names imported and of what those use; never server code (app/server/,
// `*.server.ts`, what writes with `serverWords`). A statement's keys are its literals that are keys (`"taskList.title"`,
// `` `category.${slug}` `` for every `category.…` key) of the namespaces its module reads (`useWords("worker")`,
// `metaWords(matches, "worker")`, `Words<"worker">`, `Key<"worker">`); a helper that reads none itself (it is given its
// `t`) looks its literals up in the namespaces of the modules it imports. The `validation` words are the schema
// messages (`said("key", …)`) of the schemas that code reaches (a form it checks in the browser): a page whose forms
// are checked on the server only, or that has none, gets none.
// A dashboard page that every role opens gets a selection per role: a role's modules (app/components/<role>/,
// app/routes/dashboard/<role>/) render for that role only. A literal that is a key of a namespace its module does not
// read fails the run (no page would get it). The result, app/lib/i18n/page-words.ts, is checked in; `npm run check` runs
// this with --check and fails when the file is not what it would write. `--explain <path>` prints which statement of
// which module brings which keys to a page.
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
type Role = "Worker" | "Buyer" | "Admin";
const ROLES: readonly Role[] = ["Worker", "Buyer", "Admin"];
/** A role's own modules: its pages and their pieces. */
const ROLE_FOLDER = /[\\/](?:components|routes[\\/]dashboard)[\\/](worker|buyer|admin)[\\/]/;
const roleOfFile = (file: string): Role | null => {
  const folder = ROLE_FOLDER.exec(file)?.[1];
  return folder ? ((folder[0]!.toUpperCase() + folder.slice(1)) as Role) : null;
};

async function load<T>(file: string): Promise<T> {
  const { module } = await runnerImport<T>(file, {
    configFile: false,
    root: ROOT,
    logLevel: "error",
    resolve: { alias: { "~": APP } },
  });
  return module;
}

// ---------------------------------------------------------------- a module's code

/** One top-level statement of a module's browser code, with what it names. */
interface Statement {
  /** the name it declares (`default` for a default export), or null (code that runs when the module loads) */
  name: string | null;
  /** the identifiers it uses */
  uses: Set<string>;
  /** its string literals, and its template literals as patterns of the keys they make */
  literals: Set<string>;
  templates: RegExp[];
  /** the `validation` keys of its schema messages, `said("key", …)` */
  said: string[];
}

interface Module {
  file: string;
  role: Role | null;
  /** what it imports (not server code): the file, each name's local and exported name, and whether only types */
  imports: { file: string; names: { local: string; exported: string }[]; typeOnly: boolean }[];
  /** the statements of its browser code */
  statements: Statement[];
  /** namespaces its browser code reads */
  reads: Set<string>;
  /** whether it writes words on the server (a route's action, a helper given the server's `t`) */
  writesOnServer: boolean;
}

/** The code without comments (they name keys as examples). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");

/** A module's top-level statements: each starts on a line that begins at column 0 (but a closing bracket). */
function topLevel(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (/^[^\s})\]]/.test(line) || !out.length) out.push(line);
    else out[out.length - 1] += `\n${line}`;
  }
  return out;
}

const DECLARES = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+(\w+)/;
/** A route module's server side: its loader, action and middleware, and what writes the server's words. */
const SERVER_EXPORTS = /^export\s+(?:async\s+)?(?:function|const)\s+(?:loader|action|middleware|headers)\b/;
const SERVER_WORDS = /\b(?:serverWords|ServerWords)\b/;
const IMPORT =
  /^(?:import|export)\s+(type\s+)?([^;"]*?)\s*from\s*"([^"]+)"|^import\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)/gm;
const STRING = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;

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

/** Server code, which no browser runs, and the catalogues themselves. */
const isServerCode = (file: string) =>
  /\.server\.tsx?$/.test(file) ||
  file.startsWith(path.join(APP, "server") + path.sep) ||
  file.includes(`${path.sep}i18n${path.sep}catalogues${path.sep}`);

/** `{ a, b as c, type D }` → a (as a) and b (as c); `* as ns` and a default import → the whole module (`*`). */
function importedNames(clause: string): { local: string; exported: string }[] {
  const names: { local: string; exported: string }[] = [];
  const whole = /^(?:(\w+)\s*,?\s*)?(?:\*\s+as\s+(\w+))?/.exec(clause.trim());
  for (const local of [whole?.[1], whole?.[2]]) if (local) names.push({ local, exported: "*" });
  for (const part of /\{([^}]*)\}/.exec(clause)?.[1]?.split(",") ?? []) {
    const [exported, local = exported] = part.trim().split(/\s+as\s+/);
    if (exported && !exported.startsWith("type ")) names.push({ local: local!, exported });
  }
  return names;
}

/** A template literal's text between its `${…}` parts, and the code of those parts (braces inside them counted). */
function templateParts(body: string): { texts: string[]; expressions: string[] } {
  const texts = [""];
  const expressions: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\") texts[texts.length - 1] += body[i]! + (body[++i] ?? "");
    else if (body.startsWith("${", i)) {
      let depth = 1;
      let j = i + 2;
      for (; j < body.length && depth; j++) depth += body[j] === "{" ? 1 : body[j] === "}" ? -1 : 0;
      expressions.push(body.slice(i + 2, j - 1));
      texts.push("");
      i = j - 1;
    } else texts[texts.length - 1] += body[i];
  }
  return { texts, expressions };
}

/**
 * A statement's string literals, and its template literals as patterns of the keys they make (`hero.${slide.words}.title`
 * → /^hero\..+\.title$/); returns its code without them (but a template's `${…}` code) for the names it uses.
 */
function literalsIn(code: string, literals: Set<string>, templates: RegExp[]): string {
  return code.replace(STRING, (_, double?: string, single?: string, template?: string) => {
    if (template === undefined) {
      literals.add(double ?? single ?? "");
      return '""';
    }
    const { texts, expressions } = templateParts(template);
    if (!expressions.length) literals.add(template);
    else if (/^\w/.test(template))
      templates.push(new RegExp(`^${texts.map((t) => t.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&")).join(".+")}$`));
    return expressions.map((e) => literalsIn(e, literals, templates)).join(" ");
  });
}

function statementOf(code: string): Statement {
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  const rest = literalsIn(code, literals, templates);
  return {
    name: /^export\s+default\b/.test(code) ? "default" : (DECLARES.exec(code)?.[1] ?? null),
    uses: new Set(rest.match(/[A-Za-z_$][\w$]*/g)),
    literals,
    templates,
    said: [...code.matchAll(/\bsaid\(\s*"([^"]+)"/g)].map((m) => m[1]!),
  };
}

const modules = new Map<string, Module>();

function moduleOf(file: string): Module {
  let m = modules.get(file);
  if (m) return m;
  const text = withoutComments(readFileSync(file, "utf8"));
  const imports: Module["imports"] = [];
  for (const [, typeOnly, clause, spec, bare, dynamic] of text.matchAll(IMPORT)) {
    const target = spec ?? bare ?? dynamic!;
    if (!/^(?:~\/|\.{1,2}\/)/.test(target)) continue;
    const resolved = resolveModule(file, target);
    if (resolved && !isServerCode(resolved))
      imports.push({
        file: resolved,
        names: clause ? importedNames(clause) : [{ local: "", exported: "*" }],
        typeOnly: Boolean(typeOnly),
      });
  }
  const code = topLevel(text).filter((s) => !/^(?:import\b|export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\b)/.test(s));
  const browser = code.filter((s) => !SERVER_EXPORTS.test(s) && !SERVER_WORDS.test(s));
  m = {
    file,
    role: roleOfFile(file),
    imports,
    statements: browser.map(statementOf),
    reads: new Set(
      browser.flatMap((s) =>
        [
          ...s.matchAll(/\b(?:useWords|Words|Key)\s*[(<]\s*"(\w+)"/g),
          ...s.matchAll(/\bmetaWords\([^)]*?"(\w+)"\s*\)/g),
        ].map((r) => r[1]!),
      ),
    ),
    writesOnServer: code.some((s) => SERVER_WORDS.test(s)),
  };
  modules.set(file, m);
  return m;
}

/**
 * The statements of every module `files` reach for `role` (any role when null), the way a bundler keeps them: all of
 * a route module's browser code, and of an imported module the declarations of the names imported and of what they
 * use. A role's page never renders another role's modules.
 */
function reach(files: string[], role: Role | null): Map<Module, Set<Statement>> {
  const reached = new Map<Module, Set<Statement>>();
  const queue: [file: string, name: string][] = files.map((f) => [f, "*"]);
  while (queue.length) {
    const [file, name] = queue.pop()!;
    const m = moduleOf(file);
    if (role && m.role && m.role !== role) continue;
    const got = reached.get(m) ?? reached.set(m, new Set()).get(m)!;
    const declared = m.statements.filter((s) => s.name === name);
    const reexported = m.imports.flatMap((i) =>
      i.typeOnly ? [] : i.names.filter((n) => n.local === name).map((n) => [i.file, n.exported] as [string, string]),
    );
    queue.push(...reexported);
    // the module's own code runs once it is imported; a name it does not declare, or `*`: all of it
    const wanted =
      name !== "*" && (declared.length || reexported.length)
        ? [...declared, ...m.statements.filter((s) => s.name === null)]
        : m.statements;
    for (const s of wanted) {
      if (got.has(s)) continue;
      got.add(s);
      for (const t of m.statements) if (t.name && t !== s && s.uses.has(t.name)) queue.push([file, t.name]);
      for (const i of m.imports)
        if (!i.typeOnly) for (const n of i.names) if (s.uses.has(n.local) || !n.local) queue.push([i.file, n.exported]);
    }
  }
  return reached;
}

// ---------------------------------------------------------------- the keys a module names

/**
 * The namespaces a module's literals are keys of: those it reads, else (a helper given its `t`) those its imports
 * read, types included (`t: CommonWords`).
 */
function namespacesOf(m: Module): Set<string> {
  if (m.reads.size || m.writesOnServer) return m.reads;
  return new Set(m.imports.flatMap((i) => [...moduleOf(i.file).reads]));
}

type Words = Map<string, Set<string>>;
const addTo = (words: Words, ns: string, key: string) => (words.get(ns) ?? words.set(ns, new Set()).get(ns)!).add(key);
const keyCache = new Map<Statement, Words>();

/** The keys of the page namespaces a statement of `m` names (cached: the same on every page). */
function keysOf(m: Module, s: Statement, catalogue: Catalogue, pageNamespaces: readonly string[]): Words {
  let words = keyCache.get(s);
  if (words) return words;
  words = new Map();
  const namespaces = namespacesOf(m);
  for (const ns of pageNamespaces) {
    // the validation words are a schema's messages, below
    if (ns === "validation") continue;
    for (const key of Object.keys(catalogue[ns] ?? {})) {
      // a key written with its namespace (`"common.coins"`) counts wherever it is
      if (s.literals.has(`${ns}.${key}`)) addTo(words, ns, key);
      else if (namespaces.has(ns) && (s.literals.has(key) || s.templates.some((t) => t.test(key))))
        addTo(words, ns, key);
    }
  }
  for (const key of s.said) addTo(words, "validation", key);
  keyCache.set(s, words);
  return words;
}

/**
 * Keys a module names but no page would get: a literal that is a key (`section.key`) of a page namespace the module
 * does not read, and of none it reads (a helper handed another namespace's key by a caller that reads none).
 */
function straysOf(catalogue: Catalogue, pageNamespaces: readonly string[]): string[] {
  const out: string[] = [];
  for (const m of modules.values()) {
    const namespaces = namespacesOf(m);
    for (const s of m.statements)
      for (const literal of s.literals) {
        if (!/^\w+\.[\w.-]+$/.test(literal) || [...namespaces].some((ns) => catalogue[ns]?.[literal] !== undefined))
          continue;
        const of = pageNamespaces.filter((ns) => ns !== "validation" && catalogue[ns]?.[literal] !== undefined);
        if (of.length) out.push(`${path.relative(ROOT, m.file)}: "${literal}" (${of.join(", ")})`);
      }
  }
  return [...new Set(out)].sort();
}

// ---------------------------------------------------------------- the routes

interface Page {
  pattern: string;
  files: string[];
  /** the role its layout admits, or null (every role on a dashboard page, anyone on a public one) */
  role: Role | null;
  dashboard: boolean;
}

/** The page routes (a screen: a default export) with their full path pattern and route chain (root first). */
function pages(entries: RouteEntry[], parentPath: string, parents: string[]): Page[] {
  return entries.flatMap((e) => {
    const joined = e.path ? `${parentPath.replace(/\/$/, "")}/${e.path}` : parentPath;
    const file = path.join(APP, e.file);
    const files = [...parents, file];
    const screen = !e.children?.length && /\bexport\s+default\b/.test(readFileSync(file, "utf8"));
    const pattern = joined || "/";
    const role = files.map(roleOfFile).find(Boolean) ?? null;
    const own = screen ? [{ pattern, files, role, dashboard: pattern.startsWith("/dashboard") }] : [];
    return [...own, ...pages(e.children ?? [], joined, files)];
  });
}

/**
 * A page's words in the file's form: per namespace, its keys, a whole section as `section.*`, space-separated (one
 * line per namespace however many keys).
 */
function written(words: Words, catalogue: Catalogue): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [ns, keys] of [...words].sort(([a], [b]) => a.localeCompare(b))) {
    const all = Object.keys(catalogue[ns]!);
    const sectionOf = (k: string) => (k.includes(".") ? k.slice(0, k.indexOf(".")) : null);
    const entries = new Set<string>();
    for (const key of [...keys].sort()) {
      const section = sectionOf(key);
      const whole = section !== null && all.every((k) => sectionOf(k) !== section || keys.has(k));
      entries.add(whole ? `${section}.*` : key);
    }
    out[ns] = [...entries].join(" ");
  }
  return out;
}

async function main() {
  const check = process.argv.includes("--check");
  const explain = process.argv.includes("--explain") ? process.argv[process.argv.indexOf("--explain") + 1] : null;
  const routes = (await load<{ default: RouteEntry[] }>(path.join(APP, "routes.ts"))).default;
  const { en } = await load<{ en: Catalogue }>(path.join(APP, "lib", "i18n", "catalogues", "en.ts"));
  const { PAGE_NAMESPACES } = await load<{ PAGE_NAMESPACES: readonly string[] }>(
    path.join(APP, "lib", "i18n", "pages.ts"),
  );
  const root = path.join(APP, "root.tsx");
  const rows: [pattern: string, role: Role | null, words: Record<string, string>][] = [];
  for (const page of pages(routes, "", [root])) {
    // a dashboard page every role opens: each role's own selection, one row when they are the same
    const audiences: (Role | null)[] = page.role ? [page.role] : page.dashboard ? [...ROLES] : [null];
    const selections = audiences.map((role) => {
      const words: Words = new Map();
      for (const [m, reached] of reach(page.files, role))
        for (const s of reached) {
          const named = keysOf(m, s, en, PAGE_NAMESPACES);
          if (explain === page.pattern)
            for (const [ns, keys] of named)
              console.log(`${role ?? "anyone"} ${path.relative(ROOT, m.file)}#${s.name} ${ns}: ${[...keys].join(" ")}`);
          for (const [ns, keys] of named) for (const k of keys) addTo(words, ns, k);
        }
      return { role, words: written(words, en) };
    });
    const same = selections.every((s) => JSON.stringify(s.words) === JSON.stringify(selections[0]!.words));
    if (same && !page.role) rows.push([page.pattern, null, selections[0]!.words]);
    else for (const s of selections) rows.push([page.pattern, s.role, s.words]);
  }
  if (explain) return;
  const strays = straysOf(en, PAGE_NAMESPACES);
  if (strays.length) {
    console.error(
      "page-words: these literals are keys of a namespace their module does not read, so no page would get them " +
        '(read it there: useWords("x"), Words<"x">, Key<"x">):',
    );
    for (const stray of strays) console.error(`  ${stray}`);
    process.exit(1);
  }
  const source = [
    "// Generated by `npm run page-words` (scripts/page-words.ts) from the routes and the keys their modules name: the",
    "// words of each namespace a page sends to the browser (a key, or `section.*` for all of a section's), for anyone",
    "// or for one role. Do not edit by hand; `npm run check` compares it.",
    "export const PAGE_WORDS: readonly (readonly [",
    "  pattern: string,",
    '  role: "Worker" | "Buyer" | "Admin" | null,',
    "  words: Readonly<Record<string, string>>,",
    "])[] = [",
    ...rows.map(([p, role, w]) => `  [${JSON.stringify(p)}, ${JSON.stringify(role)}, ${JSON.stringify(w)}],`),
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
    console.log(`Page words: ${rows.length} rows match the code.`);
    return;
  }
  writeFileSync(OUT, body);
  console.log(`wrote app/lib/i18n/page-words.ts (${rows.length} rows)`);
}

await main();
