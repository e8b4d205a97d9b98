// `npm run db:restore -- FILE [--force]`: restores an archive of `npm run db:backup` into the
// configured database and media store; refuses a target that holds data unless --force.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "#server/backup/backup-archive.server.ts";
import { BackupError } from "#server/backup/backup-error.ts";
import { loadConfig } from "#server/config.ts";
import { createDeps } from "#server/create-deps.ts";
import { runOperatorCommand } from "./operator-command.ts";

await runOperatorCommand(async () => {
  const usage = "Aufruf: npm run db:restore -- DATEI [--force]";
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean", default: false } },
    });
  } catch {
    throw new BackupError(usage);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) throw new BackupError(usage);
  const file = path.resolve(positionals[0]!);
  if (!existsSync(file)) throw new BackupError(`Die Datei ${file} gibt es nicht.`);
  const { deps, database, close } = await createDeps(loadConfig());
  try {
    const manifest = await restoreBackup({ database, storage: deps.storage }, file, {
      force: values.force,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.info(
      `Wiederhergestellt: Sicherung vom ${manifest.created_at} (${rows} Zeilen, ` +
        `${manifest.media_files} Mediendateien). Starte die laufenden Instanzen neu.`,
    );
  } finally {
    await close();
  }
});
