// `npm run check` runs this: nothing in the repository cites a file the repository does not contain. Every path the
// docs name (README.md, CONTRIBUTING.md, docs/**, tests/e2e/README.md) in a link or in backticks must exist, so a
// renamed or deleted file cannot leave a doc pointing at nothing; and every Markdown file named anywhere, in a doc's
// prose or a comment of the code, must be one of the repository's. To keep false alarms rare it reads only what is
// plainly a path:
// - a relative link target (resolved from the doc's folder; web addresses and anchors are not paths);
// - a backticked span without spaces or placeholders (`*`, `<…>`, `{a,b}`, `NNN`, `…`) that starts with a top-level
//   entry of the repository (`app/…`, `docs/…`, `wrangler.toml`), or that has a folder and a file extension, in
//   which case some file of the repository must end with it (`services/ledger.server.ts`);
// - a word ending in `.md` (in code, outside string literals): with a folder, the file exists (from the repository's root, from the citing file's
//   folder, or as the end of some file's path); without one, some file of the repository has that name. A product
//   document that lives elsewhere is named in words ("the product's original specification"), not by a file name.
// Fenced code blocks are examples, not references, and are skipped. Generated and planned paths are allowed (GENERATED, PLANNED).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** Made by the tools or at run time, never committed. */
const GENERATED = ["test-results/", "build/", ".wrangler/", ".react-router/", "node_modules/", ".dev.vars"];

/**
 * Places CONTRIBUTING.md's "Where each new kind of thing lives" gives kinds of code the repository has none of yet
 * (the linter's HOUSE table keeps them); a doc may name them, and what will live there, before they exist.
 */
const PLANNED = ["app/lib/i18n/", "app/service-worker/", "app/server/push/", "app/components/push/"];

const root = process.cwd();
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const topLevel = new Set(files.map((f) => f.split("/")[0]));

function docs(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
    );
  return ["README.md", "CONTRIBUTING.md", "tests/e2e/README.md", ...walk("docs")];
}

const generated = (path: string) => [...GENERATED, ...PLANNED].some((g) => path === g || path.startsWith(g));
const exists = (path: string) => existsSync(join(root, path));
/** A file whose name begins with the path and an underscore: a migration named by its number (`migrations/0011`). */
const namesAMigration = (path: string) => files.some((f) => f.startsWith(`${path}_`));
/** Some file of the repository is at this path or ends with it (a path given from inside a folder). */
const endsSomeFile = (path: string) => files.some((f) => f === path || f.endsWith(`/${path}`));

const PLACEHOLDER = /[*<>{}…$]|\.\.\.|NNN|\s/;
const EXTENSION = /\.(?:tsx?|md|sql|toml|jsonc?|js|css|html|ya?ml|sh|txt|png|webp|svg)$/;

/** What is wrong with a backticked span that names a path, or null (also when it names none). */
function checkSpan(span: string): string | null {
  const path = span.replace(/:\d+(?::\d+)?$/, "").replace(/^\.\//, "");
  if (!path || PLACEHOLDER.test(path) || path.startsWith("/") || /^[a-z]+:/i.test(path)) return null;
  if (generated(path)) return null;
  const first = path.split("/")[0];
  if (topLevel.has(first) && (path.includes("/") || EXTENSION.test(path)))
    return exists(path) || namesAMigration(path) ? null : "missing";
  if (path.includes("/") && EXTENSION.test(path)) return endsSomeFile(path) ? null : "no file ends with it";
  return null;
}

/** What is wrong with a link target, or null. */
function checkLink(doc: string, target: string): string | null {
  if (/^[a-z]+:/i.test(target) || target.startsWith("#") || target.startsWith("/")) return null;
  const path = normalize(join(dirname(doc), target.split("#")[0]));
  if (generated(path)) return null;
  return exists(path) ? null : "missing";
}

/** The code and configuration that may name a doc in a comment (`docs/performance.md`, `messages.md`). */
const SOURCES = files.filter((f) => /\.(?:[cm]?[jt]sx?|sh|toml|css|html)$/.test(f) || f === ".ci/run");
const MARKDOWN_NAME = /[\w./~-]*\w\.md\b/g;
const names = new Set(files.map((f) => f.split("/").pop()));

/** What is wrong with a Markdown file's name or path cited in `file`, or null. */
function checkMarkdownName(file: string, cited: string): string | null {
  if (PLACEHOLDER.test(cited)) return null;
  if (!cited.includes("/")) return names.has(cited) ? null : "no file of the repository has this name";
  const path = cited.replace(/^\//, ""); // a path the app serves (`/docs/mturk.md`) is the repository's file
  if (generated(path) || exists(path) || exists(normalize(join(dirname(file), cited)))) return null;
  return endsSomeFile(path.replace(/^(?:\.\.?\/)+/, "")) ? null : "missing";
}

const problems: string[] = [];
for (const file of SOURCES) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      for (const { 0: cited, index } of line.matchAll(MARKDOWN_NAME)) {
        // a string the code uses (a file it writes) is data, not a citation
        if (/^["'`]$/.test(line[index - 1] ?? "") && line[index - 1] === line[index + cited.length]) continue;
        const why = checkMarkdownName(file, cited);
        if (why) problems.push(`${file}:${i + 1}: ${cited}: ${why}`);
      }
    });
}
for (const doc of docs()) {
  let fenced = false;
  readFileSync(doc, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      if (fenced) return;
      const where = `${doc}:${i + 1}`;
      for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const why = checkLink(doc, target);
        if (why) problems.push(`${where}: link ${target}: ${why}`);
      }
      const withoutLinkTargets = line.replace(/\]\([^)]*\)/g, "]");
      for (const [, span] of withoutLinkTargets.matchAll(/`([^`]+)`/g)) {
        const why = checkSpan(span);
        if (why) problems.push(`${where}: \`${span}\`: ${why}`);
      }
      for (const [cited] of withoutLinkTargets.replace(/https?:\/\/\S+/g, "").matchAll(MARKDOWN_NAME)) {
        const why = checkMarkdownName(doc, cited);
        if (why) problems.push(`${where}: ${cited}: ${why}`);
      }
    });
}

if (problems.length) {
  console.error(`The repository names files it does not contain (scripts/check-doc-paths.ts):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(
  `Doc paths: every path named in ${docs().length} docs, and every doc named in ${SOURCES.length} files, exists.`,
);
