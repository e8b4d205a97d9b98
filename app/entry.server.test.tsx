import asyncHooks, { AsyncLocalStorage } from "node:async_hooks";
import { Suspense } from "react";
import {
  Await,
  createRequestHandler,
  Scripts,
  useLoaderData,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import * as entry from "./entry.server.tsx";

// What would switch on async hooks in this process (decision 0208): an AsyncLocalStorage entered
// (React DOM's Node build does so on every render) or a hook of anyone's own.
const entered = [
  vi.spyOn(AsyncLocalStorage.prototype, "run"),
  vi.spyOn(AsyncLocalStorage.prototype, "enterWith"),
];
const hooks = vi.spyOn(asyncHooks, "createHook");

const SHELL_TEXT = "Nachtliste ".repeat(1_000); // about 11 kB: three of React's 4 kB pieces
const NONCE = "bm9uY2UtZnVlci1kZW4tdGVzdA";

/** The one route of the page: a shell of its own and a boundary waiting for `later`. */
function Page() {
  const { later } = useLoaderData<{ later: Promise<string> }>();
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>
        <p>{SHELL_TEXT}</p>
        <Suspense fallback={<p>Lädt …</p>}>
          <Await resolve={later}>{(text) => <p>{text}</p>}</Await>
        </Suspense>
        <Scripts nonce={NONCE} />
      </body>
    </html>
  );
}

/** A server build of one route, rendered through the site's entry.server. */
function pageBuild(later: Promise<string>): ServerBuild {
  return {
    entry: { module: entry },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: Page, loader: () => ({ later }) },
      },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          clientActionModule: undefined,
          clientLoaderModule: undefined,
          clientMiddlewareModule: undefined,
          hydrateFallbackModule: undefined,
        },
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v8_passThroughRequests: false,
      v8_trailingSlashAwareDataRequests: false,
      v8_middleware: false,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  };
}

const context = {
  cspNonce: NONCE,
  deps: { config: { env: "test" } },
} as unknown as AppLoadContext;

/** A page request from a browser or a crawler, with the later part and how to settle it. */
async function renderPage(userAgent: string) {
  let resolve = (_text: string) => {};
  const promise = new Promise<string>((settle) => (resolve = settle));
  const later = { promise, resolve };
  const handle = createRequestHandler(pageBuild(promise), "production");
  const request = new Request("http://seite.test/", { headers: { "user-agent": userAgent } });
  return { answer: handle(request, context), later };
}

const decoder = new TextDecoder();
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("entry.server", () => {
  it("streams a browser the shell as one chunk, then the later part, entering no async context", async () => {
    const { answer, later } = await renderPage(BROWSER);
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const reader = response.body!.getReader();
    const shell = decoder.decode((await reader.read()).value);
    expect(shell).toContain(SHELL_TEXT);
    expect(shell).toContain("Lädt …");
    expect(shell).not.toContain("Später da");
    later.resolve("Später da");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(rest).toContain("Später da");
    // Every script React Router writes carries the request's nonce (decision 0020).
    const scripts = [...(shell + rest).matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts)
      expect(tag).toMatch(/nonce="bm9uY2UtZnVlci1kZW4tdGVzdA"|type="module"/);
    for (const spy of entered) expect(spy).not.toHaveBeenCalled();
    expect(hooks).not.toHaveBeenCalled();
  });

  it("answers a crawler only once the whole page is ready, in one chunk", async () => {
    const { answer, later } = await renderPage(CRAWLER);
    let answered = false;
    void answer.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    later.resolve("Für die Suchmaschine");
    const reader = (await answer).body!.getReader();
    const page = decoder.decode((await reader.read()).value);
    expect(page).toContain(SHELL_TEXT);
    expect(page).toContain("Für die Suchmaschine");
    expect((await reader.read()).done).toBe(true);
    for (const spy of entered) expect(spy).not.toHaveBeenCalled();
  });
});
