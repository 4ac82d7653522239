// Copies of a played history (scripts/lib/history.ts) in the same D1 file, to make a large marketplace quickly: the
// benchmark's 100,000 tasks are a history of 500 played through the services and 199 copies of its rows
// (scripts/lib/bench-data.ts). A copy is each history row again with new ids, its times a few minutes earlier; the
// `shared` accounts (the demo accounts) are not copied and take part in every copy. The rows go in with the
// migrations' triggers on, so every counter they keep counts the copies as it counts the app's own writes.
//
// What is copied is read from the schema, so that a new table or column needs nothing here: every table with rows
// except D1's own and those that are the triggers' (counters, search indexes: triggers make their rows, or keep
// every column they have). In a copied row, every id (the primary key, foreign keys, `…_id` columns) and every column
// of a UNIQUE index gets its copy's value, every `…_at` time moves, and a column a trigger keeps (a task's timed
// submissions) starts at its default, for the triggers to count the copy's rows into it.
import type { DatabaseSync } from "node:sqlite";

interface Table {
  name: string;
  columns: string[];
  /** columns whose values are ids or must be unique: each copy has its own */
  renamed: Set<string>;
  /** times (epoch ms) */
  times: Set<string>;
  /** columns a trigger keeps up to date: their default, with the SQL that gives it */
  counters: Map<string, string>;
  /** the primary key: a row whose key a copy keeps (a shared account's) is not copied */
  key: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables a history writes, in the order their rows were first written (parents before children). */
function historyTables(db: DatabaseSync): Table[] {
  const all = db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY rowid").all() as {
    type: string;
    name: string;
    sql: string | null;
  }[];
  const triggers = all.filter((o) => o.type === "trigger").map((o) => o.sql ?? "");
  const written = new Set(
    triggers.flatMap((sql) => [...sql.matchAll(/\b(?:INTO|DELETE\s+FROM)\s+["`]?(\w+)/gi)].map((m) => m[1])),
  );
  const kept = keptColumns(triggers);
  const virtual = all.filter((o) => o.type === "table" && /^CREATE VIRTUAL/i.test(o.sql ?? "")).map((o) => o.name);
  // a table of counters alone (totals: rows made by a migration, every other column kept by triggers) is theirs too
  const countersAlone = (name: string) =>
    (db.prepare(`PRAGMA table_info(${quote(name)})`).all() as { name: string; pk: number }[])
      .filter((c) => c.pk === 0)
      .every((c) => kept.get(name)?.has(c.name));
  const own = (name: string) =>
    written.has(name) ||
    countersAlone(name) ||
    virtual.some((v) => name === v || name.startsWith(`${v}_`)) ||
    /^(sqlite_|_cf_|d1_migrations$)/.test(name);
  return all
    .filter((o) => o.type === "table" && !own(o.name))
    .filter((o) => db.prepare(`SELECT 1 FROM ${quote(o.name)} LIMIT 1`).get() !== undefined)
    .map((o) => describe(db, o.name, kept.get(o.name) ?? new Set()));
}

/** Per table, the columns that triggers' UPDATE statements set (`UPDATE t SET a = …, b = CASE … END WHERE …`). */
function keptColumns(triggers: string[]): Map<string, Set<string>> {
  const kept = new Map<string, Set<string>>();
  for (const sql of triggers)
    for (const m of sql.matchAll(/\bUPDATE\s+["`]?(\w+)["`]?\s+SET\b/gi)) {
      const columns = kept.get(m[1]!) ?? new Set<string>();
      for (const assignment of assignments(sql.slice(m.index + m[0].length)))
        columns.add(/^\s*["`]?(\w+)/.exec(assignment)![1]!);
      kept.set(m[1]!, columns);
    }
  return kept;
}

/** An UPDATE's `a = …` parts after its SET: split at the commas outside parentheses, up to WHERE or the `;`. */
function assignments(rest: string): string[] {
  const parts = [""];
  let depth = 0;
  for (const ch of rest) {
    depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
    if (depth === 0 && ch === ";") break;
    if (depth === 0 && ch === ",") parts.push("");
    else parts[parts.length - 1] += ch;
    if (depth === 0 && /\bWHERE\s$/i.test(parts.at(-1)!)) break;
  }
  return parts;
}

function describe(db: DatabaseSync, name: string, kept: Set<string>): Table {
  const info = db.prepare(`PRAGMA table_info(${quote(name)})`).all() as {
    name: string;
    type: string;
    pk: number;
    dflt_value: string | null;
  }[];
  const text = new Set(info.filter((c) => !/INT/i.test(c.type)).map((c) => c.name));
  const foreign = (db.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as { from: string }[]).map(
    (f) => f.from,
  );
  const key = info.filter((c) => c.pk > 0).map((c) => c.name);
  const ids = new Set(
    info.filter((c) => key.includes(c.name) || foreign.includes(c.name) || /_id$/.test(c.name)).map((c) => c.name),
  );
  // a UNIQUE index without an id among its columns (users' e-mail) needs its own values in each copy
  for (const ix of db.prepare(`PRAGMA index_list(${quote(name)})`).all() as { name: string; unique: number }[]) {
    const columns = (db.prepare(`PRAGMA index_info(${quote(ix.name)})`).all() as { name: string }[]).map((c) => c.name);
    if (ix.unique && !columns.some((c) => ids.has(c))) for (const c of columns) ids.add(c);
  }
  return {
    name,
    // an integer key is SQLite's own row number: each copy gets a new one
    columns: info.filter((c) => !(key.includes(c.name) && !text.has(c.name))).map((c) => c.name),
    renamed: new Set([...ids].filter((c) => text.has(c))),
    times: new Set(info.filter((c) => /_at$/.test(c.name) && !text.has(c.name)).map((c) => c.name)),
    counters: new Map(info.filter((c) => kept.has(c.name)).map((c) => [c.name, c.dflt_value ?? "NULL"])),
    key: key.filter((c) => text.has(c)),
  };
}

/** A value's copy number `copy`: an id keeps its shape (a UUID stays a UUID), an e-mail stays an e-mail. */
function copyOf(value: string, copy: number): string {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value)) return copy.toString(16).padStart(8, "0") + value.slice(8);
  const at = value.lastIndexOf("@");
  return at > 0 ? `${value.slice(0, at)}.${copy}${value.slice(at)}` : `${value}.${copy}`;
}

/**
 * Adds `copies` copies of every history row in `db` (a migrated D1 file holding one played history; no server may
 * have it open). `shared`: ids of users that every copy shares rather than copies; their cached balance and debt are
 * then read again from their ledgers, as every posting reads them back. Returns the rows added per table.
 */
export function addCopies(db: DatabaseSync, copies: number, shared: string[]): Record<string, number> {
  const tables = historyTables(db);
  const keep = new Set(shared);
  db.function("copy_of", { deterministic: true }, (value, copy) =>
    typeof value === "string" && !keep.has(value) ? copyOf(value, Number(copy)) : value,
  );
  // Secondary indexes go while the rows go in, and come back after (which also checks every UNIQUE one). An index a
  // trigger reads through (named by its INDEXED BY: the sample of a buyer's kept median) stays, or each copied row's
  // trigger would read its whole table.
  const names = tables.map((t) => `'${t.name}'`).join(", ");
  const readByTriggers = new Set(
    (db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'").all() as { sql: string }[]).flatMap((t) =>
      [...t.sql.matchAll(/\bINDEXED\s+BY\s+["`]?(\w+)/gi)].map((m) => m[1]),
    ),
  );
  const indexes = (
    db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${names})`,
      )
      .all() as { name: string; sql: string }[]
  ).filter((ix) => !readByTriggers.has(ix.name));
  const added: Record<string, number> = {};
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("BEGIN");
  try {
    for (const ix of indexes) db.exec(`DROP INDEX ${quote(ix.name)}`);
    for (const t of tables) db.exec(`CREATE TEMP TABLE ${quote(`base_${t.name}`)} AS SELECT * FROM ${quote(t.name)}`);
    for (let copy = 1; copy <= copies; copy++) {
      for (const t of tables) {
        const value = (c: string) =>
          t.counters.get(c) ??
          (t.renamed.has(c)
            ? `copy_of(${quote(c)}, ${copy})`
            : t.times.has(c)
              ? `${quote(c)} - ${copy * 60_000}`
              : quote(c));
        const copied = t.key.map((k) => `copy_of(${quote(k)}, ${copy}) IS NOT ${quote(k)}`).join(" OR ") || "1";
        const r = db
          .prepare(
            `INSERT INTO ${quote(t.name)} (${t.columns.map(quote).join(", ")})
             SELECT ${t.columns.map(value).join(", ")} FROM ${quote(`base_${t.name}`)} WHERE ${copied}`,
          )
          .run();
        added[t.name] = (added[t.name] ?? 0) + Number(r.changes);
      }
    }
    for (const t of tables) db.exec(`DROP TABLE ${quote(`base_${t.name}`)}`);
    const ids = shared.map(() => "?").join(", ");
    db.prepare(
      `UPDATE users SET coin = (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger WHERE user_id = users.id),
         debt_coins = (SELECT COALESCE(SUM(delta), 0) FROM debt_ledger WHERE user_id = users.id)
       WHERE id IN (${ids})`,
    ).run(...shared);
    for (const ix of indexes) db.exec(ix.sql);
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  } finally {
    db.exec("PRAGMA foreign_keys = ON");
  }
  const orphans = db.prepare("PRAGMA foreign_key_check").all();
  if (orphans.length)
    throw new Error(`tiles: ${orphans.length} rows break a foreign key, e.g. ${JSON.stringify(orphans[0])}`);
  return added;
}
