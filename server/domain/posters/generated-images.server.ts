import { createHash } from "node:crypto";
import type { MediaStorage } from "#server/storage/media-storage.ts";
import { configuredSharp } from "#server/domain/uploads/configured-sharp.server.ts";
import {
  encodeFlyerWidths,
  storeFlyerWidths,
} from "#server/domain/uploads/flyer-encoding.server.ts";

/** Where generated flyers and pictures live: named by their content, so one drawing is one file. */
export const GENERATED_FLYER_FOLDER = "flyers/generated/";

/** The first 32 hex digits of the SHA-256 of a text: a content address for media keys. */
export function contentAddress(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

/** SVG posters are drawn 800 px wide; rendered at 72 dpi that is 800 pixels. */
const POSTER_DRAWING_WIDTH = 800;
/**
 * Generated flyers are rendered 480 px wide: sharp's WebP encoding costs by the pixel and a
 * fresh start renders ~330 of them (decision 0131); 480 is sharp on a phone's card and list.
 */
const GENERATED_FLYER_WIDTH = 480;

/**
 * Renders an SVG poster (no transparency) and sends it through the flyer pipeline (the three
 * WebP widths of uploads; widths beyond the rendered one reuse it, as for a small upload). The
 * key is the drawing's content address: drawing the same poster twice stores nothing new.
 * Answers the main width's path.
 */
export async function storeGeneratedFlyer(storage: MediaStorage, svg: string): Promise<string> {
  const base = `${GENERATED_FLYER_FOLDER}${contentAddress(svg)}`;
  const density = (72 * GENERATED_FLYER_WIDTH) / POSTER_DRAWING_WIDTH;
  const sharp = await configuredSharp();
  const { data, info } = await sharp(Buffer.from(svg), { density })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const encoded = await encodeFlyerWidths(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
    effort: 0,
  });
  return storeFlyerWidths(storage, base, encoded);
}

/** Runs `work` over `items`, at most `concurrency` at a time (sharp has its own thread pool). */
export async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
