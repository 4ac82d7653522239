// `npm run check` runs this: the decision records (docs/decisions/NNN-*.md) and their README's table agree. Every
// record is listed once, in order of number, by its own number and file; no two records share a number; each
// record's title carries its number ("# 040. …"). Numbers may skip: docs/decisions/README.md says how they are given.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/wrangler.ts";

const DIR = path.join(ROOT, "docs", "decisions");
const records = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const listed = [...readFileSync(path.join(DIR, "README.md"), "utf8").matchAll(/^\| \[(\d{3})\]\(([^)]+)\)/gm)].map(
  ([, number, file]) => ({ number, file }),
);

const problems: string[] = [];
const numberOf = (file: string) => file.slice(0, 3);
for (const [i, file] of records.entries()) {
  if (i > 0 && numberOf(records[i - 1]) === numberOf(file))
    problems.push(`${records[i - 1]} and ${file} share the number ${numberOf(file)}`);
  const title = readFileSync(path.join(DIR, file), "utf8").split("\n")[0];
  if (!title.startsWith(`# ${numberOf(file)}. `))
    problems.push(`${file}: its title does not begin "# ${numberOf(file)}. "`);
  const rows = listed.filter((r) => r.file === file).length;
  if (rows !== 1) problems.push(`${file} is listed ${rows} times in docs/decisions/README.md (once expected)`);
}
for (const [i, row] of listed.entries()) {
  if (!records.includes(row.file)) problems.push(`README.md lists ${row.file}, which is not a record`);
  if (numberOf(row.file) !== row.number) problems.push(`README.md lists ${row.file} as ${row.number}`);
  if (i > 0 && listed[i - 1].number >= row.number)
    problems.push(`README.md lists ${row.number} after ${listed[i - 1].number} (the table is in order of number)`);
}

if (problems.length) {
  console.error(`Decision records (scripts/check-decisions.ts):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`Decision records: ${records.length}, each listed once and in order.`);
