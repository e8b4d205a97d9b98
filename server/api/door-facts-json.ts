import { z } from "zod";
import { paymentKinds, photoPolicies, type DoorFacts } from "#common/schemas/door-facts.ts";

/** "Einlass & Awareness" in the API (decision 0220): every fact, null where not stated. */

const yesNo = (description: string) => z.boolean().nullable().describe(description);
const payment = (place: string) =>
  z.enum(paymentKinds).nullable().describe(`${place}: "cash" (cash only) or "card" (card too)`);

export const doorFactsJson = z
  .object({
    min_age: z.number().int().nullable().describe("Minimum age (16, 18 or 21 on a club)"),
    parental_consent: yesNo("A Muttizettel (JuSchG parental consent form) is accepted"),
    id_required: yesNo("An ID is required"),
    photo_policy: z
      .enum(photoPolicies)
      .nullable()
      .describe('"no_photos", "sticker" (phone cameras taped) or "allowed"'),
    awareness_team: yesNo("An awareness team is present"),
    awareness_contact: z.string().nullable().describe("How to find the awareness team, plain text"),
    step_free: yesNo("Step-free entry"),
    accessible_toilet: yesNo("Accessible toilet"),
    quiet_room: yesNo("Quiet room"),
    payment_door: payment("At the door"),
    payment_bar: payment("At the bar"),
    re_entry: yesNo("Re-entry allowed"),
    cloakroom: yesNo("Cloakroom"),
    smoking_area: yesNo("Smoking area"),
  })
  .describe(
    "Door and awareness facts; null: not stated. A party's are its own over its club's defaults.",
  );

export function toDoorFactsJson(facts: DoorFacts): z.infer<typeof doorFactsJson> {
  return {
    min_age: facts.minAge ?? null,
    parental_consent: facts.parentalConsent ?? null,
    id_required: facts.idRequired ?? null,
    photo_policy: facts.photoPolicy ?? null,
    awareness_team: facts.awarenessTeam ?? null,
    awareness_contact: facts.awarenessContact ?? null,
    step_free: facts.stepFree ?? null,
    accessible_toilet: facts.accessibleToilet ?? null,
    quiet_room: facts.quietRoom ?? null,
    payment_door: facts.paymentDoor ?? null,
    payment_bar: facts.paymentBar ?? null,
    re_entry: facts.reEntry ?? null,
    cloakroom: facts.cloakroom ?? null,
    smoking_area: facts.smokingArea ?? null,
  };
}
