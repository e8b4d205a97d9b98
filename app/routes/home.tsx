import { Link } from "react-router";
import { addDays } from "#common/dates.ts";
import { emptyListingText } from "#common/empty-listing-text.ts";
import { firstWeekendNight, nightHeading } from "#common/night-headings.ts";
import { feedPath } from "#common/urls.ts";
import { nextNightWithParties } from "#server/domain/listings/party-nights.server.ts";
import { listRunningAds } from "#server/domain/ads/ad-display.server.ts";
import { eventFiltersFromQuery } from "#server/domain/events/filters-from-query.server.ts";
import { listingFilterOptions } from "#server/domain/listings/filter-options.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { AdSlot } from "#app/components/ads/ad-slot.tsx";
import { ActiveFilters } from "#app/components/active-filters.tsx";
import { EventListFilters } from "#app/components/event-list-filters.tsx";
import { NightDayStrip } from "#app/components/night-day-strip.tsx";
import { NightListing } from "#app/components/night-listing.tsx";
import { RunningNow } from "#app/components/running-now.tsx";
import { FeedLinks } from "#app/components/night-feed-links.tsx";
import { withoutDates } from "#app/lib/filter-query.ts";
import { filterQueryString, listingQueryOf } from "#app/lib/listing-query.server.ts";
import { nightListing } from "#app/lib/night-listing.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { ListingViewSwitch } from "#app/components/listing-view-switch.tsx";
import { runningNowItems } from "#app/lib/running-now.server.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import { defaultDescription, defaultTitle } from "#app/lib/site-meta.ts";
import type { Route } from "./+types/home";
import { siteShareImage } from "#server/domain/seo/share-images.server.ts";

export const headers = publicPageHeaders;

/** The id of the listing's results: the filter form and its chips lead there. */
const RESULTS_ID = "ergebnisse";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const url = new URL(request.url);
  const query = listingQueryOf(url);
  const filters = eventFiltersFromQuery(query);
  const [listing, options, ads, running] = await Promise.all([
    nightListing(deps, filters, query.page, query.page_size),
    listingFilterOptions(deps),
    listRunningAds(deps, "listing"),
    runningNowItems(deps),
  ]);
  const filterQuery = filterQueryString(url);
  const otherFilterQuery = withoutDates(filterQuery);
  // An empty chosen period offers the next night with parties (decision 0120).
  const nextNight =
    listing.nights.length === 0 && query.date_to
      ? await nextNightWithParties(
          deps,
          filters,
          query.date_to < listing.tonight ? addDays(listing.tonight, -1) : query.date_to,
        )
      : null;
  return {
    ...listing,
    emptyText: emptyListingText(
      {
        dateFrom: query.date_from,
        dateTo: query.date_to,
        otherFilters: otherFilterQuery !== "",
      },
      listing.tonight,
    ),
    nextNight,
    otherFilterQuery,
    ...(await siteIdentity(deps)),
    siteImage: await siteShareImage(deps),
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
      age16: query.age16,
      awareness: query.awareness,
      step_free: query.step_free,
      card: query.card,
    },
    options,
    ads,
    running,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const site = { siteName: data.siteName, cityName: data.cityName };
  return [
    ...seoMeta({
      siteName: data.siteName,
      title: defaultTitle(site),
      description: defaultDescription(site),
      url: data.canonicalUrl,
      image: data.siteImage,
    }),
    // Filtered and later pages are for visitors; the search engines get the plain listing.
    ...(data.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { nights, tonight, page, filtered } = loaderData;
  const tonightMissing =
    page === 1 && !filtered && nights.length > 0 && nights[0]!.date !== tonight;
  return (
    <div className="flex flex-col gap-4 pb-6 sm:gap-8 sm:pt-6">
      {/* Tight on a phone: four cards of the first night fit its first screen, "Jetzt" too. */}
      <header className="flex flex-col gap-3 sm:gap-4">
        {/* The row keeps the view switch's height (it appears once the page is hydrated). */}
        <div className="flex min-h-11 flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-black tracking-tight sm:text-5xl">
            Partys in {loaderData.cityName}
          </h1>
          <ListingViewSwitch />
        </div>
        <NightDayStrip
          tonight={tonight}
          selected={{ from: loaderData.selected.date_from, to: loaderData.selected.date_to }}
        />
        {page === 1 && !filtered ? <RunningNow parties={loaderData.running} /> : null}
        <EventListFilters
          options={loaderData.options}
          selected={loaderData.selected}
          resultsId={RESULTS_ID}
        />
      </header>
      {/* The results, where "Partys zeigen" and the filter chips lead (issue 26). */}
      <div id={RESULTS_ID} className="flex flex-col gap-6 sm:gap-8">
        <ActiveFilters
          options={loaderData.options}
          selected={loaderData.selected}
          filterQuery={loaderData.filterQuery}
          resultsId={RESULTS_ID}
        />
        {tonightMissing ? (
          <p className="rounded-2xl border border-dashed border-line p-5 text-lg">
            {firstWeekendNight(
              nights.map((night) => night.date),
              tonight,
            ) ? (
              <>
                Heute ist nichts eingetragen — schau aufs{" "}
                <a
                  href="#wochenende"
                  className="font-semibold text-accent underline underline-offset-4"
                >
                  Wochenende
                </a>
                .
              </>
            ) : (
              <>
                Heute ist nichts eingetragen — die nächsten Partys:{" "}
                <a
                  href={`#nacht-${nights[0]!.date}`}
                  className="font-semibold text-accent underline underline-offset-4"
                >
                  {nightHeading(nights[0]!.date, tonight)}
                </a>
                .
              </>
            )}
          </p>
        ) : null}
        {nights.length === 0 ? (
          <div className="flex flex-col gap-2 rounded-2xl border border-dashed border-line p-5 text-lg">
            <p>{loaderData.emptyText}</p>
            {loaderData.nextNight ? (
              <p>
                Die nächsten Partys:{" "}
                <Link
                  to={`/?${loaderData.otherFilterQuery ? `${loaderData.otherFilterQuery}&` : ""}date_from=${loaderData.nextNight}&date_to=${loaderData.nextNight}`}
                  className="font-semibold text-accent underline underline-offset-4"
                >
                  {nightHeading(loaderData.nextNight, tonight)}
                </Link>
              </p>
            ) : null}
          </div>
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
      </div>
      <FeedLinks
        icsPath={feedPath({ kind: "all" }, "ics")}
        rssPath={feedPath({ kind: "all" }, "rss")}
      />
    </div>
  );
}
