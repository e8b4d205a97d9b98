import { Link } from "react-router";
import { clubListPath, clubPath } from "#common/urls.ts";
import { listClubs } from "#server/domain/clubs/clubs.server.ts";
import { AlphabeticalSections } from "#app/components/alphabetical-sections.tsx";
import { alphabeticalGroups } from "#app/lib/alphabetical-groups.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/club-list";

export const headers = publicPageHeaders;

export async function loader({ context: { deps } }: Route.LoaderArgs) {
  const clubs = await listClubs(deps);
  return {
    clubs: clubs.map((club) => ({ ...club, path: clubPath(club) })),
    cityName: deps.config.city.name,
    siteName: deps.config.siteName,
    url: `${deps.config.publicUrl}${clubListPath}`,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({
    title: `Clubs in ${data.cityName} von A bis Z | ${data.siteName}`,
    description: `Alle Techno-, House- und Drum-and-Bass-Clubs in ${data.cityName} mit Adresse und den nächsten Partys.`,
    url: data.url,
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
            className="relative rounded-2xl border border-line bg-card p-4 hover:border-ink"
          >
            <h3 className="text-lg font-bold">
              <Link to={club.path} className="after:absolute after:inset-0">
                {club.name}
              </Link>
            </h3>
            <p className="text-sm text-muted">
              {[club.address, `${club.postcode} ${club.city}`.trim()].filter(Boolean).join(", ")}
            </p>
            <p className="tabular text-sm font-semibold">
              {club.upcomingCount === 1
                ? "1 kommende Party"
                : `${club.upcomingCount} kommende Partys`}
            </p>
          </li>
        )}
      />
    </div>
  );
}
