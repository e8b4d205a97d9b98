import { TZDate } from "@date-fns/tz";
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";

/**
 * iCalendar (RFC 5545) for party feeds and single parties, written by ical-generator: stable
 * UIDs, local times in the city's zone with its VTIMEZONE from the IANA database
 * (timezones-ical-library).
 */

export interface CalendarEntry {
  /** Stable across updates: the same party keeps its UID. */
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
  /**
   * SEQUENCE (RFC 5545 §3.8.7.4): the party's revision, raised by each change of time, place,
   * line-up or cancellation (decision 0184), so calendars take the new version.
   */
  sequence: number;
  /** Last change, as DTSTAMP and LAST-MODIFIED. */
  updatedAt: Date;
  location: string | null;
  description: string;
  url: string;
  cancelled: boolean;
  categories: string[];
}

export interface CalendarOptions {
  name: string;
  description: string;
  timeZone: string;
  /** Hours a party without an end is shown for. */
  defaultDurationHours?: number;
}

const DEFAULT_DURATION_HOURS = 6;
const REFRESH_SECONDS = 6 * 3_600;

/** The zone's VTIMEZONE block, or none for a zone the library does not know. */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/** A whole VCALENDAR document. */
export function buildCalendar(entries: CalendarEntry[], options: CalendarOptions): string {
  const durationMs = (options.defaultDurationHours ?? DEFAULT_DURATION_HOURS) * 3_600_000;
  const zone = options.timeZone;
  const calendar = new ICalCalendar({
    prodId: "//Clubkalender//Partys//DE",
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
    name: options.name,
    description: options.description,
    ttl: REFRESH_SECONDS,
    // Only the generator: a calendar-wide zone name would make ical-generator write DTSTAMP and
    // LAST-MODIFIED in local time, where RFC 5545 wants UTC. The events carry the zone.
    timezone: { name: null, generator: vtimezone },
    x: { "X-WR-TIMEZONE": zone },
  });
  for (const entry of entries) {
    const end =
      entry.end && entry.end > entry.start
        ? entry.end
        : new Date(entry.start.getTime() + durationMs);
    calendar.createEvent({
      id: entry.uid,
      sequence: entry.sequence,
      stamp: entry.updatedAt,
      lastModified: entry.updatedAt,
      // Zoned dates: ical-generator writes their wall-clock time in `zone`, whatever the
      // process's own zone is.
      start: new TZDate(entry.start, zone),
      end: new TZDate(end, zone),
      timezone: zone,
      summary: entry.title,
      location: entry.location,
      description: entry.description || null,
      categories: entry.categories.map((name) => ({ name })),
      url: entry.url,
      status: entry.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // Every content line ends with CRLF (RFC 5545 §3.1), the last one too.
  return `${calendar.toString()}\r\n`;
}
