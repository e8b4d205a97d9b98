import { mapPlatformOf, osmEmbedUrl, routeUrl, type MapPlace } from "#common/directions.ts";
import { ClickToLoad } from "#app/components/consent/click-to-load.tsx";
import { useExternalService } from "#app/components/consent/use-external-service.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/** The consent service of the map (category "external media"). */
const OSM_SERVICE = "openstreetmap";

/**
 * "Anfahrt" on club and party pages — for a club, or the address typed in for a party without
 * one (decision 0213): a map behind click-to-load (nothing is requested from
 * OpenStreetMap until the visitor agrees, once or for good), the "Route" link into the visitor's
 * own map app and the club's "letzte Bahn / Nachtbus" note (decision 0143).
 */
export function GettingThere({ place, transitNote }: { place: MapPlace; transitNote: string }) {
  const consent = useExternalService(OSM_SERVICE);
  // The server's HTML links OpenStreetMap's route planner; the browser knows its platform.
  const hydrated = useHydrated();
  const route = routeUrl(place, hydrated ? mapPlatformOf(navigator.userAgent) : "other");

  const hasPoint = place.lat !== null && place.lng !== null;
  return (
    <section aria-labelledby="anfahrt" className="flex flex-col gap-3">
      <h2 id="anfahrt" className="text-2xl font-black tracking-tight">
        Anfahrt
      </h2>
      {hasPoint ? (
        consent.allowed ? (
          <figure className="flex max-w-2xl flex-col gap-1">
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
          <ClickToLoad
            testId="map-placeholder"
            heading={`Karte: ${place.name}`}
            providerName="OpenStreetMap"
            loadOnceLabel="Karte laden"
            consent={consent}
            className="aspect-[16/10] w-full max-w-2xl justify-end"
          />
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
