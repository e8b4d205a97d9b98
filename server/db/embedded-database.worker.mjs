// The worker thread's entry: Node 20 does not hand tsx's loader on to worker threads, so the
// thread registers it before loading the TypeScript that runs the embedded database.
import { register } from "tsx/esm/api";

register();
await import("./embedded-database-thread.server.ts");
