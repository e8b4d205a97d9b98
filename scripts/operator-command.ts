import { ConfigError } from "#server/config.ts";
import { BackupError } from "#server/backup/backup-error.ts";
import { DataDirLockedError } from "#server/db/data-dir-lock.server.ts";
import { StartupError } from "#server/db/startup-error.ts";

const dataDirInUse =
  "Der Datenordner wird gerade von einem anderen Clubkalender-Prozess benutzt (die eingebaute " +
  "Datenbank gehört immer nur einem). Halte den Dienst an, z. B. mit " +
  "„systemctl stop clubkalender“, und versuche es noch einmal.";

/**
 * Runs an operator's command-line task and sets the exit code: refusals the operator can act
 * on print their message alone (exit 1); anything else is a bug and prints in full.
 */
export async function runOperatorCommand(task: () => Promise<number | void>): Promise<void> {
  try {
    process.exitCode = (await task()) ?? 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${dataDirInUse}\n(${error.message})`);
    } else if (
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof StartupError
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exitCode = 1;
  }
}
