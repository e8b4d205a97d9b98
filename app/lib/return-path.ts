import { safeLocalPath } from "#common/safe-url.ts";

/** Where to go after login: a path on this site from `?weiter=`, else the user area. */
export function safeReturnPath(value: string | null | undefined, fallback = "/user"): string {
  const path = safeLocalPath(value);
  if (path === null || path.startsWith("/user/login")) return fallback;
  return path;
}

export function loginPath(returnTo: string): string {
  return `/user/login?weiter=${encodeURIComponent(returnTo)}`;
}
