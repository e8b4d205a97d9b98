import { existsSync } from "node:fs";
import type { S3Client } from "@aws-sdk/client-s3";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { multipart } from "#tests/setup/multipart.ts";
import { bucketClient, startS3Server, type S3TestServer } from "#tests/setup/s3-server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { mediaDir } from "#server/storage/create-media-storage.server.ts";

let server: S3TestServer;
let ctx: TestContext;
let app: FastifyInstance;
let bucket: S3Client;

beforeAll(async () => {
  server = await startS3Server();
  ctx = await createTestContext({ config: server.env });
  app = await buildApp({ deps: ctx.deps });
  bucket = bucketClient(server);
});

afterAll(async () => {
  bucket?.destroy();
  await app?.close();
  await ctx?.close();
  await server?.stop();
});

it("stores an uploaded flyer in the S3 bucket and serves it under /media/", async () => {
  const user = await createUser(ctx.deps);
  const { access } = await startSession(ctx.deps, user.id, null);
  const flyer = await sharp({
    create: { width: 1600, height: 2000, channels: 3, background: "#c2007a" },
  })
    .jpeg()
    .toBuffer();
  const body = multipart("flyer", "flyer.jpg", "image/jpeg", flyer);
  const response = await app.inject({
    method: "POST",
    url: "/api/upload-flyer/",
    headers: { ...body.headers, ...bearer(access) },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  const { flyer: key, url } = response.json();

  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: server.bucket }));
  const stem = key.replace("-800.webp", "");
  expect(listed.Contents?.map((object) => object.Key).sort()).toEqual([
    `${stem}-1200.webp`,
    `${stem}-240.webp`,
    `${stem}-400.webp`,
    `${stem}-800.webp`,
  ]);
  expect(existsSync(mediaDir(ctx.deps.config))).toBe(false);

  const inBucket = await bucket.send(new GetObjectCommand({ Bucket: server.bucket, Key: key }));
  expect(inBucket.ContentType).toBe("image/webp");
  const stored = Buffer.from(await inBucket.Body!.transformToByteArray());

  const served = await app.inject({ url });
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toBe("image/webp");
  expect(served.headers["cache-control"]).toContain("immutable");
  expect(served.rawPayload.equals(stored)).toBe(true);
  expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
});
