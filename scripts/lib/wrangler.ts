// Runs the project's wrangler CLI from Node scripts (npm run dev, db:seed, ledger:check, admin).
// Node built-ins only: these scripts run with Node's type stripping, not through a bundler.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRANGLER_BIN = path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

/** Where a D1 command goes: the local state in .wrangler/state (default), another local dir, or the remote database. */
export interface D1Target {
  remote?: boolean;
  persistTo?: string;
}

/** Reads `--remote` and `--persist-to <dir>` (or `--persist-to=<dir>`) and returns the other arguments. */
export function parseTarget(argv: string[]): { target: D1Target; rest: string[] } {
  const target: D1Target = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--remote") target.remote = true;
    else if (a === "--local") target.remote = false;
    else if (a === "--persist-to") target.persistTo = argv[++i];
    else if (a.startsWith("--persist-to=")) target.persistTo = a.slice("--persist-to=".length);
    else rest.push(a);
  }
  if (target.persistTo === "") throw new Error("--persist-to needs a directory");
  if (target.remote && target.persistTo) throw new Error("--persist-to only applies to the local database");
  if (target.persistTo) target.persistTo = path.resolve(target.persistTo);
  return { target, rest };
}

export function targetArgs(t: D1Target): string[] {
  if (t.remote) return ["--remote"];
  return ["--local", ...(t.persistTo ? ["--persist-to", t.persistTo] : [])];
}

export function describeTarget(t: D1Target): string {
  if (t.remote) return "the remote D1 database";
  return `the local D1 database in ${t.persistTo ?? path.join(ROOT, ".wrangler", "state")}`;
}

export const wranglerEnv = (): NodeJS.ProcessEnv => ({ ...process.env, WRANGLER_SEND_METRICS: "false" });

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs wrangler with the Node that runs this script (Node 24 from node_modules), from the project root. */
export function wrangler(args: string[], opts: { quiet?: boolean } = {}): RunResult {
  const r = spawnSync(process.execPath, [WRANGLER_BIN, ...args], {
    cwd: ROOT,
    env: wranglerEnv(),
    encoding: "utf8",
    stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { status: r.status ?? 1, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

function failure(what: string, r: RunResult): Error {
  const tail = (r.stderr || r.stdout).trim().split("\n").slice(-15).join("\n");
  return new Error(`${what} failed (exit ${r.status})${tail ? `:\n${tail}` : ""}`);
}

const MIGRATIONS_DIR = path.join(ROOT, "migrations");
/** wrangler's default migrations table (wrangler.toml names no other), created as `wrangler d1 migrations` does. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * Applies the migrations the database lacks. Remotely: `wrangler d1 migrations apply DB --remote`. Locally: the SQL
 * that command would run (each migration, then the row recording it in d1_migrations), sent as one `wrangler d1
 * execute --file`. wrangler starts a Miniflare for every migration: 41 of them took 33 s of CPU, one execute takes
 * a few, and the whole set applies as one batch, all or none. `wrangler d1 migrations list` reads the result as its own.
 */
export function applyMigrations(t: D1Target, opts: { quiet?: boolean } = {}): void {
  const pending = t.remote ? undefined : pendingLocalMigrations(t);
  if (!pending) {
    const r = wrangler(["d1", "migrations", "apply", "DB", ...targetArgs(t)], { quiet: opts.quiet });
    if (r.status !== 0) throw failure("Applying the D1 migrations", r);
    return;
  }
  if (pending.length === 0) return;
  const sql = [
    CREATE_MIGRATIONS_TABLE,
    ...pending.map(
      (name) =>
        `${readFileSync(path.join(MIGRATIONS_DIR, name), "utf8")}\nINSERT INTO "d1_migrations" (name)\nvalues (${sqlString(name)});`,
    ),
  ].join("\n");
  const dir = mkdtempSync(path.join(tmpdir(), "coinwork-migrations-"));
  try {
    const file = path.join(dir, "pending.sql");
    writeFileSync(file, sql);
    executeFile(file, t);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!opts.quiet) console.log(`Applied ${pending.length} migration(s) to ${describeTarget(t)}.`);
}

/**
 * The local database's migrations not yet recorded in d1_migrations, in order: all of them before the database
 * exists. Undefined when the local state holds several databases (then wrangler's own command decides).
 */
function pendingLocalMigrations(t: D1Target): string[] | undefined {
  const persistDir = t.persistTo ?? path.join(ROOT, ".wrangler", "state");
  const all = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const databases = localD1Files(persistDir).length;
  if (databases === 0) return all;
  if (databases > 1) return undefined;
  const tables = query<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'd1_migrations'", t);
  if (tables[0].n === 0) return all;
  const applied = new Set(query<{ name: string }>("SELECT name FROM d1_migrations", t).map((r) => r.name));
  return all.filter((name) => !applied.has(name));
}

/**
 * One SQL statement; returns its rows. A local database is read straight from its SQLite file with node:sqlite (the
 * file wrangler would open, without a wrangler process for each question: ledger:check and the seed's checks take
 * a fraction of a second instead of seconds); the remote one, or a local state holding several databases, through
 * `wrangler d1 execute`.
 */
export function query<T = Record<string, unknown>>(sql: string, t: D1Target): T[] {
  const file = t.remote ? undefined : onlyLocalD1File(t.persistTo ?? path.join(ROOT, ".wrangler", "state"));
  if (file) {
    const db = new DatabaseSync(file);
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  }
  const r = wrangler(["d1", "execute", "DB", ...targetArgs(t), "--json", "--yes", "--command", sql], { quiet: true });
  if (r.status !== 0) throw failure(`Query "${sql.slice(0, 60)}…"`, r);
  const start = r.stdout.indexOf("[");
  if (start < 0) throw new Error(`wrangler returned no JSON for "${sql.slice(0, 60)}…":\n${r.stdout}`);
  const results = JSON.parse(r.stdout.slice(start)) as { results: T[] }[];
  return results[results.length - 1]?.results ?? [];
}

/** Executes a .sql file. */
export function executeFile(file: string, t: D1Target, opts: { quiet?: boolean } = {}): void {
  const r = wrangler(["d1", "execute", "DB", ...targetArgs(t), "--yes", "--file", file], { quiet: opts.quiet ?? true });
  if (r.status !== 0) throw failure(`Executing ${path.basename(file)}`, r);
}

/** Single-quoted SQL string literal. */
export function sqlString(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

const d1Dir = (persistDir: string) => path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");

/** The SQLite files of the local D1 databases kept in `persistDir`. */
function localD1Files(persistDir: string): string[] {
  const dir = d1Dir(persistDir);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  return files.map((f) => path.join(dir, f));
}

/** The SQLite file of the local D1 database kept in `persistDir`, if there is exactly one. */
function onlyLocalD1File(persistDir: string): string | undefined {
  const files = localD1Files(persistDir);
  return files.length === 1 ? files[0] : undefined;
}

/** The SQLite file of the one local D1 database that `wrangler --persist-to persistDir` keeps. */
export function localD1File(persistDir: string): string {
  const file = onlyLocalD1File(persistDir);
  if (!file) throw new Error(`expected one D1 database file in ${d1Dir(persistDir)}`);
  return file;
}
