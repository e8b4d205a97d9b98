import type { ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";

/** Waits until `url` answers 2xx (at most two minutes); kills the server if it never does. */
export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not up yet.
    }
    await sleep(200);
  }
  child.kill("SIGKILL");
  throw new Error(`${url} did not come up`);
}

/** Stops a server as Ctrl-C does and waits until it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}
