import type sharpModule from "sharp";

/**
 * libvips threads per image. One: how many cores images take is the queue's decision
 * (IMAGE_CONCURRENCY), not each image's; measured in decision 0198.
 */
export const IMAGE_THREADS = 1;

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp with this process's settings, loaded on first use: a process that never handles an
 * image (the cluster's primary) never maps libvips (decision 0247). One libvips thread per image
 * (decision 0198), and no operation cache: the server never processes the same image twice, and
 * the cache kept up to 50 MB per process after the demo pictures or an upload (21 MiB of the
 * primary's 166 MiB after drawing the demo pictures, 2026-11-28).
 */
export function configuredSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(IMAGE_THREADS);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
