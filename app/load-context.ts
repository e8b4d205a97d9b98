import type { WebSession } from "#server/http/web-session.ts";
import type { DomainDeps } from "#server/domain/deps.ts";

/** What Fastify hands every loader and action: the domain's dependencies. */
declare module "react-router" {
  interface AppLoadContext {
    deps: DomainDeps;
    /** This request's Content-Security-Policy nonce (entry.server.tsx, decision 0020). */
    cspNonce: string;
    /** The client's address (behind a proxy: from X-Forwarded-For), e.g. for proof of consent. */
    clientIp: string;
    /** The visitor's login, CSRF token and attempt limits (app/lib/session.server.ts). */
    session: WebSession;
  }
}

export {};
