import { Link, redirect } from "react-router";
import { feedPath, genreListPath, genrePath } from "#common/urls.ts";
import {
  getGenre,
  getGenreBySlug,
  listCategoriesWithGenres,
  upcomingCountsByGenre,
} from "#server/domain/genres/genres.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { FeedLinks } from "#app/components/night-feed-links.tsx";
import { NightListing } from "#app/components/night-listing.tsx";
import { nightListing } from "#app/lib/night-listing.server.ts";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/genre-page";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";
import { slugify } from "#common/slug.ts";
import { FollowButton } from "#app/components/follows/follow-button.tsx";

export const headers = publicPageHeaders;

const NIGHTS_PER_PAGE = 6;

export async function loader({ request, params, context: { deps } }: Route.LoaderArgs) {
  const { publicUrl } = deps.config;
  const { siteName, cityName } = await siteIdentity(deps);
  if (params.slug === undefined && params.id === undefined) {
    const [categories, counts] = await Promise.all([
      listCategoriesWithGenres(deps),
      upcomingCountsByGenre(deps),
    ]);
    return {
      kind: "list" as const,
      categories: categories.map((category) => ({
        ...category,
        genres: category.genres.map((genre) => ({
          id: genre.id,
          name: genre.name,
          path: genrePath({ id: genre.id, slug: slugify(genre.name) }),
          upcomingCount: counts.get(genre.id) ?? 0,
        })),
      })),
      seo: {
        siteName,
        title: `Partys nach Genre in ${cityName} | ${siteName}`,
        description: `Techno, House, Drum and Bass und mehr: die Partys in ${cityName} nach Genre.`,
        url: `${publicUrl}${genreListPath}`,
        image: await siteShareImage(deps),
      },
    };
  }
  const lookup =
    params.id !== undefined
      ? getGenre(deps, parseId(params.id))
      : /^\d+$/.test(params.slug!)
        ? getGenre(deps, parseId(params.slug))
        : getGenreBySlug(deps, params.slug!);
  const genre = await orNotFound(lookup);
  if (params.id === undefined || params.slug !== genre.slug) throw redirect(genrePath(genre), 301);
  const upcoming = await nightListing(
    deps,
    { genreIds: [genre.id] },
    pageNumber(new URL(request.url)),
    NIGHTS_PER_PAGE,
  );
  return {
    kind: "genre" as const,
    genre: { id: genre.id, name: genre.name },
    upcoming,
    seo: {
      siteName,
      title: `${genre.name}-Partys in ${cityName} – heute, morgen, am Wochenende | ${siteName}`,
      description: `Alle kommenden ${genre.name}-Partys in ${cityName}: Clubs, Termine und Tickets.`,
      url: `${publicUrl}${genrePath(genre)}`,
      image: await siteShareImage(deps),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? seoMeta(data.seo) : [];
}

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") {
    return (
      <div className="flex flex-col gap-8 py-6">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Partys nach Genre</h1>
        {loaderData.categories.map((category) => (
          <section
            key={category.id}
            aria-labelledby={`kategorie-${category.slug}`}
            className="flex flex-col gap-3"
          >
            <h2 id={`kategorie-${category.slug}`} className="text-2xl font-black">
              {category.name}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {category.genres.map((genre) => (
                <li key={genre.id}>
                  <Link
                    to={genre.path}
                    className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-card px-4 font-semibold hover:border-ink"
                  >
                    {genre.name}
                    <span className="tabular text-sm font-normal text-muted">
                      {genre.upcomingCount}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }
  const { genre, upcoming } = loaderData;
  return (
    <div className="flex flex-col gap-8 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{genre.name}-Partys</h1>
      <FollowButton
        follow={{
          kind: "genre",
          id: genre.id,
          name: genre.name,
          path: genrePath({ id: genre.id, slug: slugify(genre.name) }),
        }}
      />
      {upcoming.nights.length === 0 ? (
        <p className="text-muted">Gerade ist keine {genre.name}-Party eingetragen.</p>
      ) : (
        <NightListing
          nights={upcoming.nights}
          page={upcoming.page}
          hasMore={upcoming.hasMore}
          tonight={upcoming.tonight}
          timeZone={upcoming.timeZone}
          filterQuery={`genre=${genre.id}`}
          pageLinkQuery=""
        />
      )}
      <FeedLinks
        label={`${genre.name}-Partys`}
        icsPath={feedPath({ kind: "genre", id: genre.id }, "ics")}
        rssPath={feedPath({ kind: "genre", id: genre.id }, "rss")}
      />
    </div>
  );
}
