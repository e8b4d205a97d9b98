import { messages } from "#common/messages.ts";
import { isWebUrl } from "./account.ts";
import { databaseId } from "./database-id.ts";
import { checkConsentAgainstAge, clubDoorFields } from "./door-facts.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/** The admin area's forms (issue "Operators"), shared by its pages and /api/admin/. */

export const rejectEventSchema = z.object({
  reason: text().trim().min(1, messages.required).max(1000, messages.tooLong(1000)),
});

/** "Fehler melden" on a party page, and what the reporter reads afterwards. */
export const eventReportThanks = "Danke! Wir schauen uns Deine Meldung an.";
export const eventReportSchema = z.object({
  message: text()
    .trim()
    .min(10, "Bitte beschreib den Fehler in mindestens 10 Zeichen.")
    .max(2000, messages.tooLong(2000)),
  email: text()
    .trim()
    .max(254, messages.tooLong(254))
    .refine((value) => value === "" || z.email().safeParse(value).success, messages.invalidEmail)
    .default(""),
});

export const userRoleSchema = z.object({ role: z.enum(["user", "admin"], messages.invalidChoice) });

/** An editable page: its title and Markdown body. */
export const pageEditSchema = z.object({
  title: text().trim().min(1, messages.required).max(120, messages.tooLong(120)),
  body: text().max(50_000, messages.tooLong(50_000)),
});

export const pageSlugSchema = text()
  .trim()
  .min(1, messages.required)
  .max(60, messages.tooLong(60))
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Nur Kleinbuchstaben, Ziffern und Bindestriche.");

export const redirectSchema = z.object({
  fromPath: text()
    .trim()
    .min(1, messages.required)
    .max(300, messages.tooLong(300))
    .startsWith("/", "Bitte mit „/“ beginnen."),
  toPath: text().trim().min(1, messages.required).max(300, messages.tooLong(300)),
});

export const mergeSchema = z.object({
  intoId: databaseId({
    coerce: true,
    notANumber: messages.notANumber,
    outOfRange: messages.invalidChoice,
  }),
});

export type RejectEventInput = z.output<typeof rejectEventSchema>;

const optionalCoordinate = (limit: number) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.coerce
      .number({ error: messages.notANumber })
      .min(-limit, messages.notANumber)
      .max(limit, messages.notANumber)
      .nullable(),
  );

/** "Letzte Bahn / Nachtbus": how to get home from the club, plain text. */
export const TRANSIT_NOTE_MAX = 300;
export const transitNoteField = text()
  .trim()
  .max(TRANSIT_NOTE_MAX, messages.tooLong(TRANSIT_NOTE_MAX))
  .default("");

/** A club of the catalogue; lat/lng are entered by hand (no geocoding service). */
export const clubSchema = z
  .object({
    name: text().trim().min(1, messages.required).max(80, messages.tooLong(80)),
    /** "in der Halle Neun": a lower-case preposition first, as it stands mid-sentence. */
    place_phrase: text()
      .trim()
      .max(120, messages.tooLong(120))
      .refine(
        (value) => value === "" || /^\p{Ll}+\s+\S/u.test(value),
        "Beginne mit der Präposition, z. B. „in der Halle Neun“ oder „im Conne Island“.",
      )
      .default(""),
    address: text().trim().max(200, messages.tooLong(200)).default(""),
    postcode: text().trim().max(10, messages.tooLong(10)).default(""),
    city: text().trim().max(80, messages.tooLong(80)).default(""),
    lat: optionalCoordinate(90),
    lng: optionalCoordinate(180),
    description: text().trim().max(5000, messages.tooLong(5000)).default(""),
    website: text()
      .trim()
      .max(300, messages.tooLong(300))
      .refine((value) => value === "" || isWebUrl(value), messages.invalidUrl)
      .default(""),
    transit_note: transitNoteField,
    /** "Einlass & Awareness": the club's defaults for its parties (decision 0220). */
    ...clubDoorFields,
  })
  .superRefine((club, issues) =>
    checkConsentAgainstAge(club.door_min_age, club.door_parental_consent, issues),
  );
export type ClubInput = z.output<typeof clubSchema>;

/** An organiser of the catalogue, as an admin edits it. */
export const organizerAdminSchema = z.object({
  name: text().trim().min(1, messages.required).max(80, messages.tooLong(80)),
  description: text().trim().max(2000, messages.tooLong(2000)).default(""),
  website: text()
    .trim()
    .max(300, messages.tooLong(300))
    .refine((value) => value === "" || isWebUrl(value), messages.invalidUrl)
    .default(""),
});

/** A genre: its name, its category and whether the event form offers it as a chip. */
export const genreAdminSchema = z.object({
  name: text().trim().min(1, messages.required).max(60, messages.tooLong(60)),
  categoryId: databaseId({
    coerce: true,
    notANumber: messages.invalidChoice,
    outOfRange: messages.invalidChoice,
  }),
  isMain: z.boolean().default(false),
});

/** A genre category ("Techno", "Bass", …): its name; the genres pick it. */
export const genreCategoryAdminSchema = z.object({
  name: text().trim().min(1, messages.required).max(60, messages.tooLong(60)),
});
