import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "#server/config.ts";
import {
  STOP_DEMO_DATA_CHILD,
  type DemoDataChildAnswer,
  type DemoDataOrder,
  type DemoDataResults,
  type DemoDataTask,
} from "./demo-data-task.ts";

/** The child's file beside the bundled server (scripts/build-server.mjs); unset in the sources. */
declare const BUNDLED_DEMO_DATA_CHILD: string | undefined;

/** The bundled child's file in the build, or its source run through tsx (dev, tests). */
function childEntry(config: Config): { file: string; execArgv: string[] } {
  if (typeof BUNDLED_DEMO_DATA_CHILD === "string") {
    return {
      file: path.join(config.buildDir, "app-server", BUNDLED_DEMO_DATA_CHILD),
      execArgv: [],
    };
  }
  return {
    file: fileURLToPath(new URL("./demo-data-child.ts", import.meta.url)),
    execArgv: ["--import", "tsx"],
  };
}

export interface DemoDataChild<Task extends DemoDataTask> {
  /** The child's answer; rejects with its error, or when it ended without one. */
  result: Promise<DemoDataResults[Task]>;
  /** Ends the drawing after the batch in hand; `result` then answers what was drawn. */
  stop: () => void;
}

/**
 * Starts a short-lived child (server/seed/demo-data-child.ts, decision 0247) for `order`. It
 * writes to this process's stdout and stderr and exits once it has answered, or when this
 * process goes away.
 */
export function startDemoDataChild<Task extends DemoDataTask>(
  order: DemoDataOrder<Task>,
): DemoDataChild<Task> {
  const entry = childEntry(order.config);
  const child = fork(entry.file, [], {
    execArgv: entry.execArgv,
    // Dates (the configuration's fixed clock) and errors arrive as themselves.
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const result = new Promise<DemoDataResults[Task]>((resolve, reject) => {
    let answer: DemoDataChildAnswer | undefined;
    child.on("message", (message: DemoDataChildAnswer) => (answer = message));
    child.once("error", reject);
    // After the channel closed: an answer sent before the exit has arrived.
    child.once("close", (code, signal) => {
      if (answer && "result" in answer) return resolve(answer.result as DemoDataResults[Task]);
      const ended = signal ?? `exit code ${code}`;
      reject(
        answer?.failed ?? new Error(`The demo data's child process ended (${ended}) unanswered.`),
      );
    });
  });
  child.send(order);
  return {
    result,
    stop: () => {
      if (child.connected) child.send(STOP_DEMO_DATA_CHILD);
    },
  };
}
