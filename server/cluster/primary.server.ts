import cluster, { type Worker } from "node:cluster";
import { pino, stdSerializers } from "pino";
import { sourceMappedError } from "#server/observability/source-mapped-stacks.server.ts";
import type { Config } from "#server/config.ts";
import type { Composition } from "#server/create-deps.ts";
import { HANDLERS_GRACE_MS } from "#server/http/close-http.ts";
import { countInMemory } from "#server/http/shared-rate-limit-store.ts";
import type { Scheduler } from "#server/jobs/scheduler.server.ts";
import type { drawDemoPicturesInBackground } from "#server/seed/prepare-database.server.ts";
import { shutDownOnSignals } from "#server/shut-down-on-signals.ts";
import { WorkerStartError } from "./worker-start-error.ts";
import { isWorkerMessage, type PrimaryMessage, type WorkerMessage } from "./messages.ts";

/** How long the primary waits for its workers to finish their requests on shutdown. */
const WORKERS_GRACE_MS = HANDLERS_GRACE_MS + 10_000;
/** A dead worker is replaced after 1 s, doubling while workers keep dying, at most 30 s. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long before dying resets the back-off. */
const STABLE_AFTER_MS = 60_000;

function send(worker: Worker, message: PrimaryMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!worker.isConnected()) return resolve();
    try {
      // Resolves once the message is written to the worker's channel (or it failed: gone).
      worker.send(message, undefined, () => resolve());
    } catch {
      resolve();
    }
  });
}

const liveWorkers = () =>
  Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);

/**
 * The cluster's primary (decision 0191): forks `config.webConcurrency` HTTP workers at once, then
 * — while they load their modules (decision 0205) — takes the data folder's lock and starts the
 * embedded database (or checks PostgreSQL), migrates and loads the demo data; the workers open
 * the database once it is ready and then listen on the shared port. The jobs run here only. It
 * keeps the workers running, passes content-change notices between them and counts the global
 * request rate for all of them. SIGINT/SIGTERM: the workers finish their requests and exit, the
 * jobs stop, the database closes, the lock goes, exit 0.
 */
export async function runPrimary(config: Config): Promise<void> {
  const log = pino({
    level: config.logLevel,
    base: { role: "primary", pid: process.pid },
    serializers: { err: (error: Error) => sourceMappedError(stdSerializers.err(error)) },
  });
  let composition: Composition | undefined;
  let scheduler: Scheduler | undefined;
  let demoPictures: ReturnType<typeof drawDemoPicturesInBackground> | undefined;
  let closing = false;
  const restartTimers = new Set<NodeJS.Timeout>();
  let restartsInARow = 0;
  const startedAt = new Map<number, number>();
  const countRequest = countInMemory();
  let databaseIsReady: (socketDir: string | undefined) => void = () => {};
  const databaseReady = new Promise<string | undefined>((resolve) => (databaseIsReady = resolve));

  // Each worker's heap is kept small (decisions 0209, 0249); the primary's flags still apply.
  cluster.setupPrimary({
    execArgv: [
      ...process.execArgv,
      `--max-semi-space-size=${config.workerSemiSpaceMb}`,
      `--max-old-space-size=${config.workerOldSpaceMb}`,
    ],
  });
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  const onMessage = (worker: Worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    handle(worker, message);
  };
  const handle = (worker: Worker, message: WorkerMessage) => {
    if (message.clubkalender === "database-wanted") {
      void databaseReady.then((socketDir) =>
        send(worker, { clubkalender: "database-ready", socketDir: socketDir ?? null }),
      );
    } else if (message.clubkalender === "content-changed") {
      // Every other worker has the notice in its channel before the announcing one answers.
      const others = liveWorkers().filter((other) => other !== worker);
      const { version } = message;
      void Promise.all(
        others.map((other) => send(other, { clubkalender: "content-changed", version })),
      ).then(() => send(worker, { clubkalender: "content-changed", version, ack: message.id }));
    } else if (message.clubkalender === "count-request") {
      const counted = countRequest(message.key, message.windowMs);
      void send(worker, { clubkalender: "counted", ack: message.id, ...counted });
    }
  };

  const stopWorkers = async () => {
    const workers = liveWorkers().filter((worker) => !worker.isDead());
    const exited = Promise.all(
      workers.map((worker) => new Promise<void>((resolve) => worker.once("exit", () => resolve()))),
    );
    for (const worker of workers) {
      try {
        worker.process.kill("SIGTERM");
      } catch {
        // Gone meanwhile.
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>(
        (resolve) => (timer = setTimeout(() => resolve(false), WORKERS_GRACE_MS)),
      ),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      log.warn(
        "shutting down: workers still running after %d s, killing them",
        WORKERS_GRACE_MS / 1000,
      );
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
      await exited;
    }
  };

  shutDownOnSignals({
    stop: async (signal) => {
      closing = true;
      for (const timer of restartTimers) clearTimeout(timer);
      log.info({ signal }, "shutting down: the workers finish their requests");
      await Promise.all([stopWorkers(), scheduler?.stop(), demoPictures?.stop()]);
    },
    // After the workers: their pools have ended, so the embedded server stops at once.
    close: async () => composition?.close(),
  });

  cluster.on("message", onMessage);
  // Every worker listening; rejects when one stops before (awaited once the database is ready).
  const workersListening = new Promise<void>((resolve, reject) => {
    let listening = 0;
    const onListening = () => {
      if (++listening < config.webConcurrency) return;
      done();
      resolve();
    };
    const onExit = (_worker: Worker, code: number | null, signal: string | null) => {
      done();
      reject(
        new WorkerStartError(
          `An HTTP worker stopped while starting (${signal ?? `exit code ${code}`}): see its message above.`,
        ),
      );
    };
    const done = () => {
      cluster.off("listening", onListening);
      cluster.off("exit", onExit);
    };
    cluster.on("listening", onListening);
    cluster.on("exit", onExit);
    for (let index = 0; index < config.webConcurrency; index++) fork();
  });
  workersListening.catch(() => {});

  try {
    // Loaded after the fork, while the workers load theirs; the jobs' modules once they answer.
    const [{ createDeps }, { prepareDatabase, drawDemoPicturesInBackground }] = await Promise.all([
      import("#server/create-deps.ts"),
      import("#server/seed/prepare-database.server.ts"),
    ]);
    composition = await createDeps(config);
    await prepareDatabase(composition, config);
    databaseIsReady(composition.socketDir);
    await workersListening;
    const { startScheduler } = await import("#server/jobs/scheduler.server.ts");
    scheduler = startScheduler(composition.deps, log);
    demoPictures = drawDemoPicturesInBackground(composition, log);
    console.info(
      `${config.siteName} is running on ${config.publicUrl} (${config.webConcurrency} HTTP workers)`,
    );
  } catch (error) {
    // A signal while starting: the shutdown under way stops everything and exits with 0.
    if (closing) return;
    closing = true;
    await stopWorkers().catch(() => {});
    await composition?.close().catch(() => {});
    throw error;
  }

  // A worker that dies is replaced, with a growing pause while they keep dying (no fork loop).
  cluster.on("exit", (worker, code, signal) => {
    if (closing) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (lived >= STABLE_AFTER_MS) restartsInARow = 0;
    const delay = Math.min(RESTART_DELAY_MS * 2 ** restartsInARow, MAX_RESTART_DELAY_MS);
    restartsInARow++;
    log.error(
      { worker: worker.id, code, signal, restartInMs: delay },
      "an HTTP worker stopped; starting a new one",
    );
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!closing) fork();
    }, delay);
    restartTimers.add(timer);
  });
}
