import { createReadStream } from "node:fs";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.server.ts";
import { queryRows } from "#server/db/query-rows.server.ts";
import { readTables, type TableInfo } from "./database-catalog.server.ts";

/** Rows read or written per statement. */
const BATCH_ROWS = 500;

export interface DumpedTable {
  name: string;
  rows: number;
}

const tableFile = (directory: string, table: string) => path.join(directory, `${table}.jsonl`);

/**
 * Writes every table to `directory/<table>.jsonl`, one row a line as PostgreSQL's own JSON of it
 * (`row_to_json`), all from one read-only snapshot: a consistent copy while the site runs.
 */
export async function dumpDatabase(db: Database, directory: string): Promise<DumpedTable[]> {
  await mkdir(directory, { recursive: true });
  return db.transaction(
    async (tx) => {
      const dumped: DumpedTable[] = [];
      for (const table of await readTables(tx)) {
        const file = tableFile(directory, table.name);
        await writeFile(file, "");
        await tx.execute(
          sql`declare backup_rows no scroll cursor for
              select row_to_json(t)::text as row from ${sql.identifier(table.name)} t`,
        );
        let rows = 0;
        for (;;) {
          const batch = await queryRows<{ row: string }>(
            tx,
            sql.raw(`fetch ${BATCH_ROWS} from backup_rows`),
          );
          if (batch.length === 0) break;
          await appendFile(file, batch.map(({ row }) => row + "\n").join(""));
          rows += batch.length;
        }
        await tx.execute(sql`close backup_rows`);
        dumped.push({ name: table.name, rows });
      }
      return dumped;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Replaces the content of every table with the dumped rows, in one transaction: afterwards
 * the database holds exactly the dump, or — when anything fails — what it held before. User
 * triggers (search vectors, content version) stay off while loading, so rows arrive as dumped;
 * sequences continue after the highest loaded id.
 */
export async function loadDatabase(
  db: Database,
  directory: string,
  dumped: DumpedTable[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = await readTables(tx);
    const known = new Set(tables.map((table) => table.name));
    const unknown = dumped.filter((table) => !known.has(table.name));
    if (unknown.length > 0) {
      throw new Error(
        `The backup has tables this database lacks: ${unknown.map((table) => table.name).join(", ")}`,
      );
    }
    await tx.execute(
      sql`truncate table ${sql.join(
        tables.map((table) => sql.identifier(table.name)),
        sql`, `,
      )} restart identity`,
    );
    const dumpedNames = new Set(dumped.map((table) => table.name));
    for (const table of tables) {
      await tx.execute(sql`alter table ${sql.identifier(table.name)} disable trigger user`);
      if (dumpedNames.has(table.name)) await loadTable(tx, directory, table);
      await followSequences(tx, table);
      await tx.execute(sql`alter table ${sql.identifier(table.name)} enable trigger user`);
    }
  });
}

async function loadTable(db: Database, directory: string, table: TableInfo): Promise<void> {
  const columns = sql.join(
    table.writableColumns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const insert = (lines: string[]) =>
    db.execute(
      sql`insert into ${sql.identifier(table.name)} (${columns}) overriding system value
          select ${columns}
          from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${lines.join(",")}]`}::json)`,
    );
  const lines = createInterface({
    input: createReadStream(tableFile(directory, table.name), "utf8"),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length === BATCH_ROWS) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
}

async function followSequences(db: Database, table: TableInfo): Promise<void> {
  for (const column of table.serialColumns) {
    await db.execute(
      sql`select setval(
            pg_get_serial_sequence(${`"${table.name}"`}, ${column}),
            coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table.name)}), 0) + 1,
            false)`,
    );
  }
}
