import { expect, it } from "vitest";
import { slugify } from "./slug.ts";

it("lower-cases and joins words with single hyphens", () => {
  expect(slugify("Acid Sunday")).toBe("acid-sunday");
  expect(slugify("  Open   Air -- Summer  ")).toBe("open-air-summer");
});

it("transliterates German letters", () => {
  expect(slugify("Größenwahn über Nacht")).toBe("groessenwahn-ueber-nacht");
  expect(slugify("ÄRGER ÖL ÜBER")).toBe("aerger-oel-ueber");
  expect(slugify("Straße")).toBe("strasse");
});

it("strips other diacritics", () => {
  expect(slugify("Café Crème Señor Zoë")).toBe("cafe-creme-senor-zoe");
  expect(slugify("ﬁfty ½")).toBe("fifty-1-2");
});

it("writes & as und", () => {
  expect(slugify("Drum & Bass")).toBe("drum-und-bass");
  expect(slugify("Bass&Beats")).toBe("bass-und-beats");
});

it("turns punctuation into hyphens and trims them", () => {
  expect(slugify("Nachtschicht mit DJ K.ai (live!)")).toBe("nachtschicht-mit-dj-k-ai-live");
  expect(slugify("--Techno--")).toBe("techno");
});

it("keeps at most 80 characters without a trailing hyphen", () => {
  const slug = slugify("Techno ".repeat(30));
  expect(slug.length).toBeLessThanOrEqual(80);
  expect(slug.endsWith("-")).toBe(false);
  expect(slug.startsWith("techno-techno")).toBe(true);
  expect(slugify("a".repeat(100))).toBe("a".repeat(80));
});

it("never returns an empty slug", () => {
  expect(slugify("")).toBe("party");
  expect(slugify("!!! ???")).toBe("party");
  expect(slugify("🎧🎶")).toBe("party");
});
