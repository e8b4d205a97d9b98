import { countOf, nouns } from "#common/plural.ts";
import { Link } from "react-router";
import { partyNightOf } from "#common/dates.ts";
import { hasMorePages } from "#common/paging.ts";
import { searchQuery } from "#common/schemas/search.ts";
import { searchPath } from "#common/urls.ts";
import { MAX_SEARCH_LENGTH } from "#common/constants.ts";
import { search } from "#server/domain/search/site-search.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { EventList } from "#app/components/event-list.tsx";
import { EventListPager } from "#app/components/event-list-pager.tsx";
import { eventCards } from "#app/lib/event-cards.server.ts";
import { pageNumber } from "#app/lib/page-number.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/search-page";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";

const PAGE_SIZE = 24;

export async function loader({ request, context: { deps } }: Route.LoaderArgs) {
  const { siteName, cityName } = await siteIdentity(deps);
  const url = new URL(request.url);
  const page = pageNumber(url);
  // The page number is already valid, so only an over-long text fails: a normal page saying so.
  const parsed = searchQuery.safeParse({ q: url.searchParams.get("q") ?? "", page });
  const q = parsed.success ? parsed.data.q : "";
  const results = await search(deps, q, { page, pageSize: PAGE_SIZE });
  return {
    q,
    tooLong: !parsed.success,
    page,
    hasMore: hasMorePages(results.parties),
    partyCount: results.parties.count,
    parties: eventCards(results.parties.items),
    others: [
      { heading: "Clubs", hits: results.clubs },
      { heading: "Orte", hits: results.venues },
      { heading: "Veranstalter", hits: results.organizers },
      { heading: "Genres", hits: results.genres },
      { heading: "Artists", hits: results.artists },
      { heading: "Seiten", hits: results.pages },
    ].filter((group) => group.hits.length > 0),
    search: url.searchParams.toString(),
    tonight: partyNightOf(deps.now(), deps.config.city.timeZone),
    timeZone: deps.config.city.timeZone,
    seo: {
      siteName,
      title: q ? `Suche: ${q} | ${siteName}` : `Suche | ${siteName}`,
      description: `Partys, Clubs und Veranstalter in ${cityName} finden.`,
      url: `${deps.config.publicUrl}${searchPath}`,
      image: await siteShareImage(deps),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [...seoMeta(data.seo), { name: "robots", content: "noindex, follow" }];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, parties, others, partyCount } = loaderData;
  return (
    <div className="flex flex-col gap-8 py-6">
      <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
        {q ? `Suche: „${q}“` : "Suche"}
      </h1>
      <form method="get" action={searchPath} role="search" className="flex max-w-xl gap-2">
        <label htmlFor="suchseite-q" className="sr-only">
          Suchbegriff
        </label>
        <input
          id="suchseite-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          enterKeyHint="search"
          placeholder="Party, Club, Veranstalter, Genre …"
          className="min-h-11 min-w-0 flex-1 rounded-full border border-line bg-card px-4 text-base"
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-full bg-accent px-5 font-semibold text-accent-ink"
        >
          Suchen
        </button>
      </form>
      {loaderData.tooLong ? (
        <p role="alert" className="text-muted">
          Dein Suchbegriff ist zu lang: höchstens {MAX_SEARCH_LENGTH} Zeichen.
        </p>
      ) : null}
      {q.length > 0 && q.length < 2 ? (
        <p className="text-muted">Gib mindestens zwei Zeichen ein.</p>
      ) : null}
      {others.map((group) => (
        <section key={group.heading} aria-label={group.heading} className="flex flex-col gap-3">
          <h2 className="text-2xl font-black">{group.heading}</h2>
          <ul className="flex flex-wrap gap-2">
            {group.hits.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`}>
                <Link
                  to={hit.path}
                  className="inline-flex min-h-11 flex-col justify-center rounded-2xl border border-line bg-card px-4 py-2 hover:border-ink"
                >
                  <span className="font-semibold">{hit.title}</span>
                  {hit.subtitle ? <span className="text-sm text-muted">{hit.subtitle}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {q.length >= 2 ? (
        <section aria-labelledby="gefundene-partys" className="flex flex-col gap-4">
          <h2 id="gefundene-partys" className="text-2xl font-black">
            {countOf(partyCount, nouns.party)}
          </h2>
          <EventList
            events={parties}
            timeZone={loaderData.timeZone}
            tonight={loaderData.tonight}
            emptyText="Keine kommende Party passt dazu. Versuch es mit einem anderen Wort."
          />
          <EventListPager
            page={loaderData.page}
            hasMore={loaderData.hasMore}
            search={loaderData.search}
            label="Suchergebnisse blättern"
          />
        </section>
      ) : null}
    </div>
  );
}
