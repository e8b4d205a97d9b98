import { createHash, createHmac } from "node:crypto";

/** AWS Signature Version 4 for S3-compatible object requests (header-based, unsigned payload
 * hashes are not used: the payload hash is always computed). */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface SignableRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
}

const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) =>
  createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it; "/" stays in paths. */
function encodePath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/");
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

/** The headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256, authorization. */
export function signS3Request(
  request: SignableRequest,
  credentials: S3Credentials,
  now: Date,
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256Hex(request.body ?? "");
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [key.toLowerCase(), value.trim()]),
    ),
    host: request.url.host,
    "x-amz-date": amzDate,
    "x-amz-content-sha256": payloadHash,
  };
  const signedNames = Object.keys(headers).sort();
  const canonicalRequest = [
    request.method,
    encodePath(request.url.pathname),
    canonicalQuery(request.url),
    signedNames.map((name) => `${name}:${headers[name]}\n`).join(""),
    signedNames.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), "s3"),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return {
    ...headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${signedNames.join(";")}, Signature=${signature}`,
  };
}
