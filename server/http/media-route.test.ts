import type { S3Client } from "@aws-sdk/client-s3";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucketClient, startS3Server, type S3TestServer } from "#tests/setup/s3-server.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";

/** An image as it was stored before the 240 px width existed: its 400 and 800 px files only. */
async function storeOlderImage(ctx: TestContext, stem: string) {
  for (const width of [400, 800]) {
    const body = await sharp({
      create: { width, height: width * 1.25, channels: 3, background: "#c2007a" },
    })
      .webp()
      .toBuffer();
    await ctx.deps.storage.put(`${stem}-${width}.webp`, body, "image/webp");
  }
}

describe("GET /media/* with the embedded storage", () => {
  let ctx: TestContext;
  let app: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildApp({ deps: ctx.deps });
  });

  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it("makes an older image's missing thumbnail from its 400 px file, once", async () => {
    const stem = "flyers/u3/0123456789abcdef0123456789abcdef";
    await storeOlderImage(ctx, stem);
    const first = await app.inject({ url: `/media/${stem}-240.webp` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    expect(first.headers["cache-control"]).toContain("immutable");
    const metadata = await sharp(first.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 240, 300]);
    const stored = await ctx.deps.storage.get(`${stem}-240.webp`);
    expect(stored?.body.equals(first.rawPayload)).toBe(true);
    const again = await app.inject({ url: `/media/${stem}-240.webp` });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("answers 404, never a 500, without a 400 px file or with a broken one", async () => {
    const missing = await app.inject({
      url: "/media/flyers/u3/ffffffffffffffffffffffffffffffff-240.webp",
    });
    expect(missing.statusCode).toBe(404);
    const broken = "flyers/u3/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
    await ctx.deps.storage.put(`${broken}-400.webp`, Buffer.from("no image"), "image/webp");
    const answer = await app.inject({ url: `/media/${broken}-240.webp` });
    expect(answer.statusCode).toBe(404);
    expect(await ctx.deps.storage.get(`${broken}-240.webp`)).toBeNull();
    // Other widths are never made up.
    const stem = "flyers/u3/dddddddddddddddddddddddddddddddd";
    await storeOlderImage(ctx, stem);
    expect((await app.inject({ url: `/media/${stem}-1200.webp` })).statusCode).toBe(404);
  });
});

describe("GET /media/* with S3_PUBLIC_URL", () => {
  let server: S3TestServer;
  let ctx: TestContext;
  let app: FastifyInstance;
  let bucket: S3Client;

  beforeAll(async () => {
    server = await startS3Server();
    ctx = await createTestContext({
      config: { ...server.env, S3_PUBLIC_URL: `${server.endpoint}/${server.bucket}/` },
    });
    app = await buildApp({ deps: ctx.deps });
    bucket = bucketClient(server);
  });

  afterAll(async () => {
    bucket?.destroy();
    await app?.close();
    await ctx?.close();
    await server?.stop();
  });

  it("puts an older image's missing thumbnail into the bucket before sending the browser there", async () => {
    const stem = "flyers/u4/0123456789abcdef0123456789abcdef";
    await storeOlderImage(ctx, stem);
    const answer = await app.inject({ url: `/media/${stem}-240.webp` });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`${server.endpoint}/${server.bucket}/${stem}-240.webp`);
    const object = await bucket.send(
      new GetObjectCommand({ Bucket: server.bucket, Key: `${stem}-240.webp` }),
    );
    const metadata = await sharp(Buffer.from(await object.Body!.transformToByteArray())).metadata();
    expect(metadata.width).toBe(240);
  });
});
