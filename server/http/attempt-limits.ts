import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * Limits on guessing and flooding (decision 0031), counted per client address so that an
 * attacker slows down without locking the real user out of their account. The API routes and
 * the site's own forms share one counter per kind.
 */
export type AttemptKind = "login" | "register" | "passwordReset" | "unsubscribeLink";

const attemptLimits: Record<AttemptKind, { max: number; timeWindow: number }> = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 10, timeWindow: 3_600_000 },
  passwordReset: { max: 5, timeWindow: 900_000 },
  unsubscribeLink: { max: 5, timeWindow: 900_000 },
};

export interface AttemptCheck {
  allowed: boolean;
  retryAfterSeconds: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Counts one attempt of a kind from the request's address. */
    consumeAttempt(kind: AttemptKind, request: FastifyRequest): Promise<AttemptCheck>;
  }
}

export const attemptLimitsPlugin = fp(
  async (app: FastifyInstance) => {
    const limiters = new Map(
      (Object.keys(attemptLimits) as AttemptKind[]).map((kind) => [
        kind,
        app.createRateLimit({
          ...attemptLimits[kind],
          keyGenerator: (request) => `${kind}:${request.ip}`,
        }),
      ]),
    );
    app.decorate("consumeAttempt", async (kind: AttemptKind, request: FastifyRequest) => {
      const result = await limiters.get(kind)!(request);
      return {
        allowed: result.isAllowed || !result.isExceeded,
        retryAfterSeconds: result.isAllowed ? 0 : result.ttlInSeconds,
      };
    });
  },
  { name: "attempt-limits", dependencies: ["@fastify/rate-limit"] },
);

/** An onRequest hook for an API route: 429 with the German detail once the limit is reached. */
export function limitAttempts(kind: AttemptKind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const check = await request.server.consumeAttempt(kind, request);
    if (check.allowed) return;
    reply.header("retry-after", String(check.retryAfterSeconds));
    throw Object.assign(new Error("Too many attempts"), { statusCode: 429 });
  };
}
