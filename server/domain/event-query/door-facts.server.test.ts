import { describe, expect, it } from "vitest";
import { effectiveDoorFacts } from "./door-facts.server.ts";

describe("effectiveDoorFacts", () => {
  const club = { minAge: 18, awarenessTeam: true, paymentBar: "card", cloakroom: true } as const;

  it("takes the club's facts where the party states nothing", () => {
    expect(effectiveDoorFacts(club, {}, null)).toEqual(club);
  });

  it("lets each fact the party states win, and its own minimum age", () => {
    expect(
      effectiveDoorFacts(club, { awarenessTeam: false, paymentBar: "cash", quietRoom: true }, 16),
    ).toEqual({
      minAge: 16,
      awarenessTeam: false,
      paymentBar: "cash",
      cloakroom: true,
      quietRoom: true,
    });
  });

  it("has only the party's facts without a club", () => {
    expect(effectiveDoorFacts(null, { stepFree: true }, null)).toEqual({ stepFree: true });
  });

  it("leaves out a Muttizettel when the minimum age is 18 or more (a club changed later)", () => {
    expect(effectiveDoorFacts({ minAge: 18 }, { parentalConsent: true }, null)).toEqual({
      minAge: 18,
    });
    expect(effectiveDoorFacts({ minAge: 18, parentalConsent: true }, {}, 16)).toEqual({
      minAge: 16,
      parentalConsent: true,
    });
  });
});
