import { importPgliteFolderIfPresent } from "#server/backup/pglite-import.server.ts";
import type { Config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { openAdminSetup } from "#server/domain/accounts/admin-setup.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { startDemoDataChild, type DemoDataChild } from "./demo-data-child-process.server.ts";
import { hasGenreCategories, hasPendingDemoPictures } from "./demo-data-owed.server.ts";

/** What a start has opened (createDeps's composition). */
interface OpenedSite {
  deps: DomainDeps;
  database: DatabaseHandle;
  /** The embedded database's socket directory, for the demo data's child. */
  socketDir?: string;
}

/**
 * What a start does to the database before anyone is served (by the single process, or by the
 * cluster's primary): an earlier release's embedded database copied over once (decision 0201),
 * the migrations, then the demo data into an empty database when asked for; while the site has
 * no admin, a one-time setup link on the console (decision 0202).
 * The demo data is seeded by a short-lived child process (decision 0247), started only when the
 * database is empty: the seed's big modules never load here. Its pictures are drawn once the
 * site answers (`drawDemoPicturesInBackground`, decision 0204).
 */
export async function prepareDatabase(
  { deps, database, socketDir }: OpenedSite,
  config: Config,
): Promise<void> {
  if (!config.databaseUrl && (await importPgliteFolderIfPresent(config.dataDir, database))) {
    console.info("Copied the embedded database of the earlier release (PGlite) into PostgreSQL.");
  }
  await database.migrate();
  if (config.seedDemoData && !(await hasGenreCategories(deps.db))) {
    const { seeded } = await startDemoDataChild({ task: "seed", config, socketDir }).result;
    if (seeded) console.info("Loaded the demo data into the empty database.");
  }
  const setupToken = await openAdminSetup(deps);
  if (setupToken) {
    console.info(
      `No admin yet. Create the first one at ${config.publicUrl}/einrichtung?token=${setupToken} ` +
        "(valid once, for an hour; every start makes a new link while there is no admin).",
    );
  }
}

/**
 * Draws the demo pictures still pending (decision 0204) after the site answers, in a short-lived
 * child process (decision 0247): sharp, libvips and what they allocate go with it. Starts none
 * when nothing is pending. Never rejects (a failure is logged; the rest waits for the next
 * start). `stop` ends it after the batch in hand, so a shutdown waits about a second, not for
 * all of them.
 */
export function drawDemoPicturesInBackground(
  { deps, socketDir }: Omit<OpenedSite, "database">,
  log: { error: (details: object, message: string) => void },
): { stop: () => Promise<void> } {
  let stopping = false;
  let child: DemoDataChild<"draw"> | undefined;
  const drawing = hasPendingDemoPictures(deps.db)
    .then(async (pending) => {
      if (!pending || stopping) return;
      child = startDemoDataChild({ task: "draw", config: deps.config, socketDir });
      const { drawn } = await child.result;
      if (drawn > 0) console.info(`Drew ${drawn} demo pictures.`);
    })
    .catch((error: unknown) => log.error({ err: error }, "the demo pictures could not be drawn"));
  return {
    stop: () => {
      stopping = true;
      child?.stop();
      return drawing;
    },
  };
}
