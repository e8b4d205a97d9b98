import type { FastifyReply, FastifyRequest } from "fastify";
import {
  authenticateAccessToken,
  rotateRefreshToken,
  type AuthenticatedSession,
} from "#server/domain/auth/session-tokens.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { AuthenticationError, PermissionDeniedError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { csrfFailedMessage, hasValidCsrfHeader } from "./csrf.ts";
import { clearSessionCookies, sessionCookiesOf, setSessionCookies } from "./auth-cookies.ts";

export interface RequestAuth {
  session: AuthenticatedSession | null;
  /** How the client authenticated: an Authorization header, the web app's cookies, or not. */
  via: "bearer" | "cookie" | null;
}

const resolved = new WeakMap<FastifyRequest, Promise<RequestAuth>>();

export const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

async function fromCookies(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestAuth> {
  const { access, refresh } = sessionCookiesOf(request);
  if (!access && !refresh) return { session: null, via: null };
  if (access) {
    try {
      return { session: await authenticateAccessToken(deps, access), via: "cookie" };
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
    }
  }
  if (refresh) {
    try {
      const tokens = await rotateRefreshToken(deps, refresh, clientMeta(request));
      setSessionCookies(reply, deps.config, tokens);
      return { session: await authenticateAccessToken(deps, tokens.access), via: "cookie" };
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
    }
  }
  clearSessionCookies(reply, deps.config);
  return { session: null, via: null };
}

async function resolve(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestAuth> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match)
      throw new AuthenticationError("Bitte sende das Token als „Authorization: Bearer …“.");
    return { session: await authenticateAccessToken(deps, match[1]!), via: "bearer" };
  }
  return fromCookies(deps, request, reply);
}

/**
 * Who sent the request: a bearer token (API clients; an invalid one is a 401), or the web app's
 * cookies, renewing an expired access token with the refresh cookie. Resolved once per request.
 */
export function resolveRequestAuth(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestAuth> {
  let auth = resolved.get(request);
  if (!auth) {
    auth = resolve(deps, request, reply);
    resolved.set(request, auth);
  }
  return auth;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The signed-in session, or 401. A cookie-authenticated write must carry the CSRF header (403
 * otherwise); bearer clients need none, as browsers never send their tokens by themselves.
 */
export async function requireSession(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthenticatedSession> {
  const auth = await resolveRequestAuth(deps, request, reply);
  if (!auth.session) throw new AuthenticationError();
  if (auth.via === "cookie" && !safeMethods.has(request.method) && !hasValidCsrfHeader(request)) {
    throw new PermissionDeniedError(csrfFailedMessage);
  }
  return auth.session;
}

/** The signed-in admin: 401 without a session, 403 for anyone else (the admin API). */
export async function requireAdmin(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const actor = await requireActor(deps, request, reply);
  if (actor.role !== "admin") throw new PermissionDeniedError("Das dürfen nur Admins.");
  return actor;
}

export async function requireActor(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor> {
  const { user } = await requireSession(deps, request, reply);
  return { id: user.id, role: user.role, ip: request.ip };
}

/**
 * A route's `preValidation` hook: signed in, and the CSRF header on a cookie write, before the
 * body is even looked at — a refused request answers 401/403 whatever it sent.
 */
export function signedInFirst(deps: DomainDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireSession(deps, request, reply);
  };
}
