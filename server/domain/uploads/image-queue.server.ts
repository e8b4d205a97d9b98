import PQueue from "p-queue";
import { ServiceBusyError } from "#server/domain/errors.ts";
import { configuredSharp } from "./configured-sharp.server.ts";

/** Seconds a refused upload is told to wait (Retry-After): the queue drains in a few seconds. */
export const IMAGE_QUEUE_RETRY_SECONDS = 10;

export const imageQueueMessages = {
  busy: "Gerade werden sehr viele Bilder verarbeitet. Bitte versuche es in ein paar Sekunden noch einmal.",
} as const;

/**
 * The one way sharp's work is run while the server answers requests (decision 0198): at most
 * `concurrency` images at a time in this process, the rest wait in line.
 */
export interface ImageQueue {
  /**
   * An upload's encoding: waits behind everything else. Refused at once (ServiceBusyError, 503)
   * when `waiting` images already wait, so an upload never waits long.
   */
  runUpload<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Work a visitor's page or file waits for (share images, missing thumbnails): goes ahead of
   * every waiting upload and is never refused.
   */
  runForVisitor<T>(work: () => Promise<T>): Promise<T>;
}

export interface ImageQueueLimits {
  /** Images encoded at once (IMAGE_CONCURRENCY). */
  concurrency: number;
  /** Uploads that may wait for a turn beyond those (IMAGE_QUEUE). */
  waiting: number;
}

const priorities = { upload: 0, visitor: 1 } as const;

export function createImageQueue({ concurrency, waiting }: ImageQueueLimits): ImageQueue {
  const queue = new PQueue({ concurrency });
  /** Images running or waiting: counted here, as p-queue counts a new one only when it starts. */
  let admitted = 0;
  const run = async <T>(work: () => Promise<T>, priority: number): Promise<T> => {
    admitted++;
    try {
      // sharp's settings apply before the first image, whoever loaded it.
      await configuredSharp();
      return await queue.add(work, { priority });
    } finally {
      admitted--;
    }
  };
  return {
    runUpload: (work) => {
      if (admitted >= concurrency + waiting) {
        return Promise.reject(
          new ServiceBusyError(imageQueueMessages.busy, IMAGE_QUEUE_RETRY_SECONDS),
        );
      }
      return run(work, priorities.upload);
    },
    runForVisitor: (work) => run(work, priorities.visitor),
  };
}
