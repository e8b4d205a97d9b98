import type { FastifyRequest } from "fastify";
import {
  clientAddress,
  countAttempt,
  type AddressLimitKind,
  type ClientAddress,
} from "#server/domain/address-limits.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

const clients = new WeakMap<FastifyRequest, ClientAddress>();

/**
 * The request's client, as the domain's per-address limits count it (decision 0197): one per
 * request, shared by the API's early count and the domain function it calls.
 */
export function clientOf(request: FastifyRequest): ClientAddress {
  let client = clients.get(request);
  if (!client) {
    client = clientAddress(request.ip);
    clients.set(request, client);
  }
  return client;
}

/**
 * An onRequest hook for an API route whose domain function counts `kind`: counts the attempt
 * before the body is read, so malformed requests count too (429 with `Retry-After` and the
 * German detail once over). The domain function then does not count it again; without this
 * hook it still would.
 */
export function countAttemptFirst(deps: DomainDeps, kind: AddressLimitKind) {
  return async (request: FastifyRequest) => {
    await countAttempt(deps, kind, clientOf(request));
  };
}
