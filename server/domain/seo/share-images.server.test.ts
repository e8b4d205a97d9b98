import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent, createOrganizer } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { flyerPosterSvg } from "#server/domain/posters/poster-svg.ts";
import { storeGeneratedFlyer } from "#server/domain/posters/generated-images.server.ts";
import {
  clubShareImage,
  organizerShareImage,
  partyShareImage,
  siteShareImage,
} from "./share-images.server.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** The stored file behind a /media/ address, read back with sharp. */
async function storedImage(url: string) {
  const prefix = `${ctx.deps.config.publicUrl}/media/`;
  expect(url.startsWith(prefix), url).toBe(true);
  const file = await ctx.deps.storage.get(url.slice(prefix.length));
  expect(file?.contentType).toBe("image/png");
  return sharp(file!.body).metadata();
}

describe("share images", () => {
  it("draws a 1200×630 PNG for a party without a flyer, once per content", async () => {
    const club = await createClub(ctx.deps, { name: "Halle Neun" });
    const created = await createEvent(ctx.deps, {
      title: "Nachtschicht <script>",
      startsAt: "2026-11-21T22:00:00Z",
      locationId: club.id,
    });
    const event = await getPublicEvent(ctx.deps, created.id);
    const url = await partyShareImage(ctx.deps, event);
    expect(url).toMatch(/\/media\/share\/[a-f0-9]{32}\.png$/);
    const metadata = await storedImage(url);
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
    expect(await partyShareImage(ctx.deps, event)).toBe(url);
    // Another title is another drawing, so a preview is never stale.
    expect(await partyShareImage(ctx.deps, { ...event, title: "Frühschicht" })).not.toBe(url);
  });

  it("puts a party's flyer beside its text, still 1200×630", async () => {
    const flyerPath = await storeGeneratedFlyer(
      ctx.deps.storage,
      flyerPosterSvg({
        title: "Tiefgang",
        when: "Sa., 21.11. · 23:00 Uhr",
        place: "Hafenbar",
        lineup: ["Kobosil"],
        categorySlug: "drum-and-bass",
      }),
    );
    const created = await createEvent(ctx.deps, {
      title: "Tiefgang",
      startsAt: "2026-11-21T22:00:00Z",
      flyerPath,
    });
    const event = await getPublicEvent(ctx.deps, created.id);
    const metadata = await storedImage(await partyShareImage(ctx.deps, event));
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
  });

  it("draws one for a club, an organiser and the site", async () => {
    const club = await createClub(ctx.deps, { name: "Distillery" });
    const organizer = await createOrganizer(ctx.deps, { name: "Kollektiv Ost" });
    for (const url of [
      await clubShareImage(ctx.deps, club),
      await organizerShareImage(ctx.deps, organizer),
      await siteShareImage(ctx.deps),
    ]) {
      const metadata = await storedImage(url);
      expect([metadata.width, metadata.height]).toEqual([1200, 630]);
    }
  });
});

describe("share images asked for at once", () => {
  it("draws a preview once when two loaders of one page ask for it together", async () => {
    const created = await createEvent(ctx.deps, {
      title: "Zwei Loader, ein Bild",
      startsAt: "2026-11-28T22:00:00Z",
    });
    const event = await getPublicEvent(ctx.deps, created.id);
    let puts = 0;
    const counting = {
      ...ctx.deps,
      storage: {
        ...ctx.deps.storage,
        put: (...args: Parameters<typeof ctx.deps.storage.put>) => {
          puts += 1;
          return ctx.deps.storage.put(...args);
        },
      },
    };
    const [first, second] = await Promise.all([
      partyShareImage(counting, event),
      partyShareImage(counting, event),
    ]);
    expect(second).toBe(first);
    expect(puts).toBe(1);
    await storedImage(first);
  });
});
