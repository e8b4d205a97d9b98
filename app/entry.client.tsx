import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { reloadIfRenderedForAnotherAddress } from "./lib/rendered-address.ts";
import { handEarlyTapToReact } from "./lib/early-tap.ts";

// React Router's default client entry, except that HTML rendered for another address than the
// browser shows now is not hydrated but loaded anew (app/lib/rendered-address.ts), and a tap made
// before the code ran is kept for after hydration (app/lib/early-tap.ts).
if (!reloadIfRenderedForAnotherAddress()) {
  handEarlyTapToReact();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
