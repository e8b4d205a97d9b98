import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.edge";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { reportServerError } from "#server/observability/sentry.server.ts";
import { contentSecurityPolicy } from "#server/web/content-security-policy.server.ts";
import { flushedPartsOf } from "./lib/flushed-parts-stream.server.ts";
import { NonceProvider } from "./lib/nonce.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default entry plus the document's Content-Security-Policy: every inline and
 * module script React Router renders carries the request's nonce (decision 0020). Browsers get
 * the page as it streams from the shell on, crawlers once all of it is ready; a rendering still
 * waiting after `streamTimeout` and a second is aborted (its boundaries stay fallbacks).
 */
export default async function handleRequest(
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

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole page at once.
  const waitForAll = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode);
  // React's web build: its Node build enters an AsyncLocalStorage on every render, which on Node
  // 20 switches on an async hook for every async resource of the process for good (decision 0208).
  const timeout = new AbortController();
  const timeoutId = setTimeout(() => timeout.abort(), streamTimeout + 1000);
  let rendered: Awaited<ReturnType<typeof renderToReadableStream>>;
  try {
    rendered = await renderToReadableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        signal: timeout.signal,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
    shellRendered = true;
    if (waitForAll) await rendered.allReady;
  } catch (error) {
    clearTimeout(timeoutId);
    throw error;
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Each part React completes goes on as one chunk, not in 4 kB pieces (decision 0207).
  const body = flushedPartsOf(rendered, () => clearTimeout(timeoutId));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Errors of loaders, actions and rendering (not aborted requests) go to error reporting. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  reportServerError(error);
  console.error(error);
}
