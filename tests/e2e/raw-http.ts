import net from "node:net";
import tls from "node:tls";

/**
 * HTTP/1.x over a plain socket, byte for byte as given: for requests no HTTP client would send
 * (no `Host`, a `Host` with a path, an absolute-form target), as an attacker sends them.
 */

export interface RawAnswer {
  status: number;
  /** Lower-cased header names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export interface RawTarget {
  port: number;
  host?: string;
  /** Speak TLS (to a proxy with a self-signed certificate), with this server name (SNI). */
  tlsServerName?: string;
}

function parseAnswer(text: string): RawAnswer {
  const [headText = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = headText.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

/**
 * Sends `request` on a new connection and reads the answer until the server closes it (send
 * `Connection: close`). The request is written, never half-closed: a server aborts a request whose
 * client half-closes the connection.
 */
export function sendRaw(target: RawTarget, request: string): Promise<RawAnswer> {
  const host = target.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    const socket = target.tlsServerName
      ? tls.connect({
          port: target.port,
          host,
          servername: target.tlsServerName,
          rejectUnauthorized: false,
        })
      : net.connect(target.port, host);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => resolve(parseAnswer(Buffer.concat(chunks).toString("utf8"))));
    socket.write(request);
  });
}

/** A GET with the given `Host` line (none for null), answered without compression. */
export function rawGet(
  target: RawTarget,
  path: string,
  host: string | null,
  version = "HTTP/1.1",
): Promise<RawAnswer> {
  return sendRaw(
    target,
    `GET ${path} ${version}\r\n` +
      (host === null ? "" : `Host: ${host}\r\n`) +
      "Accept-Encoding: identity\r\nConnection: close\r\n\r\n",
  );
}

/** The path a page was rendered for (`<html data-rendered-address>`, app/root.tsx). */
export function renderedAddress(html: string): string | undefined {
  return /<html[^>]*\bdata-rendered-address="([^"]*)"/.exec(html)?.[1];
}

/**
 * `Host` values that made a cached page another page for every visitor before decision 0196
 * (issue 25), with `HOST` standing for the site's own host. null: no `Host` line (HTTP/1.0).
 */
export const poisoningHosts: { name: string; host: string | null; version?: string }[] = [
  { name: "no Host at all (HTTP/1.0)", host: null, version: "HTTP/1.0" },
  { name: "an empty Host", host: "" },
  { name: "a backslash Host naming another page", host: "HOST\\newsletter#" },
  { name: "a Host with a path and a query", host: "HOST/newsletter?" },
  { name: "a Host with a path and a fragment", host: "HOST/newsletter#" },
  { name: "a Host with spaces", host: "a b" },
  { name: "a Host with a user part", host: "a@b" },
  { name: "an unclosed IPv6 literal", host: "[::1" },
];
