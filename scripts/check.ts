// npm run check: lint (ESLint, with the layer rules), format (Prettier), types (tsc), the docs' generated tables
// (scripts/docs-tables.ts --check) and the words each page sends (scripts/page-words.ts --check) side by side, then the paths and files the repository names
// (scripts/check-doc-paths.ts) and the decision records' table (scripts/check-decisions.ts). `react-router typegen` runs first and alone: tsc and ESLint read the route types it
// writes. Each tool's output is printed whole, in this order, once all have finished; the check fails if any of them
// does. Side by side they take about as long as the slowest (ESLint or tsc, ~37 s each here), where one after
// another took ~100 s.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "./lib/wrangler.ts";

const bin = (pkg: string, file: string) => path.join(ROOT, "node_modules", pkg, file);

const TOOLS = [
  { name: "eslint", args: [bin("eslint", "bin/eslint.js"), "--max-warnings", "0", "."] },
  { name: "prettier", args: [bin("prettier", "bin/prettier.cjs"), "--check", "."] },
  { name: "tsc", args: [bin("typescript", "bin/tsc")] },
  { name: "docs tables", args: [path.join(ROOT, "scripts", "docs-tables.ts"), "--check"] },
  { name: "page words", args: [path.join(ROOT, "scripts", "page-words.ts"), "--check"] },
];

function runAlone(name: string, args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`check: ${name} failed`);
    process.exit(r.status ?? 1);
  }
}

/** Runs a tool with its output kept; resolves with its exit status and what it printed. */
function run(args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    child.on("close", (code) => resolve({ status: code ?? 1, output }));
  });
}

runAlone("react-router typegen", [bin("@react-router/dev", "bin.cjs"), "typegen"]);
const results = await Promise.all(TOOLS.map((t) => run(t.args)));
for (const [i, { status, output }] of results.entries()) {
  console.log(`--- ${TOOLS[i].name}${status === 0 ? "" : ` (failed, exit ${status})`}`);
  if (output.trim()) console.log(output.trimEnd());
}
const failed = TOOLS.filter((_, i) => results[i].status !== 0);
if (failed.length) {
  console.error(`check: ${failed.map((t) => t.name).join(", ")} failed`);
  process.exit(1);
}
runAlone("doc paths", [path.join(ROOT, "scripts", "check-doc-paths.ts")]);
runAlone("decision records", [path.join(ROOT, "scripts", "check-decisions.ts")]);
