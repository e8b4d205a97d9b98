import { messages } from "#common/messages.ts";
import { z } from "./german-errors.ts";
import { text } from "./text.ts";

/**
 * "Einlass & Awareness" (issue 29, decision 0220): a club's door facts as defaults, a party's
 * as overrides. One schema for the club and event forms, the API and the database writes. A
 * fact the form leaves at "nicht angegeben" / "wie beim Club" is not stated: its key is absent.
 */

/** A club's default minimum age: one of these. */
const MIN_AGES: readonly number[] = [16, 18, 21];

export const photoPolicies = ["no_photos", "sticker", "allowed"] as const;
export const paymentKinds = ["cash", "card"] as const;

/**
 * The facts as stored (jsonb) and handed out. `minAge` is stored only on a club (16, 18 or 21:
 * its default); a party's own minimum age is its `age_limit`.
 */
export interface DoorFacts {
  minAge?: number;
  parentalConsent?: boolean;
  idRequired?: boolean;
  photoPolicy?: (typeof photoPolicies)[number];
  awarenessTeam?: boolean;
  awarenessContact?: string;
  stepFree?: boolean;
  accessibleToilet?: boolean;
  quietRoom?: boolean;
  paymentDoor?: (typeof paymentKinds)[number];
  paymentBar?: (typeof paymentKinds)[number];
  reEntry?: boolean;
  cloakroom?: boolean;
  smokingArea?: boolean;
}

export const AWARENESS_CONTACT_MAX = 200;

export const doorFactMessages = {
  consentWithAdultsOnly:
    "Ab 18 gibt es keinen Muttizettel. Wähle beim Muttizettel „Wird nicht akzeptiert“ oder als Mindestalter 16.",
  noMarkup: "Bitte nur Text, ohne spitze Klammern („<“, „>“).",
} as const;

/** Yes / no / not stated: the forms send "yes", "no" or ""; the API true, false or null. */
const yesNo = z
  .preprocess(
    (value) =>
      value === "" || value === undefined
        ? null
        : value === "yes"
          ? true
          : value === "no"
            ? false
            : value,
    z.boolean({ error: messages.invalidChoice }).nullable(),
  )
  .optional();

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      z.enum(values, messages.invalidChoice).nullable(),
    )
    .optional();

const minAge = z
  .preprocess(
    (value) =>
      value === "" || value === undefined
        ? null
        : typeof value === "string" && /^\d+$/.test(value)
          ? Number(value)
          : value,
    z
      .number({ error: messages.invalidChoice })
      .refine((age) => MIN_AGES.includes(age), messages.invalidChoice)
      .nullable(),
  )
  .optional();

/** How to find the awareness team: short plain text ("Lila Westen, Infopoint am Eingang"). */
const awarenessContact = text()
  .trim()
  .max(AWARENESS_CONTACT_MAX, messages.tooLong(AWARENESS_CONTACT_MAX))
  .refine((value) => !/[<>]/.test(value), doorFactMessages.noMarkup)
  .optional();

/** Form field → stored key, for the facts both a club and a party state. */
const sharedFields = {
  door_parental_consent: ["parentalConsent", yesNo],
  door_id_required: ["idRequired", yesNo],
  door_photo_policy: ["photoPolicy", choice(photoPolicies)],
  door_awareness_team: ["awarenessTeam", yesNo],
  door_awareness_contact: ["awarenessContact", awarenessContact],
  door_step_free: ["stepFree", yesNo],
  door_accessible_toilet: ["accessibleToilet", yesNo],
  door_quiet_room: ["quietRoom", yesNo],
  door_payment_door: ["paymentDoor", choice(paymentKinds)],
  door_payment_bar: ["paymentBar", choice(paymentKinds)],
  door_re_entry: ["reEntry", yesNo],
  door_cloakroom: ["cloakroom", yesNo],
  door_smoking_area: ["smokingArea", yesNo],
} as const;

type SharedField = keyof typeof sharedFields;

const shapeOf = <F extends Record<string, readonly [string, z.ZodType]>>(fields: F) =>
  Object.fromEntries(Object.entries(fields).map(([name, [, schema]]) => [name, schema])) as {
    [K in keyof F]: F[K][1];
  };

/** The door fields of the event form (the party's minimum age is its `age_limit`). */
export const partyDoorFields = shapeOf(sharedFields);
/** The door fields of the club form: the shared ones plus the default minimum age. */
export const clubDoorFields = {
  door_min_age: minAge,
  ...partyDoorFields,
};

type DoorField = keyof typeof clubDoorFields;
export const doorFieldNames = Object.keys(clubDoorFields) as DoorField[];

type DoorFieldValues = { [K in SharedField]?: unknown } & { door_min_age?: unknown };

/** The stated facts of parsed door fields; not stated (null, "") leaves the key out. */
export function doorFactsOf(values: DoorFieldValues): DoorFacts {
  const facts: Record<string, unknown> = {};
  if (values.door_min_age !== null && values.door_min_age !== undefined) {
    facts.minAge = values.door_min_age;
  }
  for (const [field, [key]] of Object.entries(sharedFields)) {
    const value = values[field as SharedField];
    if (value !== null && value !== undefined && value !== "") facts[key] = value;
  }
  return facts as DoorFacts;
}

/** A party's door fields as the event form holds them: "yes"/"no", a choice's value, or "". */
export function partyDoorFormValuesOf(facts: DoorFacts): Record<SharedField, string> {
  const values = {} as Record<SharedField, string>;
  for (const [field, [key]] of Object.entries(sharedFields)) {
    const value = facts[key];
    values[field as SharedField] =
      value === true ? "yes" : value === false ? "no" : value === undefined ? "" : String(value);
  }
  return values;
}

/** A club's door fields as the club form holds them, its default minimum age first. */
export function clubDoorFormValuesOf(facts: DoorFacts): Record<DoorField, string> {
  return {
    door_min_age: facts.minAge === undefined ? "" : String(facts.minAge),
    ...partyDoorFormValuesOf(facts),
  };
}

/**
 * The JuSchG rule: a Muttizettel lets 16- and 17-year-olds stay; with a minimum age of 18 or
 * more it makes no sense. True when the two facts contradict each other.
 */
export function consentContradictsAge(
  minAge: number | null | undefined,
  parentalConsent: boolean | null | undefined,
): boolean {
  return parentalConsent === true && minAge !== null && minAge !== undefined && minAge >= 18;
}

/** The refinement both forms share: the contradiction as a field error on the Muttizettel. */
export function checkConsentAgainstAge(
  minAge: number | null | undefined,
  parentalConsent: unknown,
  issues: z.RefinementCtx,
): void {
  if (consentContradictsAge(minAge, parentalConsent === true)) {
    issues.addIssue({
      code: "custom",
      path: ["door_parental_consent"],
      message: doorFactMessages.consentWithAdultsOnly,
    });
  }
}
