import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { reportServerError } from "#server/observability/sentry.server.ts";
import { contentSecurityPolicy } from "#server/web/content-security-policy.server.ts";
import { codeAfterFirstPaintInPart } from "./lib/code-after-first-paint.server.ts";
import { FlushedPartsStream } from "./lib/flushed-parts-stream.server.ts";
import { NonceProvider } from "./lib/nonce.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry plus the document's Content-Security-Policy: every inline
 * and module script React Router renders carries the request's nonce (decision 0020).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { cspNonce: nonce, deps } = loadContext;
  // Vite's development server injects scripts of its own; the policy guards production.
  if (deps.config.env === "production") {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, deps.config));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // Each part React completes goes on as one chunk, not in 4 kB pieces (decision 0207).
          // The page's code loads once the page is painted (decision 0258).
          const body = new FlushedPartsStream(codeAfterFirstPaintInPart);
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Errors of loaders, actions and rendering (not aborted requests) go to error reporting. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  reportServerError(error);
  console.error(error);
}
