import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

/** An answer read over a real connection, shaped like `app.inject`'s. */
export interface HttpAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (not decoded). */
  rawPayload: Buffer;
  body: string;
  json(): unknown;
}

export interface HttpRequest {
  /** The request target as sent: a path, or anything else a client may send. */
  url: string;
  method?: string;
  headers?: Record<string, string>;
  /** The `Host` header instead of the default one; null sends none. */
  host?: string | null;
  body?: string;
}

/**
 * `app` listening on a free port of 127.0.0.1, and requests to it over real connections: what
 * `app.inject` skips — the HTTP server's request listener, where the page cache answers its hits
 * (decision 0203) — takes part. Each request sends `host` as its `Host` unless it names one.
 */
export async function listenForTests(app: FastifyInstance, host: string) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  const send = ({ url, method = "GET", headers = {}, host: given = host, body }: HttpRequest) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: url,
          method,
          agent,
          setHost: false,
          headers: given === null ? headers : { host: given, ...headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const rawPayload = Buffer.concat(chunks);
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              rawPayload,
              body: rawPayload.toString("utf8"),
              json: () => JSON.parse(rawPayload.toString("utf8")),
            });
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  return {
    send,
    close: async () => {
      agent.destroy();
      await app.close();
    },
  };
}
