import { countOf, nouns } from "#common/plural.ts";
import { Link } from "react-router";
import { flyerSrcSet } from "#common/flyer-sizes.ts";
import { clubListPath, clubPath, mediaUrl } from "#common/urls.ts";
import { listClubs } from "#server/domain/clubs/clubs.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { AlphabeticalSections } from "#app/components/alphabetical-sections.tsx";
import { alphabeticalGroups } from "#app/lib/alphabetical-groups.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/club-list";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";

export const headers = publicPageHeaders;

export async function loader({ context: { deps } }: Route.LoaderArgs) {
  const clubs = await listClubs(deps);
  return {
    clubs: clubs.map((club) => ({ ...club, path: clubPath(club) })),
    ...(await siteIdentity(deps)),
    siteImage: await siteShareImage(deps),
    url: `${deps.config.publicUrl}${clubListPath}`,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({
    siteName: data.siteName,
    title: `Clubs in ${data.cityName} von A bis Z | ${data.siteName}`,
    description: `Alle Techno-, House- und Drum-and-Bass-Clubs in ${data.cityName} mit Adresse und den nächsten Partys.`,
    url: data.url,
    image: data.siteImage,
  });
}

export default function ClubList({ loaderData }: Route.ComponentProps) {
  const groups = alphabeticalGroups(loaderData.clubs);
  return (
    <div className="flex flex-col gap-8 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
        Clubs in {loaderData.cityName}
      </h1>
      {groups.length === 0 ? (
        <p className="text-muted">Noch sind keine Clubs eingetragen.</p>
      ) : null}
      <nav aria-label="Buchstaben" className="flex flex-wrap gap-1">
        {groups.map((group) => (
          <a
            key={group.letter}
            href={`#buchstabe-${group.letter}`}
            className="inline-flex size-11 items-center justify-center rounded-lg border border-line font-bold hover:border-ink"
          >
            {group.letter}
          </a>
        ))}
      </nav>
      <AlphabeticalSections
        items={loaderData.clubs}
        renderItem={(club) => (
          <li
            key={club.id}
            className="relative flex flex-col gap-1 rounded-2xl border border-line bg-card p-4 hover:border-ink"
          >
            {club.photo ? (
              <img
                src={mediaUrl(club.photo)}
                srcSet={flyerSrcSet(club.photo)}
                sizes="20rem"
                alt=""
                loading="lazy"
                className="mb-2 aspect-[16/9] w-full rounded-xl object-cover"
              />
            ) : null}
            <h3 className="text-lg font-bold">
              <Link to={club.path} className="after:absolute after:inset-0">
                {club.name}
              </Link>
            </h3>
            <p className="text-sm text-muted">
              {[club.address, `${club.postcode} ${club.city}`.trim()].filter(Boolean).join(", ")}
            </p>
            <p className="tabular text-sm font-semibold">
              {countOf(club.upcomingCount, nouns.upcomingParty)}
            </p>
          </li>
        )}
      />
    </div>
  );
}
