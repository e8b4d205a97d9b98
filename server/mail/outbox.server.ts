import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface OutboxMail {
  file: string;
  raw: string;
}

/** The .eml files in the outbox, oldest first (for the development viewer and tests). */
export function readOutbox(directory: string): OutboxMail[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((file) => ({ file, raw: readFileSync(path.join(directory, file), "utf8") }));
}
