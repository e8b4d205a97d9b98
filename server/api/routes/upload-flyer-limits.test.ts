import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { multipart } from "#tests/setup/multipart.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

// Bounded image work (decision 0198): 2 uploads an hour per account, 2 images encoded at once,
// 4 more may wait.
let ctx: TestContext;
let app: FastifyInstance;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { IMAGE_UPLOADS_PER_HOUR: "2", IMAGE_CONCURRENCY: "2", IMAGE_QUEUE: "4" },
  });
  app = await buildApp({ deps: ctx.deps });
  png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#c2007a" } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function signedIn(userId?: number): Promise<string> {
  const id = userId ?? (await createUser(ctx.deps)).id;
  return (await startSession(ctx.deps, id, null)).access;
}

function upload(token: string, data = png) {
  const body = multipart("flyer", "flyer.png", "image/png", data);
  return app.inject({
    method: "POST",
    url: "/api/upload-flyer/",
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const notAnImage = Buffer.from("kein Bild");

describe("flyer uploads per account and hour", () => {
  it("answers 429 with the German wait once the hour's uploads are used up, for that account only", async () => {
    const { id } = await createUser(ctx.deps);
    const organiser = await signedIn(id);
    expect((await upload(organiser)).statusCode).toBe(201);
    expect((await upload(organiser)).statusCode).toBe(201);

    const refused = await upload(organiser);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("3600");
    expect(refused.json()).toEqual({
      detail:
        "Du hast in dieser Stunde schon 2 Bilder hochgeladen. Weitere kannst Du in 60 Minuten hochladen.",
    });
    // A file that is no image is refused before it counts.
    expect((await upload(organiser, notAnImage)).statusCode).toBe(400);
    expect((await upload(await signedIn())).statusCode).toBe(201);

    // The hour began with the first upload.
    ctx.setNow(new Date(Date.parse("2026-11-20T20:00:00Z") + 3_600_000));
    expect((await upload(await signedIn(id))).statusCode).toBe(201);
  });
});

describe("the image queue", () => {
  it("answers 503 with Retry-After and a German detail while the queue is full", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Two encodes running and four waiting fill the queue.
    const held = Array.from({ length: 6 }, () => ctx.deps.images.runUpload(() => gate));
    const organiser = await signedIn();

    const refused = await upload(organiser);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("10");
    expect(refused.json()).toEqual({
      detail:
        "Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es in ein paar Sekunden noch einmal.",
    });

    release();
    await Promise.all(held);
    expect((await upload(organiser)).statusCode).toBe(201);
  });

  it("never has more images in sharp at once than IMAGE_CONCURRENCY", async () => {
    const toBuffer = sharp.prototype.toBuffer;
    let inSharp = 0;
    let most = 0;
    const spy = vi.spyOn(sharp.prototype, "toBuffer").mockImplementation(function (
      this: sharp.Sharp,
      ...args: unknown[]
    ) {
      inSharp += 1;
      most = Math.max(most, inSharp);
      return (toBuffer.apply(this, args as never) as Promise<unknown>).finally(() => {
        inSharp -= 1;
      });
    } as never);
    try {
      const organisers = await Promise.all([signedIn(), signedIn(), signedIn()]);
      const answers = await Promise.all(
        organisers.flatMap((token) => [upload(token), upload(token)]),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
      expect(spy).toHaveBeenCalled();
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      spy.mockRestore();
    }
  });
});
