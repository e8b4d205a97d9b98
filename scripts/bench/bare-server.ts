// The yardstick of the pages benchmark: bare Fastify sending the very answers the app sent — the
// same status line, headers and bytes from a Buffer — with as many HTTP workers as the app runs
// (WEB_CONCURRENCY, else one per core, as `npm start` does; decision 0216). Started by
// pages.bench.ts in its own process tree (like the app), reading the answers from the JSON file
// named by BARE_ANSWERS_FILE.
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import os from "node:os";
import Fastify from "fastify";

interface BareAnswer {
  path: string;
  /** The app's headers as received, without those Node writes itself (`headersOfApp`). */
  headers: Record<string, string>;
  bodyBase64: string;
}

const workers = Number(process.env.WEB_CONCURRENCY) || os.availableParallelism();

if (workers > 1 && cluster.isPrimary) {
  for (let index = 0; index < workers; index++) cluster.fork();
  process.on("SIGINT", () => {
    let running = workers;
    cluster.on("exit", () => {
      if (--running === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGINT");
  });
} else {
  const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS_FILE!, "utf8")) as BareAnswer[];
  const app = Fastify();
  for (const answer of answers) {
    const body = Buffer.from(answer.bodyBase64, "base64");
    app.get(answer.path, async (_request, reply) => reply.headers(answer.headers).send(body));
  }
  await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
  process.on("SIGINT", () => void app.close().then(() => process.exit(0)));
}
