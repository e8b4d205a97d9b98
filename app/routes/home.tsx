import { feedPath } from "#common/urls.ts";
import { listRunningAds } from "#server/domain/ads/ad-display.server.ts";
import { eventFiltersFromQuery } from "#server/domain/events/filters-from-query.server.ts";
import { listingFilterOptions } from "#server/domain/listings/filter-options.server.ts";
import { AdSlot } from "#app/components/ads/ad-slot.tsx";
import { EventListFilters } from "#app/components/event-list-filters.tsx";
import { NightDayStrip } from "#app/components/night-day-strip.tsx";
import { NightListing } from "#app/components/night-listing.tsx";
import { FeedLinks } from "#app/components/night-feed-links.tsx";
import { filterQueryString, listingQueryOf } from "#app/lib/listing-query.server.ts";
import { nightListing } from "#app/lib/night-listing.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import { defaultDescription, defaultTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/home";

export const headers = publicPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const url = new URL(request.url);
  const query = listingQueryOf(url);
  const [listing, options, ads] = await Promise.all([
    nightListing(deps, eventFiltersFromQuery(query), query.page, query.page_size),
    listingFilterOptions(deps),
    listRunningAds(deps, "listing"),
  ]);
  const filterQuery = filterQueryString(url);
  return {
    ...listing,
    cityName: deps.config.city.name,
    siteName: deps.config.siteName,
    canonicalUrl: `${deps.config.publicUrl}/${query.page > 1 ? `?page=${query.page}` : ""}`,
    filterQuery,
    filtered: filterQuery !== "",
    selected: {
      genre: query.genre,
      location: query.location,
      organizer: query.organizer,
      date_from: query.date_from,
      date_to: query.date_to,
      top: query.top,
    },
    options,
    ads,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const site = { siteName: data.siteName, cityName: data.cityName };
  return [
    ...seoMeta({
      title: defaultTitle(site),
      description: defaultDescription(site),
      url: data.canonicalUrl,
    }),
    // Filtered and later pages are for visitors; the search engines get the plain listing.
    ...(data.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { nights, tonight, page, filtered } = loaderData;
  const tonightMissing = page === 1 && !filtered && nights[0]?.date !== tonight;
  return (
    <div className="flex flex-col gap-8 py-6">
      <header className="flex flex-col gap-4">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">
          Partys in {loaderData.cityName}
        </h1>
        <NightDayStrip
          tonight={tonight}
          selected={{ from: loaderData.selected.date_from, to: loaderData.selected.date_to }}
        />
        <EventListFilters options={loaderData.options} selected={loaderData.selected} />
      </header>
      {tonightMissing ? (
        <p className="rounded-2xl border border-dashed border-line p-5 text-lg">
          Heute ist nichts eingetragen — schau aufs{" "}
          <a href="#nachtliste" className="font-semibold text-accent underline underline-offset-4">
            Wochenende
          </a>
          .
        </p>
      ) : null}
      {nights.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-5 text-lg">
          {filtered
            ? "Für diese Auswahl ist nichts eingetragen. Probier andere Filter."
            : "Gerade ist nichts eingetragen. Schau bald wieder vorbei."}
        </p>
      ) : null}
      <div id="nachtliste">
        <NightListing
          key={loaderData.filterQuery + page}
          nights={nights}
          page={page}
          hasMore={loaderData.hasMore}
          tonight={tonight}
          timeZone={loaderData.timeZone}
          filterQuery={loaderData.filterQuery}
          afterFirstNight={<AdSlot ads={loaderData.ads} />}
        />
      </div>
      <FeedLinks
        icsPath={feedPath({ kind: "all" }, "ics")}
        rssPath={feedPath({ kind: "all" }, "rss")}
      />
    </div>
  );
}
