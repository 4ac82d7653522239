// SQL fragments the services share.
import { getTableName, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";

/**
 * A value a fragment binds: given, or a placeholder that a prepared read (db/prepared.server.ts) fills in when it
 * runs, so that a statement built once serves every call.
 */
export type Bound = string | Placeholder;

/**
 * `"table"."column"`: a correlated subquery's reference to its outer row. Drizzle writes a lone table's columns
 * unqualified, which a table of the subquery with a column of that name would take for its own.
 */
export const outerColumn = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * A column whose subquery answers one JSON value (`json_object(…)`), parsed; null stays null. A row's related
 * record read in the row's own statement, not in a second step (docs/decisions/069).
 */
export const jsonColumn = <T>(query: SQL) => sql<T | null>`${query}`.mapWith((text: string) => JSON.parse(text) as T);
