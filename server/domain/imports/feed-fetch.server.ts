import type { DomainDeps } from "#server/domain/deps.ts";
import {
  OutboundRefusedError,
  requestPublicUrl,
  type OutboundGuard,
  type OutboundResponse,
} from "#server/outbound/outbound-request.ts";
import { ImportError } from "./import-error.ts";

/**
 * Fetching an address a user typed (decision 0235): http(s) on ports 80/443 to public addresses
 * only, checked before connecting, in the DNS answer and on the connected socket (decision 0199,
 * `requestPublicUrl`); each redirect is a new request through the same guard; 10 seconds and
 * 2 MB for a calendar or page, 5 MB for a flyer.
 */

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2_000_000;
const IMAGE_MAX_BYTES = 5_000_000;
const MAX_REDIRECTS = 3;

const fetchMessages = {
  refused:
    "Diese Adresse rufen wir nicht ab: nur http(s) auf den Ports 80 und 443 zu öffentlichen Adressen.",
  tooLarge: `Die Antwort ist zu groß (mehr als ${FEED_MAX_BYTES / 1_000_000} MB).`,
  timeout: `Die Adresse hat nicht innerhalb von ${FEED_TIMEOUT_MS / 1000} Sekunden geantwortet.`,
  unreachable: "Die Adresse ist nicht erreichbar.",
  tooManyRedirects: "Die Adresse leitet zu oft weiter.",
  status: (status: number) => `Die Adresse antwortet mit dem Fehler ${status}.`,
} as const;

/** Only http(s) on the standard ports; `webcal:` is the same as http. */
export function feedUrlOf(address: string): URL | null {
  let url: URL;
  try {
    url = new URL(address.trim().replace(/^webcals?:/i, "https:"));
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  return url;
}

/** Public addresses on 80/443; the tests' local feed server besides (NODE_ENV=test only). */
function guardFor(deps: DomainDeps, url: URL): OutboundGuard {
  const testServer = deps.config.testFeedServer;
  if (testServer !== undefined && url.origin === testServer) {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    return { ports: [80, 443], testOnlyTargets: [{ address: url.hostname, port }] };
  }
  return { ports: [80, 443] };
}

export interface FetchedFeed {
  /** 304: unchanged since the validators sent. */
  notModified: boolean;
  body: Buffer;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
  /** Where the answer finally came from (after redirects). */
  url: URL;
}

function germanFailure(error: unknown, maxBytes: number): ImportError {
  if (error instanceof ImportError) return error;
  if (error instanceof OutboundRefusedError) return new ImportError(fetchMessages.refused);
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new ImportError(fetchMessages.timeout);
  }
  if (error instanceof Error && error.message.startsWith("answer longer than")) {
    return new ImportError(
      maxBytes === FEED_MAX_BYTES
        ? fetchMessages.tooLarge
        : `Das Bild ist zu groß (mehr als ${maxBytes / 1_000_000} MB).`,
    );
  }
  return new ImportError(fetchMessages.unreachable);
}

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/** One GET with its redirects, each through the guard; the deadline covers them all. */
async function getFollowingRedirects(
  deps: DomainDeps,
  start: URL,
  headers: Record<string, string>,
  maxBytes: number,
): Promise<{ response: OutboundResponse; url: URL }> {
  const deadline = Date.now() + FEED_TIMEOUT_MS;
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const timeoutMs = deadline - Date.now();
    if (timeoutMs <= 0) throw new ImportError(fetchMessages.timeout);
    const response = await requestPublicUrl(
      url,
      { method: "GET", headers, timeoutMs, maxResponseBytes: maxBytes },
      guardFor(deps, url),
    ).catch((error: unknown) => {
      throw germanFailure(error, maxBytes);
    });
    const location = headerText(response.headers.location);
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      const next = feedUrlOf(new URL(location, url).href);
      if (!next) throw new ImportError(fetchMessages.refused);
      url = next;
      continue;
    }
    return { response, url };
  }
  throw new ImportError(fetchMessages.tooManyRedirects);
}

/** Fetches a source's address, conditionally when validators from the last run are given. */
export async function fetchFeed(
  deps: DomainDeps,
  url: URL,
  validators: { etag: string | null; lastModified: string | null },
): Promise<FetchedFeed> {
  const headers: Record<string, string> = {
    "user-agent": `Clubkalender (+${deps.config.publicUrl})`,
    accept: "text/calendar, text/html;q=0.9, */*;q=0.5",
  };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const { response, url: finalUrl } = await getFollowingRedirects(
    deps,
    url,
    headers,
    FEED_MAX_BYTES,
  );
  if (response.status !== 304 && (response.status < 200 || response.status >= 300)) {
    throw new ImportError(fetchMessages.status(response.status));
  }
  return {
    notModified: response.status === 304,
    body: response.body,
    contentType: (headerText(response.headers["content-type"]) ?? "").toLowerCase(),
    etag: headerText(response.headers.etag),
    lastModified: headerText(response.headers["last-modified"]),
    url: finalUrl,
  };
}

/** An event's picture, for the flyer pipeline; the same rules as the feed. */
export async function fetchImage(deps: DomainDeps, url: URL): Promise<Buffer> {
  const { response } = await getFollowingRedirects(
    deps,
    url,
    { "user-agent": `Clubkalender (+${deps.config.publicUrl})`, accept: "image/*" },
    IMAGE_MAX_BYTES,
  );
  if (response.status < 200 || response.status >= 300) {
    throw new ImportError(fetchMessages.status(response.status));
  }
  return response.body;
}
