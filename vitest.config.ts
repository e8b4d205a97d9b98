import { defineConfig } from "vitest/config";

/** Tests on the database; `tests/limits` drives the API and the site's form actions together. */
const serverTests = ["server/**/*.test.ts", "scripts/**/*.test.ts", "tests/limits/*.test.ts"];

/**
 * Unit, domain and API tests. Every test file gets its own copy of a migrated template
 * database: PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (the "postgres" project
 * runs the server suite once more on the real server).
 */
export default defineConfig({
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/console-fails-tests.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for mails and jobs; a loaded CI machine needs more than the 1 s default.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: [
            "common/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "tests/deployment/*.test.ts",
            ...serverTests,
          ],
          env: { TEST_DRIVER: "pglite" },
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: serverTests,
                env: { TEST_DRIVER: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
