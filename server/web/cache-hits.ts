import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { DomainDeps } from "#server/domain/deps.ts";
import type { FrontListener } from "#server/http/site-server.ts";
import {
  currentContentVersion,
  heldContentVersion,
} from "#server/domain/content-version/content-version.server.ts";
import { judgeHost, normalisedPath, type SiteAddress } from "#server/site-address.ts";
import { requestHostReader, type TrustedProxies } from "#server/trusted-proxies.ts";
import { cacheableAddress, isStorable, readsEvery, type CacheAddress } from "./cache-key.ts";
import {
  encodingFor,
  hitHead,
  matchesIfNoneMatch,
  notModifiedHead,
  type KeptAnswer,
} from "./kept-answer.ts";
import type { ResponseEncoding } from "./response-encodings.ts";

/** The page cache's memory as the hits use it (page-cache.ts). */
export interface KeptAnswers {
  /** The answer kept under `key` for content `version`; an older one is dropped. */
  current(key: string, version: number): KeptAnswer | undefined;
  /** Settles when the rendering of `key` now under way is answered, if one is. */
  filling(key: string): Promise<void> | undefined;
  /** Announces a rendering of `key`; `filling` waits for it until the returned call. */
  startFilling(key: string): () => void;
  /** The answer's body in a coding, compressing it once when first asked for. */
  bodyIn(key: string, answer: KeptAnswer, encoding: ResponseEncoding): Buffer | Promise<Buffer>;
}

export interface CacheHitsOptions {
  deps: DomainDeps;
  memory: KeptAnswers;
  site: SiteAddress;
  trustProxy: TrustedProxies;
  /** Headers every answer of this process carries (`x-worker`). */
  ownHeaders: OutgoingHttpHeaders;
  /** True once Fastify closes: every request goes to Fastify then (503, return503OnClosing). */
  isClosing: () => boolean;
}

/** A miss whose rendering others wait for, handed to Fastify with its request. */
export interface Fill {
  version: number;
  /** Lets the waiting requests go on: the answer is kept, or will not be. */
  done: () => void;
}

const fillKey = Symbol("page cache fill");
type FillingRequest = IncomingMessage & { [fillKey]?: Fill };

/** The rendering the hits' listener announced for this request, if it did. */
export function fillOf(request: IncomingMessage): Fill | undefined {
  return (request as FillingRequest)[fillKey];
}

/** The outcome of answering from memory without waiting. */
type Attempt = "sent" | "to-fastify" | "wait";

/**
 * The page cache's hits, answered by the HTTP server's request listener before Fastify (decision
 * 0203): the kept headers and bytes written straight to the response, without Fastify's request
 * and reply objects, routing, hooks or a promise; every other request is handed to Fastify. A
 * request is looked up only when Fastify would come to the cache with it: GET or HEAD without a
 * body or a session, a target that is a path and a `Host` the site's address guard accepts (the
 * same functions, decision 0196); its key is made from the same normalised path. Anything else,
 * and every miss, goes to Fastify untouched.
 *
 * A hit that must wait — for the content version (read from the database once a second), for
 * a rendering of its key under way, or for the first compression in a coding — is answered
 * when that settles, or handed to Fastify after all.
 */
export function cacheHitsListener({
  deps,
  memory,
  site,
  trustProxy,
  ownHeaders,
  isClosing,
}: CacheHitsOptions): FrontListener {
  const hostOf = requestHostReader(trustProxy);

  /** The request's cache address, or null when Fastify answers it. */
  function addressOf(request: IncomingMessage): CacheAddress | null {
    const method = request.method;
    if ((method !== "GET" && method !== "HEAD") || isClosing()) return null;
    const { headers } = request;
    if (headers["transfer-encoding"] !== undefined) return null;
    if (headers["content-length"] !== undefined && headers["content-length"] !== "0") return null;
    const path = normalisedPath(site, request.url ?? "");
    if (path === null) return null;
    const host = hostOf(request) || undefined;
    if (judgeHost(site, { method, path, host }).kind !== "site") return null;
    return cacheableAddress(method, path, headers);
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    answer: KeptAnswer,
    encoding: ResponseEncoding,
    body: Buffer,
  ) {
    if (matchesIfNoneMatch(request.headers["if-none-match"], answer.etag)) {
      response.writeHead(304, notModifiedHead(answer, ownHeaders)).end();
      return;
    }
    response.writeHead(answer.status, hitHead(answer, encoding, body.length, ownHeaders));
    if (request.method === "HEAD") response.end();
    else response.end(body);
  }

  /**
   * A GET that may be kept goes to Fastify as the one rendering of its key: requests for the
   * key coming meanwhile wait for it (the answer is kept, or the response closes).
   */
  function startFilling(
    request: IncomingMessage,
    response: ServerResponse,
    address: CacheAddress,
    version: number,
  ) {
    if (request.method !== "GET" || !isStorable(address)) return;
    const done = memory.startFilling(address.key);
    (request as FillingRequest)[fillKey] = { version, done };
    response.once("close", done);
  }

  function answerNow(
    request: IncomingMessage,
    response: ServerResponse,
    address: CacheAddress,
  ): Attempt {
    const version = heldContentVersion(deps);
    if (version === null) return "wait";
    const answer = memory.current(address.key, version);
    if (!answer) {
      if (memory.filling(address.key)) return "wait";
      startFilling(request, response, address, version);
      return "to-fastify";
    }
    if (!readsEvery(answer.knownParams, address)) return "to-fastify";
    const encoding = encodingFor(request.headers["accept-encoding"], answer);
    const body = answer.bodies[encoding];
    if (!body) return "wait";
    send(request, response, answer, encoding, body);
    return "sent";
  }

  /** True when answered from memory after waiting. */
  async function answerLater(
    request: IncomingMessage,
    response: ServerResponse,
    address: CacheAddress,
  ): Promise<boolean> {
    // Without the database there is no telling whether a copy is current: Fastify answers.
    const version = await currentContentVersion(deps).catch(() => null);
    if (version === null) return false;
    let answer = memory.current(address.key, version);
    if (!answer) {
      const pending = memory.filling(address.key);
      if (!pending) {
        startFilling(request, response, address, version);
        return false;
      }
      // After the rendering waited for, this request renders itself if nothing was kept.
      await pending;
      answer = memory.current(address.key, version);
    }
    if (!answer || !readsEvery(answer.knownParams, address) || isClosing()) return false;
    const encoding = encodingFor(request.headers["accept-encoding"], answer);
    send(request, response, answer, encoding, await memory.bodyIn(address.key, answer, encoding));
    return true;
  }

  return (request, response, toFastify) => {
    let attempt: Attempt;
    let address: CacheAddress | null = null;
    try {
      address = addressOf(request);
      attempt = address ? answerNow(request, response, address) : "to-fastify";
    } catch {
      return recover(request, response, toFastify);
    }
    if (attempt === "to-fastify") return toFastify(request, response);
    if (attempt === "sent") return;
    answerLater(request, response, address!).then(
      (sent) => {
        if (!sent) toFastify(request, response);
      },
      () => recover(request, response, toFastify),
    );
  };
}

/** After an error of the cache's own, Fastify answers — unless part of a hit was written. */
function recover(
  request: IncomingMessage,
  response: ServerResponse,
  toFastify: (request: IncomingMessage, response: ServerResponse) => void,
) {
  if (response.headersSent) response.destroy();
  else toFastify(request, response);
}
