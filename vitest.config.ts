import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Files that run in a module graph of their own: they replace a module (`vi.mock`), count calls
 * into a package before anything else imports it, or set up process-wide state (Sentry).
 */
const filesWithTheirOwnModules = [
  "server/api/parallel-password-checks.test.ts",
  "server/web/page-cache.test.ts",
  "server/observability/sentry.server.test.ts",
];

/**
 * Unit, domain and API tests, once, on PostgreSQL (decision 0201): the server at
 * TEST_DATABASE_URL, else the embedded one, started for the run. Every test file that needs a
 * database gets its own copy of one migrated template (tests/setup/global-database.ts).
 */
export default defineConfig({
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/console-fails-tests.ts"],
    // At least two files at a time: Vitest's default, one worker fewer than the cores, is one on
    // the two-core machine the suite is made for and left a core idle (decision 0217).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for mails and jobs; a loaded CI machine needs more than the 1 s default.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "common/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "tests/deployment/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/setup/*.test.ts",
            // Drives the API and the site's form actions together (decision 0197).
            "tests/limits/*.test.ts",
          ],
          exclude: filesWithTheirOwnModules,
          // The files of a worker share one module graph: importing the server's modules once
          // per worker instead of once per file took the stage from 366 to 254 s (decision 0218).
          // A file keeps its state in what it creates (deps, servers, databases) and restores the
          // spies it sets; one that cannot is listed above.
          isolate: false,
        },
      },
      {
        extends: true,
        // Vitest runs the projects' files in the order of their names: "own-modules" before
        // "unit", so these few start first and the many small unit files fill the end.
        test: { name: "own-modules", include: filesWithTheirOwnModules },
      },
    ],
  },
});
