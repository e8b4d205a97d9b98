import { describe, expect, it } from "vitest";
import { AD_DURATIONS } from "./constants.ts";
import { formatCents, priceLabel } from "./money.ts";

it("shows the ad prices of SPEC §9 in German notation", () => {
  expect(AD_DURATIONS.map((duration) => formatCents(duration.priceCents))).toEqual([
    "75,00\u00a0€",
    "120,00\u00a0€",
    "175,00\u00a0€",
    "210,00\u00a0€",
  ]);
});

describe("priceLabel", () => {
  const price = (priceText: string | null, min: number | null, max: number | null) =>
    priceLabel({ priceText, priceMinCents: min, priceMaxCents: max });

  it("shows one amount, or a range from the lower to the higher one", () => {
    expect(price(null, 1200, null)).toBe("12,00\u00a0€");
    expect(price(null, 1200, 1200)).toBe("12,00\u00a0€");
    expect(price(null, 1200, 1850)).toBe("12,00\u00a0€ – 18,50\u00a0€");
    expect(price(null, 1850, 1200)).toBe("12,00\u00a0€ – 18,50\u00a0€");
    expect(price(null, 0, 500)).toBe("0,00\u00a0€ – 5,00\u00a0€");
    expect(price(null, null, 1800)).toBe("bis 18,00\u00a0€");
  });

  it("prefers the organiser's own words, unless they are blank", () => {
    expect(price("AK 15 €, VVK 12 €", 1200, 1500)).toBe("AK 15 €, VVK 12 €");
    expect(price("  Eintritt frei ", null, null)).toBe("Eintritt frei");
    expect(price("   ", 1000, null)).toBe("10,00\u00a0€");
  });

  it("is null when nothing is known", () => {
    expect(price(null, null, null)).toBeNull();
    expect(price("", null, null)).toBeNull();
  });
});
