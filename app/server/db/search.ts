import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * "column contains q", case-insensitive for ASCII like SQLite's LIKE, for any length of q. D1 refuses LIKE
 * patterns over 50 bytes ("LIKE or GLOB pattern too complex"), so a long search must not become a pattern;
 * instr() also needs no escaping of % and _.
 */
export function containsText(column: SQLWrapper, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}
