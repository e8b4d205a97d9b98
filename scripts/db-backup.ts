// `npm run db:backup -- [FILE]`: writes the configured database (the embedded PostgreSQL
// in DATA_DIR or DATABASE_URL) and every media file (DATA_DIR/media or the S3 bucket) into one archive.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "#server/backup/backup-archive.server.ts";
import { BackupError } from "#server/backup/backup-error.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { runOperatorCommand } from "./operator-command.ts";

await runOperatorCommand(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new BackupError("Aufruf: npm run db:backup -- [DATEI]");
  const now = new Date();
  const file = path.resolve(
    positionals[0] ??
      `clubkalender-backup-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z.tar.gz`,
  );
  if (existsSync(file)) throw new BackupError(`${file} gibt es schon; nichts überschrieben.`);
  const { deps, database, close } = await createDeps(loadConfig(), { joinRunningSite: true });
  try {
    const manifest = await createBackup({ database, storage: deps.storage }, file, now);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.info(
      `Sicherung geschrieben: ${file} (${manifest.tables.length} Tabellen, ${rows} Zeilen, ` +
        `${manifest.media_files} Mediendateien).`,
    );
  } finally {
    await close();
  }
});
