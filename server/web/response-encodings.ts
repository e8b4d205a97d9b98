import zlib from "node:zlib";
import negotiate from "@fastify/accept-negotiator";

/**
 * The content codings the server sends, in the order it prefers them. @fastify/compress (for
 * answers made per request) and the page cache (for kept answers) both negotiate from this list
 * with the same negotiator, so a kept copy in one coding is exactly what the compressor would
 * have chosen — and, being marked as encoded, is never compressed again.
 */
export const RESPONSE_ENCODINGS = ["br", "gzip", "identity"] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

/** Answers smaller than this are sent as they are (compression would not pay). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Buffered answers up to this size are compressed in one call on the request's thread
 * (@fastify/compress's `syncThreshold`; its default on two cores is 8 kB); larger ones, and
 * streams, go through a compression stream on the thread pool.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 512 * 1024;

const aliasesOfGzip = /\*|x-gzip/gu;

/** The coding for a request's `Accept-Encoding` (as @fastify/compress reads it). */
export function negotiateEncoding(acceptEncoding: string | undefined): ResponseEncoding {
  if (!acceptEncoding) return "identity";
  const header = acceptEncoding.toLowerCase().replace(aliasesOfGzip, "gzip");
  return negotiate(header, [...RESPONSE_ENCODINGS]) ?? "identity";
}

function brotli(body: Buffer, options: zlib.BrotliOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.brotliCompress(body, options, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

function gzip(body: Buffer, options: zlib.ZlibOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.gzip(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/**
 * The brotli quality of kept copies (decision 0250): on home's 139 kB, quality 8 took 2.1 ms
 * for 20.08 kB and quality 9 16.3 ms for 20.04 kB — every cache miss pays it. Per-request
 * compression (@fastify/compress) uses 4.
 */
export const KEPT_BROTLI_QUALITY = 8;

/**
 * A body in one coding, compressed on libuv's thread pool (not the request thread). Kept copies
 * are compressed once per content version, so brotli may work harder than per-request
 * compression could afford.
 */
export async function encodeBody(body: Buffer, encoding: ResponseEncoding): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzip(body, { level: 9 });
  return body;
}
