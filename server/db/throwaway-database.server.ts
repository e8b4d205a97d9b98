import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgres, type DatabaseHandle } from "./client.server.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.server.ts";

/**
 * An empty database nobody else sees: an embedded PostgreSQL in a temporary folder, removed by
 * `close`. For questions like "what does a freshly migrated database hold" that must not touch
 * the configured one (which may forbid creating databases).
 */
export async function openThrowawayDatabase(): Promise<DatabaseHandle> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "clubkalender-throwaway-"));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  try {
    const server = await startEmbeddedPostgres({ pgdata: path.join(folder, "postgres") });
    try {
      const handle = await openPostgres({ host: server.socketDir });
      return {
        ...handle,
        close: async () => {
          try {
            await handle.close();
            await server.stop();
          } finally {
            remove();
          }
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    remove();
    throw error;
  }
}
