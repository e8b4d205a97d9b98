import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { doorFactMessages } from "#common/schemas/door-facts.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { schemaOrgPropertiesOf } from "#tests/setup/schema-org-vocabulary.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { eventJsonLd } from "#server/domain/seo/event-json-ld.server.ts";

/** "Einlass & Awareness" (issue 29, decision 0220): club defaults, party overrides, filters. */

let ctx: TestContext;
let app: FastifyInstance;
let adminToken: string;
let organiser: Awaited<ReturnType<typeof createUser>>;
let organiserToken: string;

beforeAll(async () => {
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  const admin = await createUser(ctx.deps, { role: "admin", withOrganizer: false });
  adminToken = (await startSession(ctx.deps, admin.id, null)).access;
  organiser = await createUser(ctx.deps);
  organiserToken = (await startSession(ctx.deps, organiser.id, null)).access;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const clubBody = (name: string, door: Record<string, unknown>) => ({
  name,
  address: "Karl-Heine-Straße 1",
  postcode: "04229",
  city: "Leipzig",
  ...door,
});

async function createClubWith(name: string, door: Record<string, unknown>): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/clubs/",
    headers: bearer(adminToken),
    payload: clubBody(name, door),
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

const partyBody = (location: number, overrides: Record<string, unknown> = {}) => ({
  title: `Party ${Math.random().toString(36).slice(2, 8)}`,
  start: "2026-11-27T23:00",
  location,
  organizers: [organiser.organizerId],
  ...overrides,
});

async function createParty(location: number, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: "POST",
    url: "/api/events/",
    headers: bearer(organiserToken),
    payload: partyBody(location, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const kesselhaus = {
  door_min_age: 18,
  door_parental_consent: false,
  door_id_required: true,
  door_photo_policy: "sticker",
  door_awareness_team: true,
  door_awareness_contact: "Lila Westen, Infopoint am Eingang",
  door_step_free: true,
  door_accessible_toilet: true,
  door_payment_door: "card",
  door_payment_bar: "card",
  door_cloakroom: true,
};

describe("a club's door facts", () => {
  it("are saved from the admin API and shown in the club's JSON, unstated ones as null", async () => {
    const id = await createClubWith("Kesselhaus Door", kesselhaus);
    const club = (await app.inject({ url: `/api/locations/${id}/` })).json();
    expect(club.door).toEqual({
      min_age: 18,
      parental_consent: false,
      id_required: true,
      photo_policy: "sticker",
      awareness_team: true,
      awareness_contact: "Lila Westen, Infopoint am Eingang",
      step_free: true,
      accessible_toilet: true,
      quiet_room: null,
      payment_door: "card",
      payment_bar: "card",
      re_entry: null,
      cloakroom: true,
      smoking_area: null,
    });
  });

  it("refuses a Muttizettel with a minimum age of 18 or 21, with a German field error", async () => {
    for (const age of [18, 21]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/admin/clubs/",
        headers: bearer(adminToken),
        payload: clubBody("Widerspruch", { door_min_age: age, door_parental_consent: true }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().door_parental_consent).toEqual([
        doorFactMessages.consentWithAdultsOnly,
      ]);
    }
  });

  it("refuses other ages, unknown choices and markup in the awareness text", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/clubs/",
      headers: bearer(adminToken),
      payload: clubBody("Falsch", {
        door_min_age: 17,
        door_photo_policy: "selfies",
        door_step_free: "vielleicht",
        door_awareness_contact: "<b>Infopoint</b>",
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      door_min_age: ["Ungültige Auswahl."],
      door_photo_policy: ["Ungültige Auswahl."],
      door_step_free: ["Ungültige Auswahl."],
      door_awareness_contact: [doorFactMessages.noMarkup],
    });
    const tooLong = await app.inject({
      method: "POST",
      url: "/api/admin/clubs/",
      headers: bearer(adminToken),
      payload: clubBody("Lang", { door_awareness_contact: "x".repeat(201) }),
    });
    expect(tooLong.json()).toEqual({ door_awareness_contact: ["Höchstens 200 Zeichen."] });
  });
});

describe("a party's door facts", () => {
  it("override the club's one by one; not stated falls back to the club", async () => {
    const clubId = await createClubWith("Halle Door", kesselhaus);
    const eventId = await createParty(clubId, {
      age_limit: 16,
      door_parental_consent: "yes",
      door_awareness_team: "",
      door_payment_bar: "cash",
    });
    const party = (await app.inject({ url: `/api/events/${eventId}/` })).json();
    expect(party.door).toMatchObject({
      min_age: 16,
      parental_consent: true,
      awareness_team: true,
      awareness_contact: "Lila Westen, Infopoint am Eingang",
      payment_door: "card",
      payment_bar: "cash",
      quiet_room: null,
    });
  });

  it("refuses a Muttizettel where the club admits adults only, on the Muttizettel field", async () => {
    const clubId = await createClubWith("Nur Erwachsene", { door_min_age: 21 });
    const response = await app.inject({
      method: "POST",
      url: "/api/events/",
      headers: bearer(organiserToken),
      payload: partyBody(clubId, { door_parental_consent: true }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      door_parental_consent: [doorFactMessages.consentWithAdultsOnly],
    });
    const ownAge = await app.inject({
      method: "POST",
      url: "/api/events/",
      headers: bearer(organiserToken),
      payload: partyBody(clubId, { age_limit: 18, door_parental_consent: "yes" }),
    });
    expect(ownAge.json()).toEqual({
      door_parental_consent: [doorFactMessages.consentWithAdultsOnly],
    });
  });

  it("goes into the JSON-LD where schema.org has a property for it", async () => {
    const clubId = await createClubWith("Ld Club", kesselhaus);
    const eventId = await createParty(clubId, { door_quiet_room: "no" });
    const jsonLd = eventJsonLd(await getPublicEvent(ctx.deps, eventId), {
      publicUrl: "https://example.org",
      timeZone: "Europe/Berlin",
      description: "",
    });
    expect(jsonLd.typicalAgeRange).toBe("18-");
    expect((jsonLd.location as Record<string, unknown>).amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "Stufenloser Eingang", value: true },
      { "@type": "LocationFeatureSpecification", name: "Barrierefreie Toilette", value: true },
      { "@type": "LocationFeatureSpecification", name: "Ruheraum", value: false },
      { "@type": "LocationFeatureSpecification", name: "Garderobe", value: true },
    ]);
    expect(schemaOrgPropertiesOf(jsonLd)).toEqual([]);
  });
});

describe("the listing's door filters", () => {
  it("find parties by their effective facts (ab 16, awareness, step-free, card)", async () => {
    const adults = await createClubWith("Filter Erwachsene", kesselhaus);
    const youth = await createClubWith("Filter Jugend", {
      door_min_age: 16,
      door_awareness_team: false,
      door_step_free: false,
      door_payment_door: "cash",
    });
    const night = "2026-12-04";
    const start = "2026-12-04T23:00";
    const adultParty = await createParty(adults, { start });
    const adultPartyFor16 = await createParty(adults, { start, age_limit: 16 });
    const youthParty = await createParty(youth, { start });
    const youthWithAwareness = await createParty(youth, {
      start,
      door_awareness_team: true,
      door_step_free: "yes",
      door_payment_door: "card",
      door_payment_bar: "card",
    });
    // A party without a club states nothing: no filter finds it.
    await createEvent(ctx.deps, { startsAt: "2026-12-04T22:30:00Z", venueName: "Wiese" });
    const ids = async (query: string) =>
      (
        (
          await app.inject({ url: `/api/events/?date_from=${night}&date_to=${night}&${query}` })
        ).json() as { results: { id: number }[] }
      ).results
        .map((event) => event.id)
        .sort((a, b) => a - b);
    expect(await ids("age16=1")).toEqual([adultPartyFor16, youthParty, youthWithAwareness]);
    expect(await ids("awareness=1")).toEqual([adultParty, adultPartyFor16, youthWithAwareness]);
    expect(await ids("age16=1&awareness=1")).toEqual([adultPartyFor16, youthWithAwareness]);
    expect(await ids("step_free=1")).toEqual([adultParty, adultPartyFor16, youthWithAwareness]);
    expect(await ids("card=1")).toEqual([adultParty, adultPartyFor16, youthWithAwareness]);
    const bad = await app.inject({ url: "/api/events/?age16=ja" });
    expect(bad.statusCode).toBe(400);
  });
});
