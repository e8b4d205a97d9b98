import type { Config } from "#server/config.ts";
import { assertMediaKey, type MediaStorage } from "./media-storage.ts";
import { signS3Request } from "./s3-signature.ts";

type S3Config = NonNullable<Config["s3"]>;

/** The production driver: an S3-compatible bucket (AWS, MinIO, Cloudflare R2, …), path-style
 * when S3_ENDPOINT is set, virtual-hosted on AWS otherwise. */
export function createS3MediaStorage(s3: S3Config, now: () => Date): MediaStorage {
  const objectUrl = (key: string) => {
    assertMediaKey(key);
    return s3.endpoint
      ? new URL(`${s3.endpoint.replace(/\/$/, "")}/${s3.bucket}/${key}`)
      : new URL(`https://${s3.bucket}.s3.${s3.region}.amazonaws.com/${key}`);
  };
  const send = async (method: string, key: string, body?: Buffer, contentType?: string) => {
    const url = objectUrl(key);
    const headers = signS3Request(
      { method, url, headers: contentType ? { "content-type": contentType } : {}, body },
      { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region },
      now(),
    );
    delete headers.host;
    return fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  };
  const fail = async (what: string, response: Response): Promise<never> => {
    const text = await response.text().catch(() => "");
    throw new Error(`S3 ${what} failed with ${response.status}: ${text.slice(0, 300)}`);
  };
  return {
    kind: "s3",
    put: async (key, body, contentType) => {
      const response = await send("PUT", key, body, contentType);
      if (!response.ok) await fail(`PUT ${key}`, response);
      await response.arrayBuffer();
    },
    get: async (key) => {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail(`GET ${key}`, response);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
      };
    },
    delete: async (key) => {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail(`DELETE ${key}`, response);
      await response.arrayBuffer();
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl.replace(/\/$/, "")}/${key}` : null),
  };
}
