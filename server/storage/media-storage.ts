/** Where uploaded files (flyers, logos, ad images) live: DATA_DIR/media or an S3 bucket. */

export interface StoredMedia {
  body: Buffer;
  contentType: string;
}

export interface MediaStorage {
  /** "local" keeps files in DATA_DIR/media; "s3" in an S3-compatible bucket. */
  kind: "local" | "s3";
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The file, or null when there is none under that key. */
  get: (key: string) => Promise<StoredMedia | null>;
  /** Removes the file; a missing one is no error. */
  delete: (key: string) => Promise<void>;
  /** Every stored key (files that are no media key, e.g. half-written ones, are skipped). */
  list: () => AsyncIterable<string>;
  /** Rejects when the store cannot be reached or written (the readiness check). */
  check: () => Promise<void>;
  /** Where browsers load the file from directly, or null when /media/ serves it. */
  publicUrl: (key: string) => string | null;
}

const contentTypes: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  png: "image/png",
};

/** Keys are relative paths of lower-case words: "flyers/u12/4f…9a-800.webp". */
const keyPattern = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.(webp|avif|jpg|png)$/;

export function isMediaKey(key: string): boolean {
  return key.length <= 200 && keyPattern.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
}

export function contentTypeOfKey(key: string): string {
  return contentTypes[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
