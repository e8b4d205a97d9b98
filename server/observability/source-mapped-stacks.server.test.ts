import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { sourceMappedStack } from "./source-mapped-stacks.server.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-stacks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A source file bundled as scripts/build-server.mjs does it: linked map, no sources' text, the
 * code without whitespace and comments (decision 0254).
 */
async function bundled(name: string, source: string, sourcemap: "linked" | false = "linked") {
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  const outfile = path.join(dir, "out", `${name}.js`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    sourcemap,
    sourcesContent: false,
    minifyWhitespace: true,
    logLevel: "silent",
  });
  return { entry, outfile };
}

const failing = [
  "export function fail(): never {",
  "  const reason = 'kaputt';",
  "  throw new Error(reason);",
  "}",
  "",
].join("\n");

/** The stack of the bundle's error in plain Node, as the built server runs (no map applied). */
function stackOf(outfile: string): string {
  const script = `import(${JSON.stringify(pathToFileURL(outfile).href)}).then((bundle) => {
    try { bundle.fail(); } catch (error) { process.stdout.write(error.stack); }
  });`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
}

describe("a logged stack of the built server", () => {
  it("names the source file and line instead of the bundle's", async () => {
    const { entry, outfile } = await bundled("mapped", failing);
    const stack = stackOf(outfile);
    expect(stack).toContain(`${pathToFileURL(outfile).href}:`);

    const mapped = sourceMappedStack(stack);
    expect(mapped).toContain(`${entry}:3:`);
    expect(mapped).not.toContain(pathToFileURL(outfile).href);
    // Frames outside the bundle (Vitest's, Node's) stay as they were.
    expect(mapped.split("\n").length).toBe(stack.split("\n").length);
  });

  it("leaves the frames of a file without a map alone", async () => {
    const { outfile } = await bundled("unmapped", failing, false);
    const stack = stackOf(outfile);
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});
