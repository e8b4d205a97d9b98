import { lookup as systemLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP, Socket, type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";
import { isAllowedAddress, isAllowedTarget, type OutboundRules } from "./public-address.ts";

/**
 * Requests the server sends on its own behalf (push services now; feeds typed by users next) go
 * through here, so they reach only public addresses on allowed ports (decision 0199):
 *
 * 1. before anything: the scheme is http(s), the port allowed, an IP literal public;
 * 2. the DNS answer is filtered to allowed addresses, and the socket connects to exactly what is
 *    left (one resolution, so a name cannot answer publicly for a check and privately for the
 *    connection — DNS rebinding);
 * 3. the connected socket's own `remoteAddress`/`remotePort` is checked once more on `connect`
 *    (IP literals skip the lookup; nothing of the request is written before this check).
 *
 * No redirects are followed, the whole exchange has a deadline and the answer a size limit.
 */

/** The request went nowhere: its target is not a public address on an allowed port. */
export class OutboundRefusedError extends Error {}

export interface OutboundGuard extends OutboundRules {
  /** The resolver (default: the system's `dns.lookup`); tests stand in their own answers. */
  lookup?: LookupFunction;
}

/** A DNS lookup that answers only allowed addresses, or refuses the name when none is left. */
function allowedAddressLookup(guard: OutboundGuard): LookupFunction {
  const resolve = guard.lookup ?? (systemLookup as LookupFunction);
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, answer) => {
      if (error) return callback(error, "", 0);
      const addresses = (Array.isArray(answer) ? answer : [{ address: answer, family: 0 }]).filter(
        (entry: LookupAddress) => isAllowedAddress(entry.address, guard),
      );
      const [first] = addresses;
      if (!first) {
        return callback(new OutboundRefusedError(`${hostname}: no public address`), "", 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/** Destroys a socket whose connected address and port are not allowed, before any write. */
function checkedOnConnect<T extends Duplex | null | undefined>(socket: T, guard: OutboundGuard): T {
  if (!(socket instanceof Socket)) return socket;
  socket.prependOnceListener("connect", () => {
    const { remoteAddress, remotePort } = socket;
    if (remoteAddress && remotePort && isAllowedTarget(remoteAddress, remotePort, guard)) return;
    socket.destroy(
      new OutboundRefusedError(`refused to talk to ${remoteAddress ?? "?"}:${remotePort ?? "?"}`),
    );
  });
  return socket;
}

class PublicHttpAgent extends http.Agent {
  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  override createConnection(
    options: http.ClientRequestArgs,
    callback?: (error: Error | null, stream: Duplex) => void,
  ) {
    const lookup = allowedAddressLookup(this.guard);
    return checkedOnConnect(super.createConnection({ ...options, lookup }, callback), this.guard);
  }
}

class PublicHttpsAgent extends https.Agent {
  constructor(private readonly guard: OutboundGuard) {
    super();
  }

  override createConnection(
    options: https.RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ) {
    const lookup = allowedAddressLookup(this.guard);
    return checkedOnConnect(super.createConnection({ ...options, lookup }, callback), this.guard);
  }
}

/**
 * An agent for node's http/https (or any client that takes one) that connects only to allowed
 * addresses and ports: steps 2 and 3 above.
 */
export function publicAddressAgent(protocol: "http:" | "https:", guard: OutboundGuard) {
  return protocol === "https:" ? new PublicHttpsAgent(guard) : new PublicHttpAgent(guard);
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** The deadline for the whole exchange, answer included. */
  timeoutMs: number;
  /** A longer answer is cut off with an error. */
  maxResponseBytes: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Step 1: what can be refused before any lookup or connection. */
function refusalBeforeConnecting(url: URL, guard: OutboundGuard): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return `scheme ${url.protocol}`;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) !== 0)
    return isAllowedTarget(host, port, guard) ? null : `address ${host}:${port}`;
  const ports = [...guard.ports, ...(guard.testOnlyTargets ?? []).map((target) => target.port)];
  return ports.includes(port) ? null : `port ${port}`;
}

/**
 * Sends one request to a public address (steps 1–3) and reads the answer: no redirects, the
 * deadline over everything, at most `maxResponseBytes`. Rejects with OutboundRefusedError when
 * the target is not allowed, else with the network's error.
 */
export async function requestPublicUrl(
  url: URL,
  request: OutboundRequest,
  guard: OutboundGuard,
): Promise<OutboundResponse> {
  const refusal = refusalBeforeConnecting(url, guard);
  if (refusal) throw new OutboundRefusedError(`refused: ${refusal}`);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        agent: publicAddressAgent(url.protocol as "http:" | "https:", guard),
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxResponseBytes) {
            response.destroy(new Error(`answer longer than ${request.maxResponseBytes} bytes`));
          } else {
            chunks.push(chunk);
          }
        });
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
