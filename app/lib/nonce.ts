import { createContext, useContext } from "react";

/**
 * The document's CSP nonce for the few inline scripts the layout renders itself. Set by
 * entry.server.tsx; empty in the browser, where browsers hide nonces from the DOM anyway.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
