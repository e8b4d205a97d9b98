import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AUTH_COOKIE_MAX_AGE_S } from "#common/constants.ts";
import type { Config } from "#server/config.ts";
import { wantsSecureCookies } from "./auth-cookies.ts";

/**
 * CSRF protection by double submit (SPEC §3, §7): the `csrftoken` cookie is readable by the
 * page's scripts, and every cookie-authenticated write must send its value back as the
 * `X-CSRFToken` header (or, for the site's own forms, as the `csrf` form field).
 */
export const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "x-csrftoken";
export const CSRF_FORM_FIELD = "csrf";

export const csrfFailedMessage =
  "Die Sicherheitsprüfung (CSRF) ist fehlgeschlagen. Bitte lade die Seite neu und versuche es noch einmal.";

const tokenPattern = /^[A-Za-z0-9_-]{32,64}$/;

function readCsrfCookie(request: FastifyRequest): string | null {
  const value = request.cookies[CSRF_COOKIE];
  return value && tokenPattern.test(value) ? value : null;
}

/** The request's CSRF token; a new cookie when it has none (or a malformed one). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config) {
  return readCsrfCookie(request) ?? rotateCsrfCookie(reply, config);
}

/**
 * A fresh CSRF token in place of the old one: at login and logout, so a token planted or seen
 * before the sign-in is worth nothing after it.
 */
export function rotateCsrfCookie(reply: FastifyReply, config: Config): string {
  const token = randomBytes(24).toString("base64url");
  reply.setCookie(CSRF_COOKIE, token, {
    path: "/",
    sameSite: "lax",
    secure: wantsSecureCookies(config),
    httpOnly: false,
    maxAge: AUTH_COOKIE_MAX_AGE_S,
  });
  return token;
}

/** True when `submitted` equals the csrftoken cookie (compared in constant time). */
export function matchesCsrfCookie(request: FastifyRequest, submitted: unknown): boolean {
  const cookie = readCsrfCookie(request);
  if (!cookie || typeof submitted !== "string") return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hasValidCsrfHeader(request: FastifyRequest): boolean {
  return matchesCsrfCookie(request, request.headers[CSRF_HEADER]);
}
