import { useEffect, useState } from "react";
import { mapPlatformOf, osmEmbedUrl, routeUrl, type MapPlace } from "#common/directions.ts";
import { consentManager } from "#app/components/consent/consent-manager.ts";
import { CATEGORY } from "#app/components/consent/consent-settings.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** The consent service of the map (category "external media"). */
const OSM_SERVICE = "openstreetmap";

/**
 * "Anfahrt" on club and party pages: a map behind click-to-load (nothing is requested from
 * OpenStreetMap until the visitor agrees, once or for good), the "Route" link into the visitor's
 * own map app and the club's "letzte Bahn / Nachtbus" note (decision 0143).
 */
export function GettingThere({ place, transitNote }: { place: MapPlace; transitNote: string }) {
  const [allowed, setAllowed] = useState(false);
  // The server's HTML links OpenStreetMap's route planner; the browser knows its platform.
  const hydrated = useHydrated();
  const route = routeUrl(place, hydrated ? mapPlatformOf(navigator.userAgent) : "other");

  useEffect(() => {
    const check = () =>
      void consentManager()?.then((api) =>
        setAllowed(api.acceptedService(OSM_SERVICE, CATEGORY.externalMedia)),
      );
    check();
    window.addEventListener("cc:onConsent", check);
    window.addEventListener("cc:onChange", check);
    return () => {
      window.removeEventListener("cc:onConsent", check);
      window.removeEventListener("cc:onChange", check);
    };
  }, []);

  const hasPoint = place.lat !== null && place.lng !== null;
  return (
    <section aria-labelledby="anfahrt" className="flex flex-col gap-3">
      <h2 id="anfahrt" className="text-2xl font-black tracking-tight">
        Anfahrt
      </h2>
      {hasPoint ? (
        allowed ? (
          <figure className="flex flex-col gap-1">
            <iframe
              src={osmEmbedUrl(place.lat!, place.lng!)}
              title={`Karte: ${place.name}`}
              loading="lazy"
              className="aspect-[16/10] w-full rounded-xl border border-line"
            />
            <figcaption className="text-xs text-muted">
              Karte ©{" "}
              <a
                href="https://www.openstreetmap.org/copyright"
                target="_blank"
                rel="noopener"
                className="underline"
              >
                OpenStreetMap-Mitwirkende
              </a>
            </figcaption>
          </figure>
        ) : (
          <div
            data-testid="map-placeholder"
            className="flex aspect-[16/10] w-full flex-col items-start justify-end gap-3 rounded-xl border border-dashed border-line bg-raised p-5"
          >
            <p className="font-semibold">Karte: {place.name}</p>
            <p className="text-sm text-muted">
              Beim Laden überträgt Dein Browser Daten wie Deine IP-Adresse an OpenStreetMap.
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => setAllowed(true)}
                className="min-h-11 rounded-full bg-ink px-5 font-semibold text-paper"
              >
                Karte laden
              </button>
              <button
                type="button"
                onClick={() =>
                  void consentManager()?.then((api) => {
                    api.acceptService(
                      [
                        ...(api.getUserPreferences().acceptedServices[CATEGORY.externalMedia] ??
                          []),
                        OSM_SERVICE,
                      ],
                      CATEGORY.externalMedia,
                    );
                    setAllowed(true);
                  })
                }
                className="min-h-11 rounded-full border border-line px-5 font-semibold"
              >
                Immer laden
              </button>
            </div>
          </div>
        )
      ) : null}
      <p className="flex flex-wrap items-center gap-4">
        <a
          href={route}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-accent-ink"
        >
          Route
        </a>
        {place.address ? <span className="text-muted">{place.address}</span> : null}
      </p>
      {transitNote ? (
        <p className="whitespace-pre-line">
          <span className="font-semibold">Letzte Bahn / Nachtbus:</span> {transitNote}
        </p>
      ) : null}
    </section>
  );
}
