import { Form } from "react-router";
import type { FormResult } from "#app/lib/form-result.ts";
import { CsrfField } from "#app/components/forms/csrf-field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { SeriesBox } from "./repeat-fieldset.tsx";

/** The buttons' intents and the series state each asks for. */
export const seriesIntents: Record<string, "active" | "paused" | "ended" | undefined> = {
  "serie-fortsetzen": "active",
  "serie-pausieren": "paused",
  "serie-beenden": "ended",
};

const stateLabels: Record<SeriesBox["state"], string> = {
  active: "läuft",
  paused: "pausiert",
  ended: "beendet",
};

function IntentButton({ intent, label }: { intent: string; label: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:border-accent"
    >
      {label}
    </button>
  );
}

/**
 * A series on the edit page of one of its parties (decision 0230): its rule and state, and
 * pausing, resuming and ending it. Parties already in the calendar stay either way.
 */
export function SeriesControls({
  series,
  csrfToken,
  result,
}: {
  series: SeriesBox;
  csrfToken: string;
  result: FormResult | undefined;
}) {
  return (
    <section
      aria-labelledby="serie-titel"
      className="flex max-w-2xl flex-col gap-3 rounded-2xl border border-line bg-card p-4"
    >
      <h2 id="serie-titel" className="text-lg font-bold">
        Serie: {series.description}
      </h2>
      <p className="text-sm">Status: {stateLabels[series.state]}</p>
      {result?.success ? <FormAlert kind="success">{result.success}</FormAlert> : null}
      {result?.formError ? <FormAlert kind="error">{result.formError}</FormAlert> : null}
      {series.state === "ended" ? null : (
        <>
          <p className="text-sm text-muted">
            Pausiert oder beendet legt die Serie keine neuen Termine an. Schon eingetragene Partys
            bleiben; Du kannst sie einzeln absagen.
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <CsrfField token={csrfToken} />
            {series.state === "active" ? (
              <IntentButton intent="serie-pausieren" label="Serie pausieren" />
            ) : (
              <IntentButton intent="serie-fortsetzen" label="Serie fortsetzen" />
            )}
            <IntentButton intent="serie-beenden" label="Serie beenden" />
          </Form>
        </>
      )}
    </section>
  );
}
