// `npm run check` runs this: every repository path the docs name (README.md, CONTRIBUTING.md, docs/**,
// tests/e2e/README.md) in a link or in backticks must exist, so a renamed or deleted file cannot leave a doc
// pointing at nothing. To keep false alarms rare it reads only what is plainly a path:
// - a relative link target (resolved from the doc's folder; web addresses and anchors are not paths);
// - a backticked span without spaces or placeholders (`*`, `<…>`, `{a,b}`, `NNN`, `…`) that starts with a top-level
//   entry of the repository (`app/…`, `docs/…`, `wrangler.toml`), or that has a folder and a file extension, in
//   which case some file of the repository must end with it (`services/ledger.server.ts`).
// Fenced code blocks are examples, not references, and are skipped. Generated paths are allowed (GENERATED).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** Made by the tools or at run time, never committed. */
const GENERATED = ["test-results/", "build/", ".wrangler/", ".react-router/", "node_modules/", ".dev.vars"];

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

const generated = (path: string) => GENERATED.some((g) => path === g || path.startsWith(g));
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

const problems: string[] = [];
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
      for (const [, span] of line.replace(/\]\([^)]*\)/g, "]").matchAll(/`([^`]+)`/g)) {
        const why = checkSpan(span);
        if (why) problems.push(`${where}: \`${span}\`: ${why}`);
      }
    });
}

if (problems.length) {
  console.error(`Docs name paths that do not exist (scripts/check-doc-paths.ts):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`Doc paths: every path named in ${docs().length} docs exists.`);
