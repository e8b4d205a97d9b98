import { deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { multipart } from "#tests/setup/multipart.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ deps: ctx.deps });
  const user = await createUser(ctx.deps);
  token = (await startSession(ctx.deps, user.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

function upload(filename: string, contentType: string, data: Buffer, field = "flyer") {
  const body = multipart(field, filename, contentType, data);
  return app.inject({
    method: "POST",
    url: "/api/upload-flyer/",
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

/** A portrait JPEG with EXIF and GPS metadata, as phones write them. */
function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#c2007a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "Telefon", Model: "Geheim 3000", Artist: "Jemand Privates" } })
    .toBuffer();
}

/** A PNG whose header declares `width`×`height`, with 1 MB of pixels: a decompression bomb. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crcInput = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(crcInput));
    return Buffer.concat([length, crcInput, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1_000_000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("flyer upload", () => {
  it("re-encodes a JPEG to WebP in four widths, strips the metadata and serves it", async () => {
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload("flyer.jpg", "image/jpeg", original);
    expect(response.statusCode).toBe(201);
    const { flyer, url, srcset } = response.json();
    expect(flyer).toMatch(/^flyers\/u\d+\/[a-f0-9]{32}-800\.webp$/);
    expect(url).toBe(`/media/${flyer}`);
    expect(srcset).toContain("-240.webp 240w");
    expect(srcset).toContain("-400.webp 400w");

    for (const width of [240, 400, 800, 1200]) {
      const served = await app.inject({ url: url.replace("-800.webp", `-${width}.webp`) });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toContain("immutable");
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(width);
      expect(metadata.exif).toBeUndefined();
    }
  });

  it("takes PNG, WebP and AVIF too", async () => {
    const image = sharp({ create: { width: 300, height: 400, channels: 3, background: "#222" } });
    for (const [format, type] of [
      ["png", "image/png"],
      ["webp", "image/webp"],
      ["avif", "image/avif"],
    ] as const) {
      const data = await image.clone().toFormat(format).toBuffer();
      const response = await upload(`flyer.${format}`, type, data);
      expect(response.statusCode, format).toBe(201);
    }
  });

  const refusals: [string, () => Buffer | Promise<Buffer>, string, string, string][] = [
    [
      "a PHP script named .jpg",
      () => Buffer.from("<?php system($_GET['cmd']); ?>"),
      "shell.jpg",
      "image/jpeg",
      "Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch.",
    ],
    [
      "an SVG with a script",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        ),
      "flyer.svg",
      "image/svg+xml",
      "Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch.",
    ],
    [
      "a GIF",
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      "flyer.gif",
      "image/gif",
      "Bitte lade ein Bild im Format JPEG, PNG, WebP oder AVIF hoch.",
    ],
    [
      "a 20 MB file",
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024)]),
      "riesig.jpg",
      "image/jpeg",
      "Das Bild ist zu groß: höchstens 10 MB.",
    ],
    [
      "a 30000×30000 decompression bomb",
      () => pngDeclaring(30_000, 30_000),
      "bombe.png",
      "image/png",
      "Das Bild hat zu viele Pixel: höchstens 25 Megapixel.",
    ],
    [
      "a 6324×6324 PNG (40 megapixels: seconds of encoding, decision 0198)",
      () => pngDeclaring(6324, 6324),
      "gross.png",
      "image/png",
      "Das Bild hat zu viele Pixel: höchstens 25 Megapixel.",
    ],
    [
      "a truncated JPEG",
      async () => (await phoneJpeg()).subarray(0, 2000),
      "kaputt.jpg",
      "image/jpeg",
      "Das Bild lässt sich nicht lesen. Bitte versuche es mit einer anderen Datei.",
    ],
  ];
  for (const [name, make, filename, type, message] of refusals) {
    it(`refuses ${name} and stores nothing`, async () => {
      const response = await upload(filename, type, await make());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ flyer: [message] });
    });
  }

  it("wants a login and the flyer field", async () => {
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/upload-flyer/",
      ...multipart("flyer", "a.jpg", "image/jpeg", await phoneJpeg()),
    });
    expect(anonymous.statusCode).toBe(401);
    const wrongField = await upload("a.jpg", "image/jpeg", await phoneJpeg(), "bild");
    expect(wrongField.json()).toEqual({ flyer: ["Bitte wähle ein Bild aus."] });
  });

  it("answers unknown and malformed media paths with 404", async () => {
    expect((await app.inject({ url: "/media/flyers/u1/nichts-800.webp" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/media/../token-secret" })).statusCode).toBe(404);
    expect((await app.inject({ url: "/media/%2e%2e/token-secret" })).statusCode).toBe(404);
  });
});
