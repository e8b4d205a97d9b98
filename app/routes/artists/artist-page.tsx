import { artistPath } from "#common/urls.ts";
import { getArtistPage } from "#server/domain/artists/artists.server.ts";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { EventGrid } from "#app/components/event-list-grid.tsx";
import { eventCards } from "#app/lib/event-cards.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/artist-page";
import { FollowButton } from "#app/components/follows/follow-button.tsx";

export const headers = publicPageHeaders;

export async function loader({ params, context: { deps } }: Route.LoaderArgs) {
  const { artist, upcoming, past } = await orNotFound(getArtistPage(deps, params.slug));
  const { publicUrl, city } = deps.config;
  const { siteName, cityName } = await siteIdentity(deps);
  return {
    artist,
    upcoming: eventCards(upcoming),
    past: eventCards(past),
    timeZone: city.timeZone,
    seo: {
      siteName,
      title: `${artist.name} – Partys und Termine | ${siteName}`,
      description: `Wann und wo ${artist.name} in ${cityName} spielt: kommende und vergangene Partys.`,
      url: `${publicUrl}${artistPath(artist)}`,
      image: await siteShareImage(deps),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? seoMeta(data.seo) : [];
}

export default function ArtistPage({ loaderData }: Route.ComponentProps) {
  const { artist, upcoming, past, timeZone } = loaderData;
  return (
    <div className="flex flex-col gap-10 py-6">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-bold uppercase text-muted">Artist</p>
        <h1 className="text-4xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-5xl">
          {artist.name}
        </h1>
        <FollowButton
          follow={{ kind: "artist", id: artist.id, name: artist.name, path: artistPath(artist) }}
        />
      </header>
      <section aria-labelledby="kommende-partys" className="flex flex-col gap-4">
        <h2 id="kommende-partys" className="text-2xl font-black tracking-tight">
          Kommende Partys
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-muted">Gerade ist keine Party mit {artist.name} eingetragen.</p>
        ) : (
          <EventGrid events={upcoming} timeZone={timeZone} />
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="vergangene-partys" className="flex flex-col gap-4">
          <h2 id="vergangene-partys" className="text-2xl font-black tracking-tight">
            Vergangene Partys
          </h2>
          <EventGrid events={past} timeZone={timeZone} />
        </section>
      ) : null}
    </div>
  );
}
