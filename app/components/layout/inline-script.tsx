import { useNonce } from "#app/lib/nonce.ts";

/**
 * A script bundled inline by vite-plugins/inline-script-plugin.ts, for the little that must run
 * in the head before the first paint; it carries the request's nonce.
 */
export function InlineScript({ code }: { code: string }) {
  return (
    <script
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
