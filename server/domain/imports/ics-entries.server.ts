import ICAL from "ical.js";
import { fromWallClock, isKnownTimeZone } from "#common/dates.ts";
import {
  checkedTitle,
  FEED_WINDOW_DAYS,
  MAX_OCCURRENCES_PER_SERIES,
  plainTextOf,
  type FeedEntry,
} from "./feed-entry.ts";
import { ImportError } from "./import-error.ts";

/**
 * An iCalendar feed's parties (decision 0233), read by ical.js: each VEVENT with a time of day,
 * a series expanded (RRULE, RDATE, EXDATE, moved occurrences) from now to the end of the window,
 * every time converted from its own zone to an instant.
 */

const icsMessages = {
  notCalendar:
    "Unter dieser Adresse steht kein Kalender (ICS), sondern etwas anderes – vielleicht eine Webseite?",
  unreadable: "Der Kalender lässt sich nicht lesen: Er ist kein gültiges iCalendar.",
  duplicateUid: (uid: string) => `Der Kalender enthält die UID „${uid}“ mehrfach.`,
  unknownZone: (zone: string) =>
    `Der Kalender nennt die Zeitzone „${zone}“, die wir nicht kennen. Bitte nutze IANA-Namen wie „Europe/Berlin“.`,
  brokenDate: (title: string) => `„${title}“ hat kein gültiges Datum.`,
  endBeforeStart: (title: string) => `Bei „${title}“ liegt das Ende vor dem Beginn.`,
  tooManyOccurrences: (title: string) =>
    `„${title}“ wiederholt sich zu oft: mehr als ${MAX_OCCURRENCES_PER_SERIES} Termine im nächsten halben Jahr.`,
} as const;

/** Steps through a series at most this often, wherever it started. */
const MAX_SERIES_STEPS = 5_000;

/** Whether the text is an iCalendar object at all (a BOM and blank lines may precede it). */
export function looksLikeCalendar(text: string): boolean {
  return text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toUpperCase()
    .startsWith("BEGIN:VCALENDAR");
}

/** A date-time of the feed as an instant: UTC, a named zone, or floating (the city's time). */
function instantOf(time: ICAL.Time, zone: string | null, cityZone: string): Date {
  if (zone === null && time.zone?.tzid === "UTC") return time.toJSDate();
  const wallZone = zone ?? cityZone;
  if (!isKnownTimeZone(wallZone)) throw new ImportError(icsMessages.unknownZone(wallZone));
  return fromWallClock(
    { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute },
    wallZone,
  );
}

function zoneOf(component: ICAL.Component, property: string): string | null {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

function textOf(component: ICAL.Component, property: string): string {
  const value = component.getFirstPropertyValue(property);
  return typeof value === "string" ? value : "";
}

/** "Distillery, Kurt-Eisner-Str. 108a, 04275 Leipzig": the name, then the address. */
function placeOf(location: string): { venueName: string | null; venueAddress: string | null } {
  const text = location.replace(/\s+/g, " ").trim();
  if (text === "") return { venueName: null, venueAddress: null };
  const comma = text.indexOf(",");
  if (comma === -1) return { venueName: text, venueAddress: null };
  return {
    venueName: text.slice(0, comma).trim(),
    venueAddress: text.slice(comma + 1).trim() || null,
  };
}

function imageOf(component: ICAL.Component): string | null {
  const image = component.getFirstPropertyValue("image");
  if (typeof image === "string") return image;
  for (const attach of component.getAllProperties("attach")) {
    const type = attach.getParameter("fmttype");
    const value = attach.getFirstValue();
    if (typeof type === "string" && type.startsWith("image/") && typeof value === "string") {
      return value;
    }
  }
  return null;
}

interface Occurrence {
  uid: string;
  component: ICAL.Component;
  start: ICAL.Time;
  end: ICAL.Time | null;
  startZone: string | null;
  endZone: string | null;
}

function entryOf(occurrence: Occurrence, cityZone: string): FeedEntry | null {
  const { component } = occurrence;
  const title = checkedTitle(textOf(component, "summary"));
  // A day without a time (closing days, holidays) is no party.
  if (occurrence.start.isDate) return null;
  let startsAt: Date;
  let endsAt: Date | null;
  try {
    startsAt = instantOf(occurrence.start, occurrence.startZone, cityZone);
    endsAt =
      occurrence.end === null || occurrence.end.isDate
        ? null
        : instantOf(occurrence.end, occurrence.endZone, cityZone);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(icsMessages.brokenDate(title));
  }
  if (Number.isNaN(startsAt.getTime()) || (endsAt !== null && Number.isNaN(endsAt.getTime()))) {
    throw new ImportError(icsMessages.brokenDate(title));
  }
  if (endsAt !== null && endsAt <= startsAt)
    throw new ImportError(icsMessages.endBeforeStart(title));
  const url = component.getFirstPropertyValue("url");
  return {
    uid: occurrence.uid,
    title,
    description: plainTextOf(textOf(component, "description")),
    startsAt,
    endsAt,
    ...placeOf(textOf(component, "location")),
    url: typeof url === "string" ? url : null,
    imageUrl: imageOf(component),
  };
}

/** The occurrences of one UID: the event itself, or its series within the window. */
function occurrencesOf(
  master: ICAL.Component,
  exceptions: ICAL.Component[],
  windowEnd: Date,
  now: Date,
  cityZone: string,
): Occurrence[] {
  const event = new ICAL.Event(master, { exceptions, strictExceptions: true });
  const uid = event.uid;
  const startZone = zoneOf(master, "dtstart");
  if (!event.isRecurring()) {
    return [
      {
        uid,
        component: master,
        start: event.startDate,
        end: master.hasProperty("dtend") || master.hasProperty("duration") ? event.endDate : null,
        startZone,
        endZone: master.hasProperty("dtend") ? zoneOf(master, "dtend") : startZone,
      },
    ];
  }
  const title = checkedTitle(event.summary ?? "");
  const occurrences: Occurrence[] = [];
  const iterator = event.iterator();
  for (let step = 0; ; step += 1) {
    if (step >= MAX_SERIES_STEPS) throw new ImportError(icsMessages.tooManyOccurrences(title));
    const next = iterator.next();
    if (!next) break;
    if (next.isDate) break;
    const at = instantOf(next, startZone, cityZone);
    if (at >= windowEnd) break;
    const details = event.getOccurrenceDetails(next);
    const exception = details.item.component;
    const ownZone = exception === master ? startZone : zoneOf(exception, "dtstart");
    const startsAt = instantOf(details.startDate, ownZone, cityZone);
    const hasEnd = master.hasProperty("dtend") || master.hasProperty("duration");
    if (startsAt.getTime() + 86_400_000 < now.getTime()) continue;
    occurrences.push({
      uid: `${uid}/${at.toISOString()}`,
      component: exception,
      start: details.startDate,
      end: hasEnd ? details.endDate : null,
      startZone: ownZone,
      endZone: ownZone,
    });
    if (occurrences.length > MAX_OCCURRENCES_PER_SERIES) {
      throw new ImportError(icsMessages.tooManyOccurrences(title));
    }
  }
  return occurrences;
}

/** The parties of an iCalendar text; refuses what is no calendar, broken or too much. */
export function icsEntries(text: string, now: Date, cityZone: string): FeedEntry[] {
  if (!looksLikeCalendar(text)) throw new ImportError(icsMessages.notCalendar);
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, "")));
  } catch {
    throw new ImportError(icsMessages.unreadable);
  }
  const masters = new Map<string, ICAL.Component>();
  const exceptions = new Map<string, ICAL.Component[]>();
  const seenExceptions = new Set<string>();
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const uid = textOf(component, "uid").trim();
    const title = textOf(component, "summary") || uid;
    if (uid === "") throw new ImportError(icsMessages.brokenDate(title));
    if (!component.hasProperty("dtstart")) throw new ImportError(icsMessages.brokenDate(title));
    const recurrenceId = component.getFirstProperty("recurrence-id");
    if (recurrenceId) {
      const key = `${uid}/${String(recurrenceId.getFirstValue())}`;
      if (seenExceptions.has(key)) throw new ImportError(icsMessages.duplicateUid(uid));
      seenExceptions.add(key);
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    } else {
      if (masters.has(uid)) throw new ImportError(icsMessages.duplicateUid(uid));
      masters.set(uid, component);
    }
  }
  const windowEnd = new Date(now.getTime() + FEED_WINDOW_DAYS * 86_400_000);
  const entries: FeedEntry[] = [];
  for (const [uid, master] of masters) {
    let occurrences: Occurrence[];
    try {
      occurrences = occurrencesOf(master, exceptions.get(uid) ?? [], windowEnd, now, cityZone);
    } catch (error) {
      if (error instanceof ImportError) throw error;
      throw new ImportError(icsMessages.brokenDate(textOf(master, "summary") || uid));
    }
    for (const occurrence of occurrences) {
      const entry = entryOf(occurrence, cityZone);
      if (entry) entries.push(entry);
    }
  }
  return entries;
}
