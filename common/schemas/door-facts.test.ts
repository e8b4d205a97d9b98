import { describe, expect, it } from "vitest";
import {
  clubDoorFields,
  clubDoorFormValuesOf,
  doorFactsOf,
  partyDoorFormValuesOf,
} from "./door-facts.ts";
import { z } from "./german-errors.ts";

const clubDoor = z.object(clubDoorFields);

describe("door facts", () => {
  it("read the forms' strings and the API's booleans alike; not stated is left out", () => {
    const fromForm = clubDoor.parse({
      door_min_age: "16",
      door_parental_consent: "yes",
      door_step_free: "no",
      door_payment_bar: "card",
      door_quiet_room: "",
      door_awareness_contact: "  Infopoint  ",
    });
    const fromApi = clubDoor.parse({
      door_min_age: 16,
      door_parental_consent: true,
      door_step_free: false,
      door_payment_bar: "card",
      door_quiet_room: null,
      door_awareness_contact: "Infopoint",
    });
    const facts = {
      minAge: 16,
      parentalConsent: true,
      stepFree: false,
      paymentBar: "card",
      awarenessContact: "Infopoint",
    };
    expect(doorFactsOf(fromForm)).toEqual(facts);
    expect(doorFactsOf(fromApi)).toEqual(facts);
    expect(doorFactsOf(clubDoor.parse({}))).toEqual({});
  });

  it("go back into the forms' values", () => {
    const values = clubDoorFormValuesOf({ minAge: 21, cloakroom: false, photoPolicy: "sticker" });
    expect(values).toMatchObject({
      door_min_age: "21",
      door_cloakroom: "no",
      door_photo_policy: "sticker",
      door_re_entry: "",
    });
    expect(partyDoorFormValuesOf({ reEntry: true })).not.toHaveProperty("door_min_age");
    expect(doorFactsOf(clubDoor.parse(values))).toEqual({
      minAge: 21,
      cloakroom: false,
      photoPolicy: "sticker",
    });
  });
});
