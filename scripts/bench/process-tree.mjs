// Reading a server's processes from /proc (Linux), for the benchmarks and their sampling thread
// (plain JavaScript: Node 20 runs a worker thread's entry without tsx's loader).
import { readdirSync, readFileSync } from "node:fs";

/** A process and all its descendants; processes that end meanwhile are skipped. */
export function processTree(pid) {
  let children = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (listed) children = children.concat(listed.split(/\s+/).map(Number));
    }
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

/** A file of /proc/<pid>/, or "" once the process has gone. */
export function readProc(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
}
