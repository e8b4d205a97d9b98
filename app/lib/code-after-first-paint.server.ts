/**
 * The page's code loads once the page is painted (decision 0258). React Router's `<Scripts>`
 * asks for the page's modules at once: a `<link rel="modulepreload">` for each (React hoists them
 * into the head) and an inline module that imports the route modules and starts the client
 * entry. On a phone's connection those 130 kB of JavaScript share the line with the document,
 * its stylesheet and its fonts, and Lighthouse's simulation counts every script that arrived
 * before the first paint as holding it up (decision 0195).
 *
 * This rewrites the document React rendered: the preloads leave the head, and the inline module
 * becomes an inert data block (`type="text/plain"`, id `CODE_BLOCK_ID`) carrying their addresses
 * in `data-preload`, followed by a small classic script that, once the browser reports the first
 * contentful paint, adds the preloads and runs the block as the module it was — with the same
 * nonce, so the Content-Security-Policy is unchanged. A browser that reports no paint (a tab
 * opened in the background) starts the code after `LATEST_START_MS` all the same.
 */

/** The id of the inert block holding React Router's inline module. */
export const CODE_BLOCK_ID = "app-code";

/** The longest a page waits for its first paint before its code starts anyway. */
export const LATEST_START_MS = 2000;

/** How React Router's inline module begins, as bytes to look for before decoding a part. */
const inlineModuleMark = Buffer.from('type="module" async=""');
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const inlineModule = /<script nonce="([^"]*)" type="module" async="">/;

/** Runs in the browser (classic script, no module syntax): starts the code after the paint. */
const starter =
  `(function(){var c=document.getElementById("${CODE_BLOCK_ID}"),d=false;` +
  `function s(){if(d)return;d=true;var n=c.nonce,h=c.getAttribute("data-preload").split(" ");` +
  `for(var i=0;i<h.length;i++){if(!h[i])continue;var l=document.createElement("link");l.rel="modulepreload";` +
  `l.href=h[i];l.nonce=n;document.head.appendChild(l)}` +
  `var m=document.createElement("script");m.type="module";m.nonce=n;m.textContent=c.textContent;` +
  `document.body.appendChild(m)}` +
  `var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;` +
  `if(t&&t.indexOf("paint")>-1){new PerformanceObserver(function(e){` +
  `if(e.getEntriesByName("first-contentful-paint").length)s()}).observe({type:"paint",buffered:true})}` +
  `else requestAnimationFrame(function(){setTimeout(s,0)});setTimeout(s,${LATEST_START_MS})})()`;

/**
 * The document part (HTML) with its code held back until the first paint; a part without React
 * Router's inline module is returned as it is.
 */
export function codeAfterFirstPaint(html: string): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(modulePreload, (_link, href: string) => {
    preloads.push(href);
    return "";
  });
  const block = inlineModule.exec(withoutPreloads);
  const end = block ? withoutPreloads.indexOf("</script>", block.index) : -1;
  if (!block || end === -1) return html;
  const nonce = block[1]!;
  const close = end + "</script>".length;
  return (
    withoutPreloads.slice(0, block.index) +
    `<script nonce="${nonce}" type="text/plain" id="${CODE_BLOCK_ID}" data-preload="${preloads.join(" ")}">` +
    withoutPreloads.slice(block.index + block[0].length, close) +
    `<script nonce="${nonce}">${starter}</script>` +
    withoutPreloads.slice(close)
  );
}

/** `codeAfterFirstPaint` for a part of the page as rendered; parts without the module pass as they are. */
export function codeAfterFirstPaintInPart(part: Buffer): Buffer {
  if (part.indexOf(inlineModuleMark) === -1) return part;
  return Buffer.from(codeAfterFirstPaint(part.toString()));
}
