import { expect, it } from "vitest";
import { AD_DURATIONS } from "./constants.ts";
import { formatCents } from "./money.ts";

it("shows the ad prices of SPEC §9 in German notation", () => {
  expect(AD_DURATIONS.map((duration) => formatCents(duration.priceCents))).toEqual([
    "75,00\u00a0€",
    "120,00\u00a0€",
    "175,00\u00a0€",
    "210,00\u00a0€",
  ]);
});
