import { createHash } from "node:crypto";
import { EMBED_HEIGHT_MESSAGE } from "#common/embed-snippets.ts";

/**
 * The embedded programme's own style and script (decision 0231), inline so the frame needs one
 * request; its Content-Security-Policy allows exactly these two by their hashes.
 */

/**
 * The site's two themes (app/app.css) on system fonts: light, dark, or following the visitor's
 * `prefers-color-scheme` when the page names none (`data-theme` on the root).
 */
export const frameStyle = `
:root{--paper:#f6f1e8;--ink:#15131a;--muted:#5a5360;--line:#dcd3c4;--card:#fffcf6;--accent:#c4006d;color-scheme:light}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--paper:#0b0a0f;--ink:#f4efe6;--muted:#aaa2b0;--line:#2a2631;--card:#15131b;--accent:#ff3d9a;color-scheme:dark}}
:root[data-theme=dark]{--paper:#0b0a0f;--ink:#f4efe6;--muted:#aaa2b0;--line:#2a2631;--card:#15131b;--accent:#ff3d9a;color-scheme:dark}
*{box-sizing:border-box}
html{background:var(--paper);color:var(--ink);font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
body{margin:0;padding:12px}
ol{list-style:none;margin:0;padding:0;display:grid;gap:8px}
a{color:inherit}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.party a{display:block;padding:10px 12px;border:1px solid var(--line);border-radius:12px;background:var(--card);text-decoration:none}
.party a:hover{border-color:var(--accent)}
.when{display:block;font-size:.875rem;font-weight:600;color:var(--accent);font-variant-numeric:tabular-nums}
.title{display:block;font-size:1.0625rem;font-weight:700;overflow-wrap:anywhere;hyphens:auto}
.details{display:block;font-size:.875rem;color:var(--muted)}
.cancelled .title{text-decoration:line-through;text-decoration-thickness:2px}
.flag{display:inline-block;margin-right:6px;padding:0 8px;border-radius:999px;background:var(--ink);color:var(--paper);font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em}
.empty{margin:0;color:var(--muted)}
.more{margin:10px 0 0;font-size:.875rem}
.more a{color:var(--accent);font-weight:600}
`.trim();

/**
 * Posts the document's height to the page around the frame whenever it changes; the page's
 * sizing script (`sizingScript`) sets the frame to it. The height is no secret: any page may
 * receive it.
 */
export const frameScript = `(function(){if(window.parent===window)return;var last=0;function report(){var height=Math.ceil(document.documentElement.getBoundingClientRect().height);if(height===last)return;last=height;window.parent.postMessage({type:${JSON.stringify(EMBED_HEIGHT_MESSAGE)},height:height},"*")}new ResizeObserver(report).observe(document.documentElement);report()})();`;

const sha256 = (source: string) =>
  `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

/**
 * The frame's policy: nothing from anywhere but its own style and script — no image, font or
 * connection, not even to this site — and any page may frame it (`frame-ancestors *`, this
 * route only; every other page says `'none'`).
 */
export const frameContentSecurityPolicy = [
  "default-src 'none'",
  `style-src ${sha256(frameStyle)}`,
  `script-src ${sha256(frameScript)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors *",
].join("; ");

/**
 * The script the embedding page includes: it sets each of this site's programme frames to the
 * height the frame reports. Only messages from the site's origin count, and each sizes only the
 * frame it came from.
 */
export function sizingScript(siteOrigin: string): string {
  return `/* Passt die Höhe eingebundener Partyprogramme an ihren Inhalt an. */
(function () {
  var origin = ${JSON.stringify(siteOrigin)};
  window.addEventListener("message", function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(EMBED_HEIGHT_MESSAGE)}) return;
    var height = Number(data.height);
    if (!(height > 0 && height < 100000)) return;
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) frames[i].style.height = Math.ceil(height) + "px";
    }
  });
})();
`;
}
