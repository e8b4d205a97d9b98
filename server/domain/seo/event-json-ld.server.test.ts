import { describe, expect, it } from "vitest";
import { setUpOrganiserApiScene } from "#tests/factories/organiser-api-scene.ts";
import { bearer } from "#tests/setup/api-client.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { eventJsonLd } from "./event-json-ld.server.ts";

const scene = setUpOrganiserApiScene();

const party = (priceText: string) => ({
  title: "Preis Probe",
  start: "2026-11-27T23:00",
  end: "2026-11-28T06:00",
  location: scene.clubId,
  price_text: priceText,
  ticket_url: "https://tickets.example.org/preis",
});

const offerOf = async (id: number) => {
  const event = await getPublicEvent(scene.ctx.deps, id);
  const site = { publicUrl: "https://example.org", timeZone: "Europe/Berlin", description: "" };
  return eventJsonLd(event, site).offers as Record<string, unknown>;
};

describe("the JSON-LD offer of a party", () => {
  it("names the price the organiser entered, and the new one after an edit", async () => {
    const created = await scene.app.inject({
      method: "POST",
      url: "/api/events/",
      headers: bearer(scene.token),
      payload: party("VVK 12 € / AK 15 €"),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await offerOf(id)).toMatchObject({ price: "12.00", priceCurrency: "EUR" });

    const edited = await scene.app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(scene.token),
      payload: party("Eintritt frei"),
    });
    expect(edited.statusCode).toBe(200);
    expect(await offerOf(id)).toMatchObject({ price: "0.00", priceCurrency: "EUR" });
    const served = (await scene.app.inject({ url: `/api/events/${id}/` })).json();
    expect([served.price_min, served.price_max]).toEqual([0, 0]);

    await scene.app.inject({
      method: "POST",
      url: `/api/events/${id}/`,
      headers: bearer(scene.token),
      payload: party(""),
    });
    expect(await offerOf(id)).not.toHaveProperty("price");
  });
});
