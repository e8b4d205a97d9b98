import type { FastifyRequest } from "fastify";
import type { Visitor } from "#server/domain/visits/visitor.server.ts";

/** The visitor behind a request, for view and click counting. */
export function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip, userAgent: request.headers["user-agent"] };
}
