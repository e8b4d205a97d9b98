import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: each file starts the real server (the built bundle, as `npm start` runs it)
 * as a child process and drives it over HTTP and with Chromium. Run by `npm run test:e2e`,
 * which builds first. Two files run at a time (decision 0246): one file left a third of the
 * two-core machine idle while its tests waited on the server and the browser.
 * One PostgreSQL serves the stage; the demo data is seeded once per clock and copied for each
 * server that wants it (tests/e2e/global-setup.ts, tests/e2e/demo-worlds.ts).
 */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll waits for mails and jobs; a loaded CI machine needs more than the 1 s default.
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 2,
    // The files share one module graph: each imported the server's modules (config, database,
    // seed) anew, about a minute of the stage (decision 0218).
    isolate: false,
  },
});
