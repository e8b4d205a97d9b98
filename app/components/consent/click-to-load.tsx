import type { ExternalServiceConsent } from "./use-external-service.ts";

/**
 * The placeholder of an external service before consent: what would load, that the browser
 * then sends data to the provider, and the two ways to agree (SPEC §1 "external media").
 */
export function ClickToLoad({
  testId,
  heading,
  providerName,
  loadOnceLabel,
  consent,
  className = "",
  style,
}: {
  testId: string;
  heading: string;
  providerName: string;
  loadOnceLabel: string;
  consent: ExternalServiceConsent;
  className?: string;
  style?: React.CSSProperties;
}) {
  return (
    <div
      data-testid={testId}
      className={`flex flex-col items-start gap-3 rounded-xl border border-dashed border-line bg-raised p-5 ${className}`}
      style={style}
    >
      <p className="font-semibold">{heading}</p>
      <p className="text-sm text-muted">
        Beim Laden überträgt Dein Browser Daten wie Deine IP-Adresse an {providerName}.
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={consent.allowOnce}
          className="min-h-11 rounded-full bg-ink px-5 font-semibold text-paper"
        >
          {loadOnceLabel}
        </button>
        <button
          type="button"
          onClick={consent.allowAlways}
          className="min-h-11 rounded-full border border-line px-5 font-semibold"
        >
          Immer laden
        </button>
      </div>
    </div>
  );
}
