import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildApp } from "#server/app.ts";
import { startSession } from "#server/domain/auth/session-tokens.server.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { eventJsonLd } from "./event-json-ld.server.ts";

let ctx: TestContext;
let app: FastifyInstance;
let token: string;
let clubId: number;

beforeAll(async () => {
  // Friday 2026-11-20, 21:00 in Berlin.
  ctx = await createTestContext({ now: "2026-11-20T20:00:00Z" });
  app = await buildApp({ deps: ctx.deps });
  const owner = await createUser(ctx.deps);
  token = (await startSession(ctx.deps, owner.id, null)).access;
  clubId = (await createClub(ctx.deps, { name: "Distillery" })).id;
});

afterAll(async () => {
  await app.close();
  await ctx.close();
});

const party = (priceText: string) => ({
  title: "Preis Probe",
  start: "2026-11-27T23:00",
  end: "2026-11-28T06:00",
  location: clubId,
  price_text: priceText,
  ticket_url: "https://tickets.example.org/preis",
});

const offerOf = async (id: number) => {
  const event = await getPublicEvent(ctx.deps, id);
  const site = { publicUrl: "https://example.org", timeZone: "Europe/Berlin", description: "" };
  return eventJsonLd(event, site).offers as Record<string, unknown>;
};

describe("the JSON-LD offer of a party", () => {
  it("names the price the organiser entered, and the new one after an edit", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/events/",
      headers: bearer(token),
      payload: party("VVK 12 € / AK 15 €"),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await offerOf(id)).toMatchObject({ price: "12.00", priceCurrency: "EUR" });

    const edited = await app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(token),
      payload: party("Eintritt frei"),
    });
    expect(edited.statusCode).toBe(200);
    expect(await offerOf(id)).toMatchObject({ price: "0.00", priceCurrency: "EUR" });
    const served = (await app.inject({ url: `/api/events/${id}/` })).json();
    expect([served.price_min, served.price_max]).toEqual([0, 0]);

    await app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(token),
      payload: party(""),
    });
    expect(await offerOf(id)).not.toHaveProperty("price");
  });
});
