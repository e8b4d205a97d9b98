// `npm run db:migrate`: applies pending migrations to the configured database, then exits.
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";

const { database, close } = await createDeps(loadConfig(), { joinRunningSite: true });
try {
  await database.migrate();
  console.info("Migrations applied.");
} finally {
  await close();
}
