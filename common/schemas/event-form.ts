import { parseDateTimeInput } from "#common/date-time-input.ts";
import { isAllowedMediaUrl } from "#common/media-urls.ts";
import { MEDIA_URLS_ADD_WHILE_AT_MOST } from "#common/constants.ts";
import { messages } from "#common/messages.ts";
import { isWebUrl } from "./account.ts";
import { databaseId } from "./database-id.ts";
import {
  checkConsentAgainstAge,
  doorFactsOf,
  partyDoorFields,
  type DoorFacts,
} from "./door-facts.ts";
import { z } from "./german-errors.ts";
import {
  checkLineup,
  lineupField,
  type LineupEntryInput,
  type LineupEntryState,
} from "./lineup.ts";
import { checkRepeat, repeatOf, seriesFormFields, type RepeatInput } from "./series.ts";
import { text } from "./text.ts";

/**
 * The event form: one schema for the browser (react-hook-form), the API (POST /api/events/,
 * POST /api/events/{id}/) and the domain right before the database write.
 */

/** The list may grow while it has 10 or fewer entries, so it holds at most 11. */
const MEDIA_URLS_MAX = MEDIA_URLS_ADD_WHILE_AT_MOST + 1;
const MAX_PARTY_LENGTH_DAYS = 14;

const eventFormMessages = {
  endBeforeStart: "Das Ende muss nach dem Beginn liegen.",
  tooLong: `Eine Party dauert höchstens ${MAX_PARTY_LENGTH_DAYS} Tage.`,
  tooManyMedia: `Höchstens ${MEDIA_URLS_MAX} Links.`,
  publishAfterStart: "Die Party muss vor ihrem Beginn veröffentlicht werden.",
} as const;

const optionalText = (maximum: number) =>
  text().trim().max(maximum, messages.tooLong(maximum)).default("");

const id = databaseId({ notANumber: messages.invalidChoice, outOfRange: messages.invalidChoice });

const emptyToNull = (value: unknown) =>
  value === "" || value === undefined || (typeof value === "number" && Number.isNaN(value))
    ? null
    : value;

/** The fields with their own rules; the rules between fields follow in `eventFormSchema`. */
export const eventFormFields = z.object({
  title: text().trim().min(1, messages.required).max(120, messages.tooLong(120)),
  start: text().trim().min(1, messages.required).max(40, messages.invalidDate),
  end: optionalText(40),
  location: z.preprocess(emptyToNull, id.nullable()).default(null),
  venue_name: optionalText(120),
  venue_address: optionalText(200),
  online: z.boolean().default(false),
  organizers: z.array(id).max(10).default([]),
  genres: z.array(id).max(100).default([]),
  description: optionalText(5000),
  price_text: optionalText(100),
  age_limit: z
    .preprocess(
      (value) =>
        typeof value === "string" && value.trim() !== "" ? Number(value) : emptyToNull(value),
      z
        .number({ error: messages.notANumber })
        .int(messages.notANumber)
        .min(0, messages.notANumber)
        .max(99, messages.notANumber)
        .nullable(),
    )
    .default(null),
  ticket_url: optionalText(500).refine(
    (value) => value === "" || isWebUrl(value),
    messages.invalidUrl,
  ),
  flyer: z.preprocess(emptyToNull, text().max(200).nullable()).default(null),
  media: z
    .array(
      text()
        .trim()
        .max(500, messages.tooLong(500))
        .refine((value) => value === "" || isAllowedMediaUrl(value), messages.invalidUrl),
    )
    .max(MEDIA_URLS_MAX, eventFormMessages.tooManyMedia)
    .default([]),
  /** Artists, floors and set times (common/schemas/lineup.ts). */
  lineup: lineupField,
  /** "Einlass & Awareness": what differs from the club; not stated is "wie beim Club" (0220). */
  ...partyDoorFields,
  /** Save without publishing. */
  draft: z.boolean().default(false),
  /** "Veröffentlichen am": publish later, at this time in the city (decision 0236); "" now. */
  publish_at: optionalText(40),
  /** Save even though the same club has a party with a similar title that night. */
  allow_duplicate: z.boolean().default(false),
  /** "Wiederholt sich" (decision 0230): the series' rule, and what a change of one party covers. */
  ...seriesFormFields,
});

/** The form's values, as the browser's form holds them (and POST /api/events/ takes them). */
export interface EventFormState {
  title: string;
  start: string;
  end: string;
  location: number | null;
  venue_name: string;
  venue_address: string;
  online: boolean;
  organizers: number[];
  genres: number[];
  description: string;
  price_text: string;
  age_limit: number | string | null;
  ticket_url: string;
  flyer: string | null;
  media: string[];
  lineup: LineupEntryState[];
  draft: boolean;
  allow_duplicate: boolean;
  /** "Veröffentlichen am": "2026-05-01T18:00" in the city, or "" (decision 0236). */
  publish_at?: string;
  /** "Wiederholt sich": "" (once), "weekly", "biweekly" or "monthly" (common/schemas/series.ts). */
  repeat?: "" | "weekly" | "biweekly" | "monthly";
  repeat_week?: "" | "1" | "2" | "3" | "4" | "last";
  repeat_until?: string;
  series_scope?: "this" | "following";
  /** The door facts: "yes", "no", a choice's value, or "" for "wie beim Club". */
  door_parental_consent?: string;
  door_id_required?: string;
  door_photo_policy?: string;
  door_awareness_team?: string;
  door_awareness_contact?: string;
  door_step_free?: string;
  door_accessible_toilet?: string;
  door_quiet_room?: string;
  door_payment_door?: string;
  door_payment_bar?: string;
  door_re_entry?: string;
  door_cloakroom?: string;
  door_smoking_area?: string;
}

export interface EventInput {
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  locationId: number | null;
  venueName: string | null;
  venueAddress: string | null;
  isOnline: boolean;
  organizerIds: number[];
  genreIds: number[];
  description: string;
  priceText: string | null;
  ageLimit: number | null;
  ticketUrl: string | null;
  flyerPath: string | null;
  mediaUrls: string[];
  lineup: LineupEntryInput[];
  /** The party's own door facts (the club's fill the rest). */
  doorFacts: DoorFacts;
  draft: boolean;
  allowDuplicate: boolean;
  /** When a party saved now becomes public by itself (decision 0236); null: as the form says. */
  publishAt: Date | null;
  /** The repeat asked for; the party's start day is its first day (null: once). */
  repeat: RepeatInput | null;
  /** A change of a series' party: this one only, or this and the following ones. */
  seriesScope: "this" | "following";
}

export interface EventFormContext {
  now: () => Date;
  timeZone: string;
  /** When editing: the saved start, which may stay even if it has passed. */
  savedStart?: Date | null;
  /** When editing a party of a series: its repeat fields count only for "alle folgenden". */
  inSeries?: boolean;
}

const nullIfEmpty = (value: string) => (value === "" ? null : value);

/** The whole form: fields, then start/end, place and the past, then the shape the domain saves. */
export function eventFormSchema(context: EventFormContext) {
  return eventFormFields
    .superRefine((form, issues) => {
      const startsAt = parseDateTimeInput(form.start, context.timeZone);
      if (!startsAt) {
        issues.addIssue({ code: "custom", path: ["start"], message: messages.invalidDate });
      } else if (startsAt < context.now() && startsAt.getTime() !== context.savedStart?.getTime()) {
        issues.addIssue({ code: "custom", path: ["start"], message: messages.dateInPast });
      }
      if (form.end !== "") {
        const endsAt = parseDateTimeInput(form.end, context.timeZone);
        if (!endsAt) {
          issues.addIssue({ code: "custom", path: ["end"], message: messages.invalidDate });
        } else if (startsAt && endsAt <= startsAt) {
          issues.addIssue({
            code: "custom",
            path: ["end"],
            message: eventFormMessages.endBeforeStart,
          });
        } else if (
          startsAt &&
          endsAt.getTime() - startsAt.getTime() > MAX_PARTY_LENGTH_DAYS * 24 * 3_600_000
        ) {
          issues.addIssue({ code: "custom", path: ["end"], message: eventFormMessages.tooLong });
        }
      }
      const endsAt = form.end === "" ? null : parseDateTimeInput(form.end, context.timeZone);
      if (startsAt && (form.end === "" || endsAt)) {
        for (const issue of checkLineup(form.lineup, { startsAt, endsAt }, context.timeZone)
          .issues) {
          issues.addIssue({
            code: "custom",
            path: ["lineup", issue.index],
            message: issue.message,
          });
        }
      }
      checkConsentAgainstAge(form.age_limit, form.door_parental_consent, issues);
      if (form.publish_at !== "") {
        const publishAt = parseDateTimeInput(form.publish_at, context.timeZone);
        if (!publishAt) {
          issues.addIssue({ code: "custom", path: ["publish_at"], message: messages.invalidDate });
        } else if (publishAt < context.now()) {
          issues.addIssue({ code: "custom", path: ["publish_at"], message: messages.dateInPast });
        } else if (startsAt && publishAt >= startsAt) {
          issues.addIssue({
            code: "custom",
            path: ["publish_at"],
            message: eventFormMessages.publishAfterStart,
          });
        }
      }
      if (startsAt && !(context.inSeries && form.series_scope === "this")) {
        checkRepeat(form, startsAt, context.timeZone, issues);
      }
      if (!form.online && form.location === null) {
        if (form.venue_name === "") {
          issues.addIssue({ code: "custom", path: ["location"], message: messages.required });
        } else if (form.venue_address === "") {
          issues.addIssue({ code: "custom", path: ["venue_address"], message: messages.required });
        }
      }
    })
    .transform((form): EventInput => {
      const startsAt = parseDateTimeInput(form.start, context.timeZone)!;
      const endsAt = form.end === "" ? null : parseDateTimeInput(form.end, context.timeZone);
      return {
        title: form.title,
        startsAt,
        endsAt,
        locationId: form.location,
        venueName: form.location === null ? nullIfEmpty(form.venue_name) : null,
        venueAddress: form.location === null ? nullIfEmpty(form.venue_address) : null,
        isOnline: form.online,
        organizerIds: [...new Set(form.organizers)],
        genreIds: [...new Set(form.genres)],
        description: form.description,
        priceText: nullIfEmpty(form.price_text),
        ageLimit: form.age_limit,
        ticketUrl: nullIfEmpty(form.ticket_url),
        flyerPath: form.flyer,
        mediaUrls: form.media.filter((url) => url !== ""),
        lineup: checkLineup(form.lineup, { startsAt, endsAt }, context.timeZone).entries,
        doorFacts: doorFactsOf(form),
        draft: form.draft,
        allowDuplicate: form.allow_duplicate,
        publishAt:
          form.publish_at === "" ? null : parseDateTimeInput(form.publish_at, context.timeZone),
        repeat: repeatOf(form),
        seriesScope: form.series_scope,
      };
    });
}
