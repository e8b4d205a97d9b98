import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";
import { inRequestScope } from "#server/observability/sentry.server.ts";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers what it can of a request before Fastify (the page cache's hits) and hands the rest on
 * with `toFastify`, untouched.
 */
export type FrontListener = (
  request: IncomingMessage,
  response: ServerResponse,
  toFastify: Handler,
) => void;

/**
 * Fastify's `serverFactory` (decision 0203): the site's HTTP server, made as Fastify makes its
 * own (the site speaks HTTP/1.1 behind its proxy), whose request listener gives `front` the first
 * word. A request handed to Fastify runs in its own error-reporting scope (`inRequestScope`).
 */
export function siteServerFactory(front: FrontListener | undefined): FastifyServerFactory {
  return (fastify, options) => {
    const toFastify: Handler = (request, response) =>
      inRequestScope(request, () => fastify(request, response));
    const server = http.createServer(
      (options.http ?? {}) as http.ServerOptions,
      front ? (request, response) => front(request, response, toFastify) : toFastify,
    );
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    const maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
