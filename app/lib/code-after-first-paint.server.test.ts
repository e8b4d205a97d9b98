import { describe, expect, it } from "vitest";
import {
  CODE_BLOCK_ID,
  codeAfterFirstPaint,
  codeAfterFirstPaintInPart,
} from "./code-after-first-paint.server.ts";

/** A document shaped as React Router's `<Scripts>` and React render it. */
const rendered =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/shell-B.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/home-C.js" nonce="n0nce"/></head>' +
  "<body><main>Partys</main>" +
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/home-C.js";\n' +
  'import("/assets/entry.client-A.js");</script><!--$--><script nonce="n0nce">data()</script>' +
  "<!--/$--></body></html>";

describe("codeAfterFirstPaint (decision 0258)", () => {
  const page = codeAfterFirstPaint(rendered);

  it("asks for no module before the page is painted", () => {
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).not.toMatch(/<script[^>]*type="module"/);
    // What the page shows and the data scripts stay where they were.
    expect(page).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(page).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(page).toContain('<!--$--><script nonce="n0nce">data()</script><!--/$-->');
  });

  it("keeps the module's code, nonce and preloads, in their order, in an inert block", () => {
    expect(page).toContain(
      `<script nonce="n0nce" type="text/plain" id="${CODE_BLOCK_ID}" ` +
        'data-preload="/assets/entry.client-A.js /assets/shell-B.js /assets/home-C.js">' +
        'import * as route0 from "/assets/home-C.js";\nimport("/assets/entry.client-A.js");</script>',
    );
    // The starter follows the block, carrying the same nonce.
    const starter = /<\/script><script nonce="n0nce">(\(function\(\)\{.*?\}\)\(\))<\/script>/.exec(
      page,
    );
    expect(starter).not.toBeNull();
    expect(starter![1]).toContain("first-contentful-paint");
  });

  it("leaves a part without the module as it is, bytes and all", () => {
    const part = Buffer.from('<!--$--><script nonce="n0nce">data("€")</script><!--/$-->');
    expect(codeAfterFirstPaintInPart(part)).toBe(part);
    expect(codeAfterFirstPaint("<p>Keine Partys</p>")).toBe("<p>Keine Partys</p>");
  });

  it("rewrites a part that holds the module, non-ASCII text intact", () => {
    const part = Buffer.from(rendered.replace("Partys", "Partys für Nachteulen – heute"));
    const rewritten = codeAfterFirstPaintInPart(part).toString();
    expect(rewritten).toContain("Partys für Nachteulen – heute");
    expect(rewritten).toContain(`id="${CODE_BLOCK_ID}"`);
  });
});
