import { mediaUrl } from "./urls.ts";

/**
 * Uploaded flyers are stored as WebP in three widths; the event keeps the path of the middle
 * one ("flyers/u12/<random>-800.webp") and pages derive the others for `srcset`.
 */
export const FLYER_WIDTHS = [400, 800, 1200] as const;
export const FLYER_MAIN_WIDTH = 800;
export const FLYER_MAX_BYTES = 10 * 1024 * 1024;
export const FLYER_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

const variantPattern = /-(\d+)\.webp$/;

/** The stored path of another width of the same flyer, or null for files of another kind. */
export function flyerVariantPath(flyerPath: string, width: number): string | null {
  return variantPattern.test(flyerPath)
    ? flyerPath.replace(variantPattern, `-${width}.webp`)
    : null;
}

/** `srcset` for the URL of a flyer stored in the three widths (`/media/…-800.webp`). */
export function flyerUrlSrcSet(flyerUrl: string): string | undefined {
  if (!variantPattern.test(flyerUrl)) return undefined;
  return FLYER_WIDTHS.map(
    (width) => `${flyerUrl.replace(variantPattern, `-${width}.webp`)} ${width}w`,
  ).join(", ");
}

/** `srcset` for a flyer stored in the three widths, served under /media/. */
export function flyerSrcSet(flyerPath: string): string | undefined {
  return flyerUrlSrcSet(mediaUrl(flyerPath));
}
