import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeBody, KEPT_BROTLI_QUALITY, negotiateEncoding } from "./response-encodings.ts";

/** A listing-like document: the same card markup with varying names, as home repeats it. */
const page = Buffer.from(
  `<!DOCTYPE html><html lang="de"><body><ol>${Array.from(
    { length: 300 },
    (_, index) =>
      `<li><article class="event-card group relative flex h-full flex-col"><h3><a href="/party/nacht-${index}/${index}">Nacht ${index} mit DJ ${(index * 7919) % 1000}</a></h3><p class="tabular text-sm text-muted"><time dateTime="2026-12-0${index % 7}T22:00:00.000Z">23:00 Uhr</time></p></article></li>`,
  ).join("")}</ol></body></html>`,
);

const brotliAt = (quality: number) =>
  zlib.brotliCompressSync(page, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length,
    },
  });

describe("kept copies' codings", () => {
  it("compress a kept page with brotli at quality 8, not 9 (decision 0250)", async () => {
    const kept = await encodeBody(page, "br");
    expect(zlib.brotliDecompressSync(kept)).toEqual(page);
    expect(KEPT_BROTLI_QUALITY).toBe(8);
    expect(kept).toEqual(brotliAt(8));
    expect(kept).not.toEqual(brotliAt(9));
    // Quality 9 saves a few per cent here (0.2 % on home's real markup) at eight times the CPU.
    expect(kept.length / brotliAt(9).length).toBeLessThan(1.1);
  });

  it("gzip a kept page and keep identity as it is", async () => {
    expect(zlib.gunzipSync(await encodeBody(page, "gzip"))).toEqual(page);
    expect(await encodeBody(page, "identity")).toBe(page);
  });

  it("negotiate as @fastify/compress does: brotli first, gzip for its aliases and `*`, identity without a header", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
  });
});
