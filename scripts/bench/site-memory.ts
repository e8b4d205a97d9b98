// The memory of a running site (decision 0209): every process of it — the primary, its HTTP
// workers, the embedded PostgreSQL's postmaster and each backend and helper — found by process
// tree, sampled from a worker thread (site-memory-sampler.mjs: reading /proc must not stall the
// load generator's loop).
// PSS (proportional set size) charges a shared page to each process that maps it by its share:
// PostgreSQL's shared buffers and the libraries' code count once, as the machine pays them. RSS
// summed over processes counts them once per process; it stays beside the PSS, labelled.
import { Worker } from "node:worker_threads";
import { processTree, readProc } from "./process-tree.mjs";

/** MiB, whole. */
const mib = (kib: number) => Math.round(kib / 1024);

export interface SiteMemory {
  /** The highest sum of PSS over all the site's processes at one sample: the figure of record. */
  peakPssMiB: number;
  /** Where that peak lay: the primary, the HTTP workers together, PostgreSQL (all its processes). */
  atPeak: {
    primaryMiB: number;
    workersMiB: number;
    databaseMiB: number;
    databaseProcesses: number;
  };
  /** The highest sum of RSS at one sample (shared pages once per process: overstated). */
  peakRssMiB: number;
  /** Each process's own RSS peak (VmHWM) added up, at the end: the figure before decision 0209. */
  rssPeaksSummedMiB: number;
  samples: number;
}

/** A sample of site-memory-sampler.mjs, in KiB. */
interface Sample {
  pss: number;
  rss: number;
  primary: number;
  workers: number;
  database: number;
  databaseProcesses: number;
}

/**
 * Samples the site under `pid` every `everyMs` (reading smaps_rollup costs the kernel about 10 ms
 * per Node process on this machine, so not much more often) until `stop`.
 */
export function watchSiteMemory(pid: number, everyMs = 200): { stop: () => Promise<SiteMemory> } {
  const worker = new Worker(new URL("./site-memory-sampler.mjs", import.meta.url), {
    workerData: { root: pid, everyMs },
  });
  return {
    stop: async () => {
      const rssPeaksSummed = processTree(pid).reduce(
        (sum, member) => sum + Number(/VmHWM:\s+(\d+)/.exec(readProc(member, "status"))?.[1] ?? 0),
        0,
      );
      const answer = new Promise<{ peak?: Sample; peakRss: number; samples: number }>((resolve) =>
        worker.once("message", resolve),
      );
      worker.postMessage("stop");
      const { peak, peakRss, samples } = await answer;
      await worker.terminate();
      return {
        peakPssMiB: mib(peak?.pss ?? 0),
        atPeak: {
          primaryMiB: mib(peak?.primary ?? 0),
          workersMiB: mib(peak?.workers ?? 0),
          databaseMiB: mib(peak?.database ?? 0),
          databaseProcesses: peak?.databaseProcesses ?? 0,
        },
        peakRssMiB: mib(peakRss),
        rssPeaksSummedMiB: mib(rssPeaksSummed),
        samples,
      };
    },
  };
}

/** One line for a table cell. */
export function describeSiteMemory(memory: SiteMemory): string {
  const { atPeak } = memory;
  return (
    `PSS ${memory.peakPssMiB} MiB (primary ${atPeak.primaryMiB}, workers ${atPeak.workersMiB}, ` +
    `PostgreSQL ${atPeak.databaseMiB} in ${atPeak.databaseProcesses} processes); ` +
    `RSS summed ${memory.peakRssMiB} MiB`
  );
}
