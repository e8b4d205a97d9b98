/**
 * iCalendar (RFC 5545) for party feeds and single parties: CRLF lines folded at 75 octets,
 * escaped text, stable UIDs, local times with a VTIMEZONE for the city's zone.
 */

export interface CalendarEntry {
  /** Stable across updates: the same party keeps its UID. */
  uid: string;
  title: string;
  start: Date;
  end: Date | null;
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

/** TEXT escaping (RFC 5545 §3.3.11). */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line into 75-octet pieces, never splitting a UTF-8 character. */
function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = "";
  let currentBytes = 0;
  for (const character of line) {
    const bytes = Buffer.byteLength(character);
    const limit = pieces.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      pieces.push(current);
      current = "";
      currentBytes = 0;
    }
    current += character;
    currentBytes += bytes;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

const pad = (value: number) => String(value).padStart(2, "0");

function utcStamp(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

function localStamp(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/**
 * The zone's rules as a VTIMEZONE. The city zones this product runs in follow the EU rule
 * (summer time from the last Sunday of March 02:00 to the last Sunday of October 03:00); the
 * standard and summer offsets are read from the zone itself.
 */
export function vtimezone(timeZone: string): string[] {
  const offsetOf = (instant: Date) => {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
    return match ? `${match[1]}${match[2]}${match[3]}` : "+0000";
  };
  const winter = offsetOf(new Date(Date.UTC(2026, 0, 15)));
  const summer = offsetOf(new Date(Date.UTC(2026, 6, 15)));
  if (winter === summer) {
    return [
      "BEGIN:VTIMEZONE",
      `TZID:${timeZone}`,
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${winter}`,
      `TZOFFSETTO:${winter}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    ];
  }
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    "BEGIN:DAYLIGHT",
    `TZOFFSETFROM:${winter}`,
    `TZOFFSETTO:${summer}`,
    "TZNAME:CEST",
    "DTSTART:19700329T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    `TZOFFSETFROM:${summer}`,
    `TZOFFSETTO:${winter}`,
    "TZNAME:CET",
    "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
  ];
}

function eventLines(entry: CalendarEntry, options: CalendarOptions): string[] {
  const durationMs = (options.defaultDurationHours ?? DEFAULT_DURATION_HOURS) * 3_600_000;
  const end =
    entry.end && entry.end > entry.start ? entry.end : new Date(entry.start.getTime() + durationMs);
  const tz = options.timeZone;
  return [
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    `DTSTAMP:${utcStamp(entry.updatedAt)}`,
    `LAST-MODIFIED:${utcStamp(entry.updatedAt)}`,
    `DTSTART;TZID=${tz}:${localStamp(entry.start, tz)}`,
    `DTEND;TZID=${tz}:${localStamp(end, tz)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.categories.length > 0
      ? [`CATEGORIES:${entry.categories.map(escapeText).join(",")}`]
      : []),
    `URL:${entry.url}`,
    `STATUS:${entry.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** A whole VCALENDAR document. */
export function buildCalendar(entries: CalendarEntry[], options: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Clubkalender//Partys//DE",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-CALDESC:${escapeText(options.description)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    ...vtimezone(options.timeZone),
    ...entries.flatMap((entry) => eventLines(entry, options)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
