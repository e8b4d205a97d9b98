import { clubMapPlace } from "#common/directions.ts";
import { doorLines } from "#common/door-fact-texts.ts";
import { clubPlacePhrase } from "#common/party-place.ts";
import { redirect } from "react-router";
import { flyerSrcSet } from "#common/flyer-sizes.ts";
import { adminPaths, clubPath, mediaUrl } from "#common/urls.ts";
import { clubMapUrl, getClub, getClubBySlug } from "#server/domain/clubs/clubs.server.ts";
import { descriptionSnippet } from "#server/domain/events/event-description.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { DoorFactsCard } from "#app/components/door-facts/door-facts-card.tsx";
import { GettingThere } from "#app/components/getting-there/getting-there.tsx";
import { PlaceParties } from "#app/components/place-parties.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { loadPlaceParties } from "#app/lib/place-parties.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { AdminEditHandle } from "#app/components/layout/admin-edit-link.ts";
import type { Route } from "./+types/club-page";
import { clubShareImage } from "#server/domain/seo/share-images.server.ts";
import { slugify } from "#common/slug.ts";
import { FollowButton } from "#app/components/follows/follow-button.tsx";

export const headers = publicPageHeaders;

export const handle = {
  adminEdit: (data: { club: { id: number } }) => ({
    to: adminPaths.editClub(data.club.id),
    label: "Club bearbeiten",
  }),
} satisfies AdminEditHandle;

export async function loader({ request, params, context: { deps } }: Route.LoaderArgs) {
  // "/club/{slug}" without id (an old or shared short link) leads to the canonical address.
  const club = await orNotFound(
    params.id === undefined ? getClubBySlug(deps, params.slug) : getClub(deps, parseId(params.id)),
  );
  if (params.id === undefined || params.slug !== club.slug) throw redirect(clubPath(club), 301);
  const parties = await loadPlaceParties(deps, new URL(request.url), { locationId: club.id });
  const { publicUrl } = deps.config;
  const { siteName, cityName } = await siteIdentity(deps);
  return {
    club: {
      id: club.id,
      name: club.name,
      placePhrase: clubPlacePhrase(club),
      address: club.address,
      postcode: club.postcode,
      city: club.city,
      website: club.website,
      description: club.description,
      mapUrl: clubMapUrl(club),
      photo: club.images[0] ?? null,
      mapPlace: clubMapPlace(club),
      transitNote: club.transitNote,
      // The club's door facts, the defaults of its parties (decision 0220).
      doorLines: doorLines(club.doorFacts),
    },
    ...parties,
    seo: {
      siteName,
      title: `${club.name} – Partys und Programm | ${siteName}`,
      description:
        descriptionSnippet(club.description) ||
        `Alle kommenden Partys ${clubPlacePhrase(club)}, ${club.address}, ${cityName}: Programm, Tickets und Anfahrt.`,
      url: `${publicUrl}${clubPath(club)}`,
      image: await clubShareImage(deps, club),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? seoMeta(data.seo) : [];
}

export default function ClubPage({ loaderData }: Route.ComponentProps) {
  const { club, upcoming, past } = loaderData;
  return (
    <div className="flex flex-col gap-10 py-6">
      <header className="flex flex-col gap-3">
        {club.photo ? (
          <img
            src={mediaUrl(club.photo)}
            srcSet={flyerSrcSet(club.photo)}
            sizes="(min-width: 80rem) 48rem, 100vw"
            alt={`Foto: ${club.name}`}
            className="aspect-[16/9] w-full max-w-3xl rounded-2xl border border-line object-cover"
          />
        ) : null}
        <h1 className="text-4xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-5xl">
          {club.name}
        </h1>
        <FollowButton
          follow={{
            kind: "club",
            id: club.id,
            name: club.name,
            path: clubPath({ id: club.id, slug: slugify(club.name) }),
          }}
        />
        <p className="text-lg">
          {[club.address, `${club.postcode} ${club.city}`.trim()].filter(Boolean).join(", ")}
        </p>
        <p className="flex flex-wrap gap-4">
          <a
            href={club.mapUrl}
            target="_blank"
            rel="noopener"
            className="font-semibold text-accent underline underline-offset-4"
          >
            Auf der Karte zeigen
          </a>
          {club.website ? (
            <a
              href={club.website}
              target="_blank"
              rel="noopener nofollow"
              className="font-semibold underline underline-offset-4"
            >
              Website
            </a>
          ) : null}
        </p>
        {club.description ? (
          <p className="max-w-prose whitespace-pre-line text-muted">{club.description}</p>
        ) : null}
      </header>
      {/* The night first (issue 26): the coming parties, then the way there. */}
      <PlaceParties
        upcoming={upcoming}
        past={past}
        search={loaderData.search}
        place={{ kind: "club", id: club.id }}
        emptyText={`${club.placePhrase.charAt(0).toUpperCase()}${club.placePhrase.slice(1)} ist gerade nichts eingetragen.`}
        feedLabel={`Partys ${club.placePhrase}`}
        afterUpcoming={
          <>
            <DoorFactsCard lines={club.doorLines} />
            <GettingThere place={club.mapPlace} transitNote={club.transitNote} />
          </>
        }
      />
    </div>
  );
}
