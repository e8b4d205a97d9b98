/** Where to go after login: a path on this site from `?weiter=`, else the user area. */
export function safeReturnPath(value: string | null | undefined, fallback = "/user"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  if (value.startsWith("/user/login")) return fallback;
  return value;
}

export function loginPath(returnTo: string): string {
  return `/user/login?weiter=${encodeURIComponent(returnTo)}`;
}
