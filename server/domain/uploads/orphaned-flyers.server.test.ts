import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "#tests/factories/catalog.ts";
import { createUser } from "#tests/factories/users.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { flyerVariantPath, FLYER_WIDTHS } from "#common/flyer-sizes.ts";
import { uploadFlyer } from "./flyer-upload.server.ts";
import { removeOrphanedFlyers } from "./orphaned-flyers.server.ts";

let ctx: TestContext;
const start = new Date("2026-11-20T20:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext({ now: start });
});

afterAll(async () => {
  await ctx.close();
});

const image = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff0066" } })
    .png()
    .toBuffer();

const storedFiles = async (path: string) => {
  const files = await Promise.all(
    FLYER_WIDTHS.map((width) => ctx.deps.storage.get(flyerVariantPath(path, width)!)),
  );
  return files.filter((file) => file !== null).length;
};

describe("orphaned flyer uploads", () => {
  it("are removed a day after upload unless an event took them", async () => {
    const user = await createUser(ctx.deps);
    const orphan = await uploadFlyer(ctx.deps, user.id, await image());
    const taken = await uploadFlyer(ctx.deps, user.id, await image());
    await createEvent(ctx.deps, {
      startsAt: "2026-11-27T22:00:00Z",
      createdById: user.id,
      flyerPath: taken.path,
    });

    ctx.setNow(new Date(start.getTime() + 23 * 3_600_000));
    expect(await removeOrphanedFlyers(ctx.deps)).toBe(0);
    expect(await storedFiles(orphan.path)).toBe(FLYER_WIDTHS.length);

    ctx.setNow(new Date(start.getTime() + 25 * 3_600_000));
    expect(await removeOrphanedFlyers(ctx.deps)).toBe(2);
    expect(await storedFiles(orphan.path)).toBe(0);
    expect(await storedFiles(taken.path)).toBe(FLYER_WIDTHS.length);
    expect(await removeOrphanedFlyers(ctx.deps)).toBe(0);
  });
});
