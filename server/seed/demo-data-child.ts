import { configuredClock } from "#server/configured-clock.ts";
import { openDatabase } from "#server/db/open-database.server.ts";
import { createMediaStorage } from "#server/storage/create-media-storage.server.ts";
import { drawPendingDemoPictures } from "./demo-pictures.server.ts";
import {
  STOP_DEMO_DATA_CHILD,
  type DemoDataChildAnswer,
  type DemoDataOrder,
  type DemoDataResults,
  type DemoDataTask,
} from "./demo-data-task.ts";
import { seedDemoDataPicturesLater } from "./seed-demo.server.ts";

/*
 * A short-lived child of the process that owns the database (decision 0247): it seeds the demo
 * data into an empty database or draws the pending demo pictures, answers, and exits, so the
 * seed's modules, sharp and libvips and the memory they took go with it. Its order (task,
 * configuration, the embedded database's socket) comes from the parent; it opens the database as
 * an HTTP worker does, never taking the data folder's lock, and media storage, nothing else.
 * The drawing ends after the batch in hand on the parent's stop, SIGINT or SIGTERM. When the
 * parent is gone (its channel closes) the child exits at once: the batch's transaction is rolled
 * back and its pictures stay pending for the next start.
 */

let stopping = false;
const stop = () => {
  stopping = true;
};

async function carryOut(order: DemoDataOrder): Promise<DemoDataResults[DemoDataTask]> {
  const { config, socketDir } = order;
  const opened = await openDatabase(config, { embeddedSocketDir: socketDir });
  try {
    const deps = {
      db: opened.handle.db,
      config,
      now: configuredClock(config),
      storage: await createMediaStorage(config),
    };
    if (order.task === "seed") return await seedDemoDataPicturesLater(deps);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    return { drawn: await drawPendingDemoPictures(deps, () => stopping) };
  } finally {
    await opened.handle.close();
    opened.release();
  }
}

function answer(message: DemoDataChildAnswer) {
  process.send!(message, undefined, undefined, () => process.exit(0));
}

process.once("disconnect", () => process.exit(1));
process.on("message", (message: DemoDataOrder | typeof STOP_DEMO_DATA_CHILD) => {
  if (message === STOP_DEMO_DATA_CHILD) return stop();
  carryOut(message).then(
    (result) => answer({ result }),
    (error: unknown) =>
      answer({ failed: error instanceof Error ? error : new Error(String(error)) }),
  );
});
