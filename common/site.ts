import { legalNoticePath, privacyPolicyPath } from "./urls.ts";

/** Paths of the shell the browser, the server and the service worker agree on. */

const LEGAL_PATHS: readonly string[] = [legalNoticePath, privacyPolicyPath];

export function isLegalPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return LEGAL_PATHS.includes(path);
}

/** The page the service worker shows for a page it has not kept, offline. */
export const OFFLINE_PATH = "/offline";

/** Areas that belong to a signed-in visitor: never kept by the service worker. */
export const PRIVATE_PATH_PREFIXES = ["/user", "/events", "/api/my-", "/api/token"] as const;
