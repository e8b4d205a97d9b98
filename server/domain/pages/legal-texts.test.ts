import { expect, it } from "vitest";
import { legalTexts } from "./legal-texts.ts";

const privacyPolicy = legalTexts.find((text) => text.slug === "datenschutzerklaerung")!;

it("names what Merken and Folgen keep in the browser and on the server, and the push services", () => {
  // The local storage keys of app/lib/saved-parties-store.ts and app/lib/follows-store.ts.
  expect(privacyPolicy.body).toContain("`gemerkt`");
  expect(privacyPolicy.body).toContain("`folge-ich`");
  expect(privacyPolicy.body).toContain("## 7. Merken, Folgen und Benachrichtigungen");
  expect(privacyPolicy.body).toMatch(/Push-Dienst des Browser-Herstellers/);
  expect(privacyPolicy.body).toMatch(/bei eingeschalteten Benachrichtigungen auch, welche Partys/);
});

it("numbers the privacy policy's sections without a gap", () => {
  const numbers = [...privacyPolicy.body.matchAll(/^## (\d+)\. /gm)].map((match) =>
    Number(match[1]),
  );
  expect(numbers).toEqual(numbers.map((_, index) => index + 1));
});
