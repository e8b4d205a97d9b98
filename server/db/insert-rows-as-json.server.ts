import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.server.ts";
import { queryRows } from "./query-rows.server.ts";

/**
 * Inserts many rows of one table in one statement whose only parameter is the rows as JSON, read
 * back into the table's row type by `json_populate_recordset` (decision 0255). Drizzle's
 * multi-row `insert().values()` builds one parameter per value, and on tens of thousands of values
 * that building took more time than PostgreSQL's insert (db:generate). The values go through each
 * column's own driver mapping (a `Date` becomes its ISO text); JSON columns keep their value. The
 * columns no row names keep their defaults; one some rows leave out is null there, which a column
 * with a default cannot be told (an error, not a silent null). Returns the new rows' `id`s in the
 * rows' order when asked to (`returningIds`).
 */
export async function insertRowsAsJson<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: Table["$inferInsert"][],
  { returningIds = false }: { returningIds?: boolean } = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key]!;
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.hasDefault) {
        throw new Error(`insertRowsAsJson: every row names ${key} or none (it has a default)`);
      }
      if (value === undefined || value === null) record[column.name] = null;
      else if (column.dataType === "json") record[column.name] = value;
      else record[column.name] = column.mapToDriverValue(value);
    }
    return record;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const returning: SQL = returningIds ? sql` returning id` : sql``;
  const statement = sql`insert into ${table} (${names})
    select ${names} from json_populate_recordset(null::${sql.identifier(getTableName(table))}, ${JSON.stringify(records)}::json)${returning}`;
  if (!returningIds) {
    await db.execute(statement);
    return [];
  }
  return (await queryRows<{ id: number }>(db, statement)).map((row) => row.id);
}
