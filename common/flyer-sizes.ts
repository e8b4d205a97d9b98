import { mediaUrl } from "./urls.ts";

/**
 * Uploaded flyers are stored as WebP in four widths; the event keeps the path of the 800 px one
 * ("flyers/u12/<random>-800.webp") and pages derive the others for `srcset`. 240 px serves the
 * phone list's 72 px square (decision 0194); images stored before it existed get it from their
 * 400 px file on first request (`FLYER_THUMBNAIL_SOURCE_WIDTH`, server/http/media-route.ts).
 */
export const FLYER_WIDTHS = [240, 400, 800, 1200] as const;
export const FLYER_MAIN_WIDTH = 800;
export const FLYER_THUMBNAIL_WIDTH = 240;
export const FLYER_THUMBNAIL_SOURCE_WIDTH = 400;
export const FLYER_MAX_BYTES = 10 * 1024 * 1024;
export const FLYER_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

const variantPattern = /-(\d+)\.webp$/;

/** The stored path of another width of the same flyer, or null for files of another kind. */
export function flyerVariantPath(flyerPath: string, width: number): string | null {
  return variantPattern.test(flyerPath)
    ? flyerPath.replace(variantPattern, `-${width}.webp`)
    : null;
}

/** `srcset` for the URL of a flyer stored in the four widths (`/media/…-800.webp`). */
export function flyerUrlSrcSet(flyerUrl: string): string | undefined {
  if (!variantPattern.test(flyerUrl)) return undefined;
  return FLYER_WIDTHS.map(
    (width) => `${flyerUrl.replace(variantPattern, `-${width}.webp`)} ${width}w`,
  ).join(", ");
}

/** `srcset` for a flyer stored in the four widths, served under /media/. */
export function flyerSrcSet(flyerPath: string): string | undefined {
  return flyerUrlSrcSet(mediaUrl(flyerPath));
}
