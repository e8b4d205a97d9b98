import { DomUtils, parseDocument } from "htmlparser2";
import { fromWallClock } from "#common/dates.ts";
import { checkedTitle, plainTextOf, type FeedEntry } from "./feed-entry.ts";
import { ImportError } from "./import-error.ts";

/**
 * A web page's parties (decision 0233): the schema.org `Event`s of its
 * `<script type="application/ld+json">` blocks, found by an HTML parser (htmlparser2), anywhere
 * in an array or `@graph`. Dates with an offset are instants; without one, the city's time.
 */

const pageMessages = {
  noEvents: "Auf dieser Seite stehen keine Veranstaltungen im schema.org-Format (JSON-LD „Event“).",
  brokenJson: "Die Seite enthält JSON-LD, das sich nicht lesen lässt.",
  brokenDate: (title: string) => `„${title}“ hat kein gültiges Datum.`,
  endBeforeStart: (title: string) => `Bei „${title}“ liegt das Ende vor dem Beginn.`,
  duplicateId: (id: string) => `Die Seite enthält die Veranstaltung „${id}“ mehrfach.`,
} as const;

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Event and its schema.org subtypes (MusicEvent, DanceEvent, …). */
function isEventType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((entry) => typeof entry === "string" && /^(\w+)?Event$/.test(entry));
}

function collectEvents(value: unknown, found: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectEvents(item, found);
  } else if (isObject(value)) {
    if (isEventType(value["@type"])) found.push(value);
    else if ("@graph" in value) collectEvents(value["@graph"], found);
  }
}

const firstText = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return firstText(value[0]);
  if (isObject(value)) return firstText(value.url ?? value.contentUrl ?? value.name);
  return null;
};

/** 2026-11-21T23:00:00+01:00 → that instant; 2026-11-21T23:00 → 23:00 in the city. */
function dateOf(value: unknown, cityZone: string): Date | null {
  if (typeof value !== "string") return null;
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      value.trim(),
    );
  if (!match) return null;
  const [, year, month, day, hour, minute, offset] = match;
  if (offset !== undefined) {
    const instant = new Date(value.trim());
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const clock = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
  };
  if (clock.month < 1 || clock.month > 12 || clock.day < 1 || clock.day > 31) return null;
  if (clock.hour > 23 || clock.minute > 59) return null;
  return fromWallClock(clock, cityZone);
}

function placeOf(location: unknown): { venueName: string | null; venueAddress: string | null } {
  const place = Array.isArray(location) ? location[0] : location;
  if (typeof place === "string") return { venueName: place.trim() || null, venueAddress: null };
  if (!isObject(place)) return { venueName: null, venueAddress: null };
  const name = typeof place.name === "string" ? plainTextOf(place.name) : null;
  const address = place.address;
  let venueAddress: string | null = null;
  if (typeof address === "string") venueAddress = address.trim();
  else if (isObject(address)) {
    const street = typeof address.streetAddress === "string" ? address.streetAddress : "";
    const town = [address.postalCode, address.addressLocality]
      .filter((part) => typeof part === "string" && part !== "")
      .join(" ");
    venueAddress = [street, town].filter((part) => part !== "").join(", ");
  }
  return { venueName: name || null, venueAddress: venueAddress || null };
}

function entryOf(event: JsonObject, pageUrl: URL, cityZone: string): FeedEntry {
  const title = checkedTitle(typeof event.name === "string" ? event.name : "");
  const startsAt = dateOf(event.startDate, cityZone);
  if (!startsAt) throw new ImportError(pageMessages.brokenDate(title));
  const endsAt = event.endDate === undefined ? null : dateOf(event.endDate, cityZone);
  if (event.endDate !== undefined && !endsAt) throw new ImportError(pageMessages.brokenDate(title));
  if (endsAt && endsAt <= startsAt) throw new ImportError(pageMessages.endBeforeStart(title));
  const url = firstText(event.url);
  const image = firstText(event.image);
  const absolute = (value: string | null) => {
    if (value === null) return null;
    try {
      return new URL(value, pageUrl).href;
    } catch {
      return null;
    }
  };
  const link = absolute(url);
  return {
    uid: firstText(event["@id"]) ?? link ?? `${title}/${startsAt.toISOString()}`,
    title,
    description: typeof event.description === "string" ? plainTextOf(event.description) : "",
    startsAt,
    endsAt,
    ...placeOf(event.location),
    url: link,
    imageUrl: absolute(image),
  };
}

/** The parties of a web page; refuses a page without any and broken JSON-LD. */
export function jsonLdEntries(html: string, pageUrl: URL, cityZone: string): FeedEntry[] {
  const document = parseDocument(html);
  const scripts = DomUtils.findAll(
    (element) =>
      element.name === "script" &&
      (element.attribs.type ?? "").trim().toLowerCase() === "application/ld+json",
    document.children,
  );
  const found: JsonObject[] = [];
  for (const script of scripts) {
    let data: unknown;
    try {
      data = JSON.parse(DomUtils.textContent(script));
    } catch {
      throw new ImportError(pageMessages.brokenJson);
    }
    collectEvents(data, found);
  }
  if (found.length === 0) throw new ImportError(pageMessages.noEvents);
  const entries = found.map((event) => entryOf(event, pageUrl, cityZone));
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.uid)) throw new ImportError(pageMessages.duplicateId(entry.uid));
    seen.add(entry.uid);
  }
  return entries;
}
