import consentBootScript from "virtual:inline-script/app/components/consent/consent-boot.ts";
import { useNonce } from "#app/lib/nonce.ts";

/** Shows the server-rendered consent banner from the first paint while unanswered. */
export function ConsentBootScript() {
  return (
    <script
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: consentBootScript }}
    />
  );
}
