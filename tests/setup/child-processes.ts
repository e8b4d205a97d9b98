import { readdirSync, readFileSync } from "node:fs";

/** A process's state letter and parent from /proc/PID/stat; null once it is gone. */
function statusOf(pid: number): { state: string; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "PID (command) STATE PPID …": the command may hold spaces and parentheses.
    const [state = "", parent = ""] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, parent: Number(parent) };
  } catch {
    return null;
  }
}

/** Whether a process runs: it exists and is no zombie waiting for its parent to collect it. */
export function isRunning(pid: number): boolean {
  const status = statusOf(pid);
  return status !== null && status.state !== "Z";
}

/** The running child processes of `parentPid` whose command line names `file`. */
export function childProcessesRunning(parentPid: number, file: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      if (statusOf(pid)?.parent !== parentPid || !isRunning(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(file);
      } catch {
        return false;
      }
    });
}
