import { afterAll } from "vitest";
import type { DomainDeps } from "#server/domain/deps.ts";
import { startLocalPushService, type LocalPushService } from "#tests/setup/push-service.ts";
import { makeTempDataDir, removeDir, startAppServer } from "./app-server.ts";
import { setUpBrowserFixture, type RestartableBrowserFixture } from "./browser-fixtures.ts";
import { prepareDataDir } from "./visitor-data.ts";

export interface ClockedPushFixture extends Omit<RestartableBrowserFixture, "restart"> {
  /** The local stand-in for the browsers' push service (tests/setup/push-service.ts). */
  push: () => LocalPushService;
  /** Stops the server and starts it again on the same data, its clock fixed at `now`. */
  restartAt: (now: string) => Promise<void>;
}

/**
 * The built site on its own data folder with a fixed clock (`TEST_FIXED_NOW`) and the local push
 * service as the one push service it may reach besides the real ones (decision 0199), Chromium
 * beside it; `prepare` fills the data folder before the first start (else the server starts
 * empty). For the browser tests of pushes that wait for a time: follows, door words, reminders.
 */
export function setUpClockedPushFixture(options: {
  startAt: string;
  env?: Record<string, string>;
  prepare?: (deps: DomainDeps) => Promise<void>;
}): ClockedPushFixture {
  const dataDir = makeTempDataDir();
  let push: LocalPushService | undefined;
  const serverEnv = (now: string) => ({
    NODE_ENV: "test",
    TEST_FIXED_NOW: now,
    TEST_PUSH_SERVICE_URL: push!.origin,
    ...options.env,
  });
  // Registered first, so it runs last: after the server has stopped.
  afterAll(async () => {
    await push?.close();
    removeDir(dataDir);
  });
  const fixture = setUpBrowserFixture(async () => {
    push = await startLocalPushService();
    if (options.prepare) await prepareDataDir(dataDir, options.prepare);
    return startAppServer({ dataDir, env: serverEnv(options.startAt) });
  });
  return {
    ...fixture,
    push: () => push!,
    restartAt: (now) => fixture.restart({ dataDir, env: serverEnv(now) }),
  };
}
