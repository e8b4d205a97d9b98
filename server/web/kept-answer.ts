import { createHash } from "node:crypto";
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import {
  COMPRESSION_THRESHOLD_BYTES,
  negotiateEncoding,
  type ResponseEncoding,
} from "./response-encodings.ts";

/** An answer the page cache keeps (decisions 0012, 0100): its bytes per coding and its headers. */
export interface KeptAnswer {
  status: number;
  /** The route's headers, without those made per answer or per coding (`skippedHeaders`). */
  headers: Record<string, string | string[]>;
  etag: string;
  /** The body in each coding asked for so far; identity always. */
  bodies: Partial<Record<ResponseEncoding, Buffer>>;
  /** Codings being compressed right now, so concurrent hits compress once. */
  encoding: Partial<Record<ResponseEncoding, Promise<Buffer>>>;
  version: number;
  /** The query parameters its route reads: a hit may carry no other (cache-key.ts). */
  knownParams: ReadonlySet<string>;
  /** A hit's complete headers per coding, made at the first hit in that coding. */
  hitHeads: Partial<Record<ResponseEncoding, OutgoingHttpHeaders>>;
  /** The headers of a hit answered `304 Not Modified`, made at the first. */
  notModifiedHead?: OutgoingHttpHeaders;
}

/** Headers made per answer or per coding, never copied from a kept one. */
export const skippedHeaders = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "date",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "x-page-cache",
  "x-worker",
]);

/** A weak ETag of the identity body: every coding of it is the same representation. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when `If-None-Match` lists the ETag (weak comparison, RFC 9110 §13.1.2) or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (typeof header !== "string") return false;
  const opaque = etag.slice(2);
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/** The coding a request gets: what @fastify/compress would choose, identity for tiny bodies. */
export function encodingFor(
  acceptEncoding: string | undefined,
  answer: KeptAnswer,
): ResponseEncoding {
  if (answer.bodies.identity!.length < COMPRESSION_THRESHOLD_BYTES) return "identity";
  return negotiateEncoding(acceptEncoding);
}

export function varyWithAcceptEncoding(vary: string | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(",") : (vary ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== "accept-encoding");
  return [...names, "accept-encoding"].join(", ");
}

/** The bytes an answer weighs in the cache's budget: its bodies in all codings, and its key. */
export function sizeOf(answer: KeptAnswer, key: string): number {
  let bytes = Buffer.byteLength(key);
  for (const body of Object.values(answer.bodies)) bytes += body.length;
  return bytes;
}

/**
 * A hit's headers in `encoding`, for a body of `bodyLength` bytes, made once per answer and
 * coding. `own` are the headers every answer of this process carries (`x-worker`).
 */
export function hitHead(
  answer: KeptAnswer,
  encoding: ResponseEncoding,
  bodyLength: number,
  own: OutgoingHttpHeaders,
): OutgoingHttpHeaders {
  answer.hitHeads[encoding] ??= {
    ...own,
    "x-page-cache": "hit",
    etag: answer.etag,
    vary: varyWithAcceptEncoding(answer.headers.vary),
    ...answer.headers,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": bodyLength,
  };
  return answer.hitHeads[encoding];
}

/**
 * The headers of a hit answered `304 Not Modified`: ETag, Vary and Cache-Control only (a 304
 * has no body to protect; decision 0171), made once per answer.
 */
export function notModifiedHead(answer: KeptAnswer, own: OutgoingHttpHeaders): OutgoingHttpHeaders {
  if (!answer.notModifiedHead) {
    const head: Record<string, OutgoingHttpHeader | undefined> = {
      ...own,
      "x-page-cache": "hit",
      etag: answer.etag,
      vary: varyWithAcceptEncoding(answer.headers.vary),
    };
    const cacheControl = answer.headers["cache-control"];
    if (cacheControl !== undefined) head["cache-control"] = cacheControl;
    answer.notModifiedHead = head;
  }
  return answer.notModifiedHead;
}
