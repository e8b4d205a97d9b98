import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_COOKIE_MAX_AGE_S } from "#common/constants.ts";
import type { Config } from "#server/config.ts";
import type { TokenPair } from "#server/domain/auth/session-tokens.server.ts";

/**
 * The web app's login cookies (SPEC §3, §9): httpOnly, SameSite=Lax, Secure whenever the site
 * is served over https (PUBLIC_URL), the access cookie about a year, the refresh cookie without
 * max age (decision 0030).
 */
const ACCESS_COOKIE = "auth_access_token";
const REFRESH_COOKIE = "auth_refresh_token";

/** Browsers drop Secure cookies over plain http (but for localhost): follow PUBLIC_URL. */
export function wantsSecureCookies(config: Config): boolean {
  return config.publicUrl.startsWith("https://");
}

function baseOptions(config: Config) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: wantsSecureCookies(config),
  };
}

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: TokenPair) {
  reply.setCookie(ACCESS_COOKIE, tokens.access, {
    ...baseOptions(config),
    maxAge: AUTH_COOKIE_MAX_AGE_S,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, baseOptions(config));
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  reply.clearCookie(ACCESS_COOKIE, baseOptions(config));
  reply.clearCookie(REFRESH_COOKIE, baseOptions(config));
}

export function sessionCookiesOf(request: FastifyRequest) {
  return {
    access: request.cookies[ACCESS_COOKIE] || null,
    refresh: request.cookies[REFRESH_COOKIE] || null,
  };
}
