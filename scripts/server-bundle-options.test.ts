import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { serverBundleOptions } from "./server-bundle-options.mjs";

const outDir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-bundle-options-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * Renders a list without keys through React DOM's Node build as the site's entry does, then
 * tells what React logged and whether async hooks are on: with them, a promise continuation runs
 * under an async id of its own (Node 20 and 22).
 */
const renderingProbe = `
import { executionAsyncId } from "node:async_hooks";
import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

const logged = [];
console.error = (...args) => logged.push(args.join(" "));
async function asyncHooksOn() {
  await new Promise((resolve) => setImmediate(resolve));
  const outer = executionAsyncId();
  await null;
  return executionAsyncId() !== outer;
}
const before = await asyncHooksOn();
let html = "";
await new Promise((resolve) => {
  const { pipe } = renderToPipeableStream(
    createElement("ul", null, ["a", "b"].map((text) => createElement("li", null, text))),
    {
      onAllReady() {
        pipe(new Writable({
          write(chunk, _encoding, done) { html += chunk; done(); },
          final(done) { done(); resolve(); },
        }));
      },
    },
  );
});
process.stdout.write(JSON.stringify({ before, after: await asyncHooksOn(), html, logged }));
`;

describe("the server bundle's options (decision 0248)", () => {
  it("render pages with React's production build and without async hooks, whatever NODE_ENV says", async () => {
    await build({
      ...serverBundleOptions,
      stdin: { contents: renderingProbe, resolveDir: process.cwd(), sourcefile: "probe.mjs" },
      splitting: false,
      outfile: path.join(outDir, "probe.mjs"),
      metafile: false,
    });
    // As in the browser tests, which run the bundle with NODE_ENV=test.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(outDir, "probe.mjs")],
      {
        env: { ...process.env, NODE_ENV: "test" },
      },
    );
    const probe = JSON.parse(stdout) as {
      before: boolean;
      after: boolean;
      html: string;
      logged: string[];
    };
    expect(probe.html).toContain("<ul><li>a</li><li>b</li></ul>");
    // React's development build warns about the missing keys; the production build does not.
    expect(probe.logged).toEqual([]);
    expect(probe).toMatchObject({ before: false, after: false });
  });

  it("leave the functions made per render and per request as they are, without a naming call (decision 0250)", async () => {
    const outfile = path.join(outDir, "closures.mjs");
    await build({
      ...serverBundleOptions,
      stdin: {
        contents: `export class NotFoundError extends Error {}
export const handlers = (names) => names.map((name) => () => name);
export function Card({ title }) { const onClick = () => title; return { onClick }; }`,
        resolveDir: process.cwd(),
        sourcefile: "closures.mjs",
      },
      splitting: false,
      outfile,
      metafile: false,
    });
    const bundled = readFileSync(outfile, "utf8");
    expect(bundled).not.toContain("__name");
    const module = (await import(outfile)) as {
      NotFoundError: new () => Error;
      Card: (props: { title: string }) => { onClick: () => string };
    };
    // Names stay what the source says: error types are told apart by them in logs.
    expect(new module.NotFoundError().constructor.name).toBe("NotFoundError");
    expect(module.Card({ title: "Nacht" }).onClick()).toBe("Nacht");
  });

  it("write code only, in ASCII, so V8 holds each file's source in one byte per character (decision 0254)", async () => {
    const outfile = path.join(outDir, "ascii.mjs");
    await build({
      ...serverBundleOptions,
      stdin: {
        contents: `/*! Licence of a bundled package — kept apart. */
export const night = {
  // The night runs to 06:00 — a comment with a dash.
  heading: "Nächte – Übersicht", /* and one — here */
  euro: "€",
};`,
        resolveDir: process.cwd(),
        sourcefile: "ascii.mjs",
      },
      splitting: false,
      outfile,
      metafile: false,
    });
    const bundled = readFileSync(outfile, "utf8");
    expect([...bundled].filter((character) => character.charCodeAt(0) > 0x7f)).toEqual([]);
    expect(bundled).not.toContain("comment with a dash");
    expect(readFileSync(`${outfile}.LEGAL.txt`, "utf8")).toContain("Licence of a bundled package");
    const module = (await import(outfile)) as { night: { heading: string; euro: string } };
    expect(module.night).toEqual({ heading: "Nächte – Übersicht", euro: "€" });
  });
});
