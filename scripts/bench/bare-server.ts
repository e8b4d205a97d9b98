// The yardstick of the pages benchmark: bare Fastify sending the very bytes the app sent, from
// a Buffer, with the same content type and coding. Started by pages.bench.ts in its own process
// (like the app), reading the answers from the JSON file named by BARE_ANSWERS_FILE.
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface BareAnswer {
  path: string;
  contentType: string;
  contentEncoding: string | null;
  bodyBase64: string;
}

const answers = JSON.parse(readFileSync(process.env.BARE_ANSWERS_FILE!, "utf8")) as BareAnswer[];
const app = Fastify();
for (const answer of answers) {
  const body = Buffer.from(answer.bodyBase64, "base64");
  app.get(answer.path, async (_request, reply) => {
    reply.header("content-type", answer.contentType);
    if (answer.contentEncoding) reply.header("content-encoding", answer.contentEncoding);
    return reply.send(body);
  });
}
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGINT", () => void app.close().then(() => process.exit(0)));
