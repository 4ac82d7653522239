import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { tasks, users } from "./schema";

/**
 * "column contains q", case-insensitive for ASCII like SQLite's LIKE, for any length of q. D1 refuses LIKE
 * patterns over 50 bytes ("LIKE or GLOB pattern too complex"), so a long search must not become a pattern;
 * instr() also needs no escaping of % and _.
 */
export function containsText(column: SQLWrapper, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}

/** A task's rowid: the key of its entry in tasks_fts, and what a page of tasks is first found as. */
export const taskRowid = sql`${tasks}.rowid`;

/** The trigram indexes (tasks_fts, users_fts: migrations/0006) find substrings of three characters or more. */
const TRIGRAM = 3;

/** q as one FTS5 phrase: the text between double quotes (doubled inside) is matched as it is, operators and all. */
const phrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/** "the user's name or e-mail contains q", through users_fts when q is long enough for a trigram. */
export function userTextMatches(q: string): SQL {
  if ([...q].length < TRIGRAM) return sql`(${containsText(users.name, q)} OR ${containsText(users.email, q)})`;
  return sql`${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${phrase(q)})`;
}

/** The rowids of `table`'s rows whose text matches the FTS5 `query` (and of `alsoIn`, a compound SELECT to add). */
const matchSet = (table: "tasks_fts" | "open_tasks_fts", query: string, alsoIn: SQL = sql``) =>
  sql`SELECT rowid FROM ${sql.raw(table)} WHERE ${sql.raw(table)} MATCH ${query}${alsoIn}`;

/** q as one FTS5 query of `table`'s rows whose text contains it: each row a list walks is tested against the set. */
function trigramMatches(table: "tasks_fts" | "open_tasks_fts", query: string, alsoIn: SQL = sql``): SQL {
  // "+": test each walked row against the match set, rather than look the matches up one by one and sort them
  return sql`+${taskRowid} IN (${matchSet(table, query, alsoIn)})`;
}

/** The words of q (letters and digits), at most eight, each an FTS5 phrase: all of them must appear. */
export function wordsQuery(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map(phrase).join(" ") : null;
}

/**
 * Any of the words of `text` (letters and digits, each once, at most `max`), as one FTS5 query: what finds the saved
 * searches sharing a word with a new task (the task alerts, decision 060).
 */
export function anyWordQuery(text: string, max = 400): string | null {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, max);
  return words.length ? words.map(phrase).join(" OR ") : null;
}

/**
 * The open tasks whose words match q's words in any form (open_task_words, migrations/0022: the porter stemmer makes
 * "translate" and "Translation" both "translat"), as a compound SELECT to add to another set of rowids.
 */
function openTaskWords(q: string): SQL {
  const words = wordsQuery(q);
  return words ? sql` UNION SELECT rowid FROM open_task_words WHERE open_task_words MATCH ${words}` : sql``;
}

/**
 * "the open task's title or detail contains q, or has its words in another form", case-insensitive, for the
 * workers' search. Through open_tasks_fts (migrations/0015, trigrams: what contains q) and open_task_words (0022,
 * stemmed words), which hold the open tasks alone: the match set is what could be shown, not every task ever
 * posted. A q shorter than three characters has no trigram, so its "contains" falls back to containsText.
 * Only for lists of open tasks (openTaskFilter): the indexes may still hold a task whose day has just passed.
 */
export function openTaskTextMatches(q: string): SQL {
  if ([...q].length >= TRIGRAM) return trigramMatches("open_tasks_fts", phrase(q), openTaskWords(q));
  const contains = sql`${containsText(tasks.taskTitle, q)} OR ${containsText(tasks.taskDetail, q)}`;
  const words = wordsQuery(q);
  if (!words) return sql`(${contains})`;
  return sql`(${contains} OR +${taskRowid} IN (SELECT rowid FROM open_task_words WHERE open_task_words MATCH ${words}))`;
}

/**
 * The rowids of the open tasks matching q, as a compound SELECT: what a search's count reads, its matches (the
 * open-task indexes hold the open tasks alone) rather than every open task walked and tested. Null when q is too
 * short for a trigram: its "contains" is tested on each walked row (openTaskTextMatches).
 */
export function openTaskMatches(q: string): SQL | null {
  if ([...q].length < TRIGRAM) return null;
  return matchSet("open_tasks_fts", phrase(q), openTaskWords(q));
}

/** "the task's title contains q", for the admin's search of every task: through tasks_fts (migrations/0006). */
export function taskTitleMatches(q: string): SQL {
  if ([...q].length < TRIGRAM) return containsText(tasks.taskTitle, q);
  return trigramMatches("tasks_fts", `task_title : ${phrase(q)}`);
}
