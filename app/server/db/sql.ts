// SQL fragments the services share.
import { getTableName, sql, type AnyColumn } from "drizzle-orm";

/**
 * `"table"."column"`: a correlated subquery's reference to its outer row. Drizzle writes a lone table's columns
 * unqualified, which a table of the subquery with a column of that name would take for its own.
 */
export const outerColumn = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
