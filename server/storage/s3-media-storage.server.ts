import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "#server/config.ts";
import { assertMediaKey, isMediaKey, type MediaStorage } from "./media-storage.ts";

type S3Config = NonNullable<Config["s3"]>;

/** The production driver: an S3-compatible bucket (AWS, MinIO, Cloudflare R2, …) through the
 * AWS SDK, path-style when S3_ENDPOINT is set, virtual-hosted on AWS otherwise. */
export function createS3MediaStorage(s3: S3Config): MediaStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const object = (key: string) => {
    assertMediaKey(key);
    return { Bucket: s3.bucket, Key: key };
  };
  return {
    kind: "s3",
    put: async (key, body, contentType) => {
      await client.send(
        new PutObjectCommand({ ...object(key), Body: body, ContentType: contentType }),
      );
    },
    get: async (key) => {
      try {
        const response = await client.send(new GetObjectCommand(object(key)));
        return {
          body: Buffer.from(await response.Body!.transformToByteArray()),
          contentType: response.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    delete: async (key) => {
      // S3 answers a missing key with success as well.
      await client.send(new DeleteObjectCommand(object(key)));
    },
    list: async function* () {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: continuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && isMediaKey(object.Key)) yield object.Key;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    check: async () => {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl.replace(/\/$/, "")}/${key}` : null),
  };
}
