import { countOf, nouns } from "#common/plural.ts";
import { Link, redirect } from "react-router";
import { mediaUrl, organizerListPath, organizerPath } from "#common/urls.ts";
import { descriptionSnippet } from "#server/domain/events/event-description.server.ts";
import {
  getOrganizer,
  getOrganizerBySlug,
  listOrganizers,
  organizerLinks,
} from "#server/domain/organizers/organizers.server.ts";
import { siteIdentity } from "#server/domain/settings/site-settings.server.ts";
import { AlphabeticalSections } from "#app/components/alphabetical-sections.tsx";
import { PlaceParties } from "#app/components/place-parties.tsx";
import { orNotFound } from "#app/lib/not-found.server.ts";
import { loadPlaceParties } from "#app/lib/place-parties.server.ts";
import { publicPageHeaders } from "#app/lib/public-page-headers.ts";
import { parseId } from "#app/lib/route-params.ts";
import { seoMeta } from "#app/lib/seo-meta.ts";
import type { Route } from "./+types/organizer-page";
import { organizerShareImage, siteShareImage } from "#server/domain/seo/share-images.server.ts";
import { slugify } from "#common/slug.ts";
import { FollowButton } from "#app/components/follows/follow-button.tsx";

export const headers = publicPageHeaders;

export async function loader({ request, params, context: { deps } }: Route.LoaderArgs) {
  const { publicUrl } = deps.config;
  const { siteName, cityName } = await siteIdentity(deps);
  if (params.slug === undefined && params.id === undefined) {
    const organizers = await listOrganizers(deps);
    return {
      kind: "list" as const,
      organizers: organizers.map((organizer) => ({ ...organizer, path: organizerPath(organizer) })),
      seo: {
        siteName,
        title: `Party-Veranstalter in ${cityName} von A bis Z | ${siteName}`,
        description: `Alle Kollektive und Veranstalter der Techno-, House- und Drum-and-Bass-Szene in ${cityName} mit ihren nächsten Partys.`,
        url: `${publicUrl}${organizerListPath}`,
        image: await siteShareImage(deps),
      },
    };
  }
  const lookup =
    params.id !== undefined
      ? getOrganizer(deps, parseId(params.id))
      : /^\d+$/.test(params.slug!)
        ? getOrganizer(deps, parseId(params.slug))
        : getOrganizerBySlug(deps, params.slug!);
  const organizer = await orNotFound(lookup);
  if (params.id === undefined || params.slug !== organizer.slug) {
    throw redirect(organizerPath(organizer), 301);
  }
  const parties = await loadPlaceParties(deps, new URL(request.url), {
    organizerId: organizer.id,
  });
  return {
    kind: "organizer" as const,
    organizer: {
      id: organizer.id,
      name: organizer.name,
      description: organizer.description,
      logo: mediaUrl(organizer.logoPath),
      links: organizerLinks(organizer),
    },
    ...parties,
    seo: {
      siteName,
      title: `${organizer.name} – Partys und Termine | ${siteName}`,
      description:
        descriptionSnippet(organizer.description) ||
        `Alle kommenden Partys von ${organizer.name} in ${cityName}: Termine, Clubs und Tickets.`,
      url: `${publicUrl}${organizerPath(organizer)}`,
      image: await organizerShareImage(deps, organizer),
    },
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? seoMeta(data.seo) : [];
}

export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "list") {
    return (
      <div className="flex flex-col gap-8 py-6">
        <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Party-Veranstalter</h1>
        <AlphabeticalSections
          items={loaderData.organizers}
          renderItem={(organizer) => (
            <li
              key={organizer.id}
              className="flex min-h-11 items-center justify-between gap-3 rounded-2xl border border-line bg-card p-4"
            >
              <Link to={organizer.path} className="font-bold hover:underline">
                {organizer.name}
              </Link>
              <span className="tabular text-sm text-muted">
                {countOf(organizer.upcomingCount, nouns.party)}
              </span>
            </li>
          )}
        />
      </div>
    );
  }
  const { organizer, upcoming, past } = loaderData;
  return (
    <div className="flex flex-col gap-10 py-6">
      <header className="flex flex-col gap-3">
        {organizer.logo ? (
          <img
            src={organizer.logo}
            alt={`Logo: ${organizer.name}`}
            width={96}
            height={96}
            className="size-24 rounded-2xl object-cover"
          />
        ) : null}
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Veranstalter</p>
        <h1 className="text-4xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-5xl">
          {organizer.name}
        </h1>
        <FollowButton
          follow={{
            kind: "organizer",
            id: organizer.id,
            name: organizer.name,
            path: organizerPath({ id: organizer.id, slug: slugify(organizer.name) }),
          }}
        />
        {organizer.description ? (
          <p className="max-w-prose whitespace-pre-line text-muted">{organizer.description}</p>
        ) : null}
        {organizer.links.length > 0 ? (
          <ul className="flex flex-wrap gap-3">
            {organizer.links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener nofollow"
                  className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <PlaceParties
        upcoming={upcoming}
        past={past}
        search={loaderData.search}
        place={{ kind: "organizer", id: organizer.id }}
        emptyText={`Von ${organizer.name} ist gerade nichts eingetragen.`}
        feedLabel={`Partys von ${organizer.name}`}
      />
    </div>
  );
}
