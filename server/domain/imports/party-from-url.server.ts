import { toDateTimeInput } from "#common/date-time-input.ts";
import { safeHttpUrl } from "#common/safe-url.ts";
import type { EventFormState } from "#common/schemas/event-form.ts";
import { partyFromUrlSchema } from "#common/schemas/import-source.ts";
import type { DomainDeps } from "#server/domain/deps.ts";
import { ValidationError } from "#server/domain/errors.ts";
import type { Actor } from "#server/domain/kernel/actor.ts";
import { parseInput } from "#server/domain/parse-input.ts";
import { entriesInWindow } from "./feed-entry.ts";
import { feedUrlOf, fetchFeed } from "./feed-fetch.server.ts";
import { icsEntries, looksLikeCalendar } from "./ics-entries.server.ts";
import { ImportError } from "./import-error.ts";
import { jsonLdEntries } from "./json-ld-entries.server.ts";
import { takeUrlFetch } from "./url-fetch-quota.server.ts";
import { matchVenue } from "./venue-match.server.ts";

const fromUrlMessages = {
  nothingAhead: "Unter dieser Adresse steht keine kommende Veranstaltung.",
  badAddress:
    "Diese Adresse können wir nicht abrufen: nur http(s), ohne Benutzername und Passwort.",
} as const;

/**
 * "Von Webseite übernehmen" (issue 28 point 2): the event form's fields from a page's schema.org
 * `Event` or an ICS file — the first coming party there, its place matched to a club — for the
 * organiser to check and save. Fetched by the same rules as sources (decision 0235), counted
 * against the account's hourly allowance; a refusal is a German error on `from_url`.
 */
export async function partyFormFromUrl(
  deps: DomainDeps,
  actor: Actor,
  input: unknown,
): Promise<Partial<EventFormState>> {
  const { from_url } = parseInput(partyFromUrlSchema, input);
  const url = feedUrlOf(from_url);
  if (!url) throw new ValidationError({ from_url: [fromUrlMessages.badAddress] });
  await takeUrlFetch(deps, actor.id);
  const zone = deps.config.city.timeZone;
  try {
    const fetched = await fetchFeed(deps, url, { etag: null, lastModified: null });
    const text = fetched.body.toString("utf8");
    const entries = entriesInWindow(
      looksLikeCalendar(text)
        ? icsEntries(text, deps.now(), zone)
        : jsonLdEntries(text, fetched.url, zone),
      deps.now(),
    ).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const [entry] = entries;
    if (!entry) throw new ImportError(fromUrlMessages.nothingAhead);
    const locationId = await matchVenue(deps.db, entry);
    return {
      title: entry.title.slice(0, 120),
      start: toDateTimeInput(entry.startsAt, zone),
      end: entry.endsAt === null ? "" : toDateTimeInput(entry.endsAt, zone),
      location: locationId,
      venue_name: locationId === null ? (entry.venueName ?? "") : "",
      venue_address: locationId === null ? (entry.venueAddress ?? "") : "",
      description: entry.description.slice(0, 5000),
      ticket_url: safeHttpUrl(entry.url) ?? fetched.url.href,
    };
  } catch (error) {
    if (error instanceof ImportError) throw new ValidationError({ from_url: [error.message] });
    throw error;
  }
}
