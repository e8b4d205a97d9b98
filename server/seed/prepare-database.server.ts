import { importPgliteFolderIfPresent } from "#server/backup/pglite-import.server.ts";
import type { Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { openAdminSetup } from "#server/domain/accounts/admin-setup.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/**
 * What a start does to the database before anyone is served (by the single process, or by the
 * cluster's primary): an earlier release's embedded database copied over once (decision 0201),
 * the migrations, then the demo data into an empty database when asked for; while the site has
 * no admin, a one-time setup link on the console (decision 0202).
 * The demo data's generators are big, so they are loaded only then. Answers the demo data's
 * pictures still to draw: the caller draws them once the site answers (decision 0204).
 */
export async function prepareDatabase(
  deps: DomainDeps,
  database: DatabaseHandle,
  config: Config,
): Promise<{ drawDemoPictures: () => Promise<void> }> {
  let drawDemoPictures = async () => {};
  if (!config.databaseUrl && (await importPgliteFolderIfPresent(config.dataDir, database))) {
    console.info("Copied the embedded database of the earlier release (PGlite) into PostgreSQL.");
  }
  await database.migrate();
  if (config.seedDemoData) {
    const { seedDemoDataPicturesLater } = await import("./seed-demo.server.ts");
    const { seeded, drawPictures } = await seedDemoDataPicturesLater(deps);
    if (seeded) console.info("Loaded the demo data into the empty database.");
    drawDemoPictures = drawPictures;
  }
  const setupToken = await openAdminSetup(deps);
  if (setupToken) {
    console.info(
      `No admin yet. Create the first one at ${config.publicUrl}/einrichtung?token=${setupToken} ` +
        "(valid once, for an hour; every start makes a new link while there is no admin).",
    );
  }
  return { drawDemoPictures };
}

/**
 * Draws the demo pictures after the site answers; the promise never rejects (a failure is
 * logged: the demo data then shows its parties without flyers). A shutdown waits for it, so
 * the database is not closed under the drawing's last write.
 */
export function drawDemoPicturesInBackground(
  drawDemoPictures: () => Promise<void>,
  log: { error: (details: object, message: string) => void },
): Promise<void> {
  return drawDemoPictures().catch((error: unknown) =>
    log.error({ err: error }, "the demo pictures could not be drawn"),
  );
}
