import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { queryRows } from "#server/db/query-rows.server.ts";

/** What a logical dump needs to know of the app's tables (schema "public"), read from the
 * catalogue so a new table is backed up without anyone listing it. */
export interface TableInfo {
  name: string;
  /** Columns a row can be written to (generated ones are left out). */
  writableColumns: string[];
  /** Columns filled from a sequence (serial), whose sequence follows the loaded rows. */
  serialColumns: string[];
}

/** Every table, each after the tables it references (foreign keys), then by name. */
export async function readTables(db: Database): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const columns = await queryRows<{
    table_name: string;
    column_name: string;
    is_generated: string;
    column_default: string | null;
  }>(
    db,
    sql`select table_name, column_name, is_generated, column_default
        from information_schema.columns where table_schema = 'public'
        order by table_name, ordinal_position`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where con.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const infos = tables.map(({ name }) => {
    const own = columns.filter((column) => column.table_name === name);
    return {
      name,
      writableColumns: own
        .filter((column) => column.is_generated !== "ALWAYS")
        .map((column) => column.column_name),
      serialColumns: own
        .filter((column) => column.column_default?.startsWith("nextval("))
        .map((column) => column.column_name),
    };
  });
  return inReferenceOrder(infos, references);
}

function inReferenceOrder(
  tables: TableInfo[],
  references: { child: string; parent: string }[],
): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) =>
      references.every(
        (reference) => reference.child !== table.name || placed.has(reference.parent),
      ),
    );
    if (ready.length === 0) {
      throw new Error(
        `Foreign keys form a cycle among: ${remaining.map((t) => t.name).join(", ")}`,
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** The hashes of the applied migrations, oldest first: the schema a dump belongs to (none in a
 * database that was never migrated). */
export async function readAppliedMigrations(db: Database): Promise<string[]> {
  const [journal] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!journal!.exists) return [];
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((row) => row.hash);
}

/** Rows per table. */
export async function countRows(db: Database, tables: TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table.name)}`,
    );
    counts.set(table.name, row!.count);
  }
  return counts;
}
