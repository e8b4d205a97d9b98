import { useNonce } from "#app/lib/nonce.ts";

/**
 * A script bundled inline by vite-plugins/inline-script-plugin.ts, for the little that must run
 * in the head before the first paint; it carries the request's nonce and any `data-` attributes
 * it reads.
 */
export function InlineScript({
  code,
  ...dataAttributes
}: {
  code: string;
  [dataAttribute: `data-${string}`]: string | number;
}) {
  return (
    <script
      {...dataAttributes}
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
