import type { SQL } from "drizzle-orm";
import type { Database } from "./client.server.ts";

/** The rows of a raw statement; node-postgres answers `{ rows }`. */
export async function queryRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
