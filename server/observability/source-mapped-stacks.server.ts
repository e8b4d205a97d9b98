import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Stack traces of the built server, told in its sources' files and lines — when an error is
 * logged, not at start (decision 0244). Node's `--enable-source-maps` reads and parses the map of
 * every file of the bundle as it loads it, and decodes one whenever any error's stack is read
 * (libraries read stacks while they start): about 0.5 s of a 2.3 s start. Here a map is read the
 * first time a logged stack names its file, and kept.
 */

const maps = new Map<string, SourceMap | null>();

/** The source map beside a bundle file (`<file>.map`, as scripts/build-server.mjs links them). */
function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(mapFile, "utf8")));
      } catch {
        // An unreadable map leaves the frames as they are.
      }
    }
    maps.set(file, map);
  }
  return map;
}

/** A frame's location at the end of its line: `file:///…/x.js:12:34` or `/…/x.js:12:34`. */
const FRAME_LOCATION = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)(\)?)$/gm;

/** `stack` with every frame in a file that has a source map pointed at the source's line. */
export function sourceMappedStack(stack: string): string {
  return stack.replace(FRAME_LOCATION, (frame, location: string, line, column, close) => {
    const file = location.startsWith("file://") ? fileURLToPath(location) : location;
    const map = mapOf(file);
    if (!map) return frame;
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!("originalSource" in entry)) return frame;
    const source = entry.originalSource.startsWith("file://")
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(file), entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${close}`;
  });
}

/** Pino's and Fastify's `err` serializer with the stack mapped to the sources. */
export function sourceMappedError<T extends { stack?: string }>(serialized: T): T {
  return serialized.stack
    ? { ...serialized, stack: sourceMappedStack(serialized.stack) }
    : serialized;
}
