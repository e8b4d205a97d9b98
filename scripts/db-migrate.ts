// `npm run db:migrate`: applies pending migrations to the configured database, then exits.
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/open-database.server.ts";

const config = loadConfig();
const { handle, release } = await openDatabase(config);
try {
  await handle.migrate();
  console.info(`Migrations applied (${handle.driver}).`);
} finally {
  await handle.close();
  release();
}
