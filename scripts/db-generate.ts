// `npm run db:generate -- --events 100000`: fills the configured database with generated parties
// for benchmarks (seeding the demo catalogue first if the database is empty).
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirLockedError } from "#server/db/data-dir-lock.server.ts";
import { createDeps } from "#server/create-deps.ts";
import { StartupError } from "#server/db/startup-error.ts";
import { generateEvents } from "#server/seed/generate-events.server.ts";

const USAGE = "Usage: npm run db:generate -- --events <count> [--seed <number>]";

class UsageError extends Error {}

function parsePositiveInteger(name: string, value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value.replace(/_/g, ""))) {
    throw new UsageError(`${name} needs a positive whole number, got ${value ?? "nothing"}.`);
  }
  const number = Number(value.replace(/_/g, ""));
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(`${name} needs a positive whole number, got ${value}.`);
  }
  return number;
}

function parseArgs(args: string[]): { events: number; seed: number | undefined } {
  let events: number | undefined;
  let seed: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes("=")
      ? (arg.split("=", 2) as [string, string])
      : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === "--events") events = parsePositiveInteger("--events", value());
    else if (flag === "--seed") seed = parsePositiveInteger("--seed", value());
    else if (flag === "--help" || flag === "-h") {
      console.info(USAGE);
      process.exit(0);
    } else throw new UsageError(`Unknown argument: ${arg}`);
  }
  if (events === undefined) throw new UsageError("--events is required.");
  return { events, seed };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }

  const { deps, database, close } = await createDeps(loadConfig(), { joinRunningSite: true });
  try {
    await database.migrate();
    const started = performance.now();
    const inserted = await generateEvents(deps, options.events, { seed: options.seed });
    const seconds = (performance.now() - started) / 1000;
    const perSecond = Math.round(inserted / Math.max(seconds, 0.001));
    console.info(
      `Inserted ${inserted.toLocaleString("en-US")} events in ` +
        `${seconds.toFixed(1)} s (${perSecond.toLocaleString("en-US")} events/s).`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof StartupError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
