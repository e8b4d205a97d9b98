import { describe, expect, it } from "vitest";
import { priceRangeOf } from "./event-price.ts";

describe("priceRangeOf", () => {
  it.each([
    ["12 €", 1200, 1200],
    ["12,50 €", 1250, 1250],
    ["10–15 €", 1000, 1500],
    ["5-10 € (Soli-Staffel)", 500, 1000],
    ["AK 15 €, VVK 12 €", 1200, 1500],
    ["VVK 12 € / AK 15 €", 1200, 1500],
    ["bis 0 Uhr 8 €, danach 12 €", 800, 1200],
    ["€ 20", 2000, 2000],
    ["15 EUR", 1500, 1500],
    ["Eintritt frei", 0, 0],
    ["frei", 0, 0],
    ["Eintritt frei, Spende erwünscht", 0, 0],
    ["bis 23 Uhr frei, danach 10 €", 0, 1000],
  ])("reads %s as %i to %i cents", (text, min, max) => {
    expect(priceRangeOf(text)).toEqual({ priceMinCents: min, priceMaxCents: max });
  });

  it.each([[null], [""], ["Spende erwünscht"], ["Freitags günstiger"], ["ab 23 Uhr"]])(
    "gives no amounts for %s",
    (text) => {
      expect(priceRangeOf(text)).toEqual({ priceMinCents: null, priceMaxCents: null });
    },
  );
});
