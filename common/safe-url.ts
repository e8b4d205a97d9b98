/**
 * The one rule for links that leave the site (ticket shops, club websites, organiser profiles,
 * ad targets, redirects): an absolute http(s) address without user name or password, parsed
 * the way the browser parses it. Everything else — `javascript:`, `data:`, relative and
 * protocol-relative addresses, text that is no address at all — is no link.
 */
export function parseHttpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "") return null;
  return url;
}

/** The address to link to, normalised as the browser would read it, or null (no link). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  return parseHttpUrl(value)?.href ?? null;
}

/** Any parseable stand-in origin: only whether a path stays on it matters. */
const thisSite = "http://this-site.invalid";

/**
 * One leading slash (not two, not a backslash after it), then only printable ASCII but the
 * backslash: no whitespace, control character or anything beyond ASCII (`/。evil`), which a
 * browser would first have to encode and a `Location` header cannot carry.
 */
const singlePath = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

/**
 * A path on this site ("/party/…", with query and fragment, percent-encoded as the browser
 * sends it), or null for anything the browser would take elsewhere ("//host", "/\host", full
 * addresses) and for anything it would have to clean up first (tabs, line breaks, NUL,
 * characters beyond printable ASCII: never a header value or a second reading).
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !singlePath.test(value)) return null;
  try {
    return new URL(value, thisSite).origin === thisSite ? value : null;
  } catch {
    return null;
  }
}
