// The sampling thread of site-memory.ts (plain JavaScript: Node 20 runs a worker thread's entry
// without tsx's loader). Every `everyMs` it reads smaps_rollup of every process under `root` and
// keeps the sample with the highest PSS sum, and the highest RSS sum; answers the first message.
import { parentPort, workerData } from "node:worker_threads";
import { processTree, readProc } from "./process-tree.mjs";

/**
 * One reading of the whole tree, in KiB: the root is the primary, other `node`s its workers (and,
 * while a first start seeds or draws the demo data, its short-lived child: decision 0247).
 */
function sample(root) {
  const result = { pss: 0, rss: 0, primary: 0, workers: 0, database: 0, databaseProcesses: 0 };
  for (const pid of processTree(root)) {
    const rollup = readProc(pid, "smaps_rollup");
    if (!rollup) continue;
    const pss = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    result.pss += pss;
    result.rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    if (pid === root) result.primary += pss;
    else if (readProc(pid, "comm").trim() === "node") result.workers += pss;
    else {
      result.database += pss;
      result.databaseProcesses++;
    }
  }
  return result;
}

const { root, everyMs } = workerData;
let peak;
let peakRss = 0;
let samples = 0;
const timer = setInterval(() => {
  const now = sample(root);
  samples++;
  if (!peak || now.pss > peak.pss) peak = now;
  peakRss = Math.max(peakRss, now.rss);
}, everyMs);
parentPort.once("message", () => {
  clearInterval(timer);
  parentPort.postMessage({ peak, peakRss, samples });
});
