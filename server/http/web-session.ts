import type { FastifyReply, FastifyRequest } from "fastify";
import {
  endSession,
  startSession,
  type SessionUser,
} from "#server/domain/auth/session-tokens.server.ts";
import type { ClientAddress } from "#server/domain/address-limits.server.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { clientOf } from "./attempt-limits.ts";
import { ensureCsrfCookie, matchesCsrfCookie, rotateCsrfCookie } from "./csrf.ts";
import { clearSessionCookies, setSessionCookies } from "./auth-cookies.ts";
import { clientMeta, resolveRequestAuth } from "./request-auth.ts";

/** What the site's loaders and actions know about the visitor and may do with their login. */
export interface WebSession {
  user: SessionUser | null;
  /** The login (refresh-token family) of this browser, if signed in. */
  sessionId: string | null;
  /**
   * The value of the csrftoken cookie, for the forms' hidden `csrf` field. Reading it hands out
   * the cookie: only pages with a form do, so anonymous pages stay cookie-free (decision 0101).
   */
  readonly csrfToken: string;
  ip: string;
  /** Signs the browser in: new session, auth cookies and a new CSRF token on the response. */
  signIn: (user: SessionUser) => Promise<void>;
  /** Ends this browser's session, removes the auth cookies and renews the CSRF token. */
  signOut: () => Promise<void>;
  /** True when a form's submitted `csrf` value matches the cookie. */
  checkCsrf: (submitted: unknown) => boolean;
  /** The client, for the domain functions that count attempts per address (decision 0197). */
  client: ClientAddress;
}

/** Builds the web session for one page or data request (the React Router load context). */
export async function createWebSession(
  deps: DomainDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<WebSession> {
  let auth: Awaited<ReturnType<typeof resolveRequestAuth>>;
  try {
    auth = await resolveRequestAuth(deps, request, reply);
  } catch {
    // A page request with a bad Authorization header is simply anonymous.
    auth = { session: null, via: null };
  }
  // Signed-in visitors' pages are private anyway; their scripts' writes need the cookie.
  let csrfToken = auth.session ? ensureCsrfCookie(request, reply, deps.config) : null;
  return {
    user: auth.session?.user ?? null,
    sessionId: auth.session?.sessionId ?? null,
    get csrfToken() {
      csrfToken ??= ensureCsrfCookie(request, reply, deps.config);
      return csrfToken;
    },
    ip: request.ip,
    signIn: async (user) => {
      const tokens = await startSession(deps, user.id, clientMeta(request).userAgent);
      setSessionCookies(reply, deps.config, tokens);
      rotateCsrfCookie(reply, deps.config);
    },
    signOut: async () => {
      if (auth.session) await endSession(deps, auth.session.sessionId);
      clearSessionCookies(reply, deps.config);
      rotateCsrfCookie(reply, deps.config);
    },
    checkCsrf: (submitted) => matchesCsrfCookie(request, submitted),
    client: clientOf(request),
  };
}
