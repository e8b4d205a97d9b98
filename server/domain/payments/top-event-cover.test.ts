import { describe, expect, it } from "vitest";
import { firstPromotableNight, keptCents, topEventCover } from "./top-event-cover.ts";

const timeZone = "Europe/Berlin";
const pricePerWeekCents = 2500;
/** Sat 05.12.2026, 23:00 in Berlin; its night ends Sun 06.12., 06:00. */
const party = new Date("2026-12-05T22:00:00Z");
const nightEnd = new Date("2026-12-06T05:00:00Z");

describe("the top-event price rule (decision 0210)", () => {
  it("covers a party nine days ahead to the end of its night, at a seventh of the week per night", () => {
    // Friday 27.11., 09:54: the purchase.
    const now = new Date("2026-11-27T08:54:00Z");
    expect(
      topEventCover({ partyStartsAt: party, topUntil: null, now, pricePerWeekCents, timeZone }),
    ).toEqual({ startsAt: now, endsAt: nightEnd, nights: 9, amountCents: 3214 });
  });

  it("charges the party's own night alone on its evening, and a week for seven nights", () => {
    const sameEvening = topEventCover({
      partyStartsAt: party,
      topUntil: null,
      now: new Date("2026-12-05T19:00:00Z"),
      pricePerWeekCents,
      timeZone,
    });
    expect(sameEvening).toMatchObject({ nights: 1, amountCents: 357, endsAt: nightEnd });
    // Sunday 29.11., 05:00 still belongs to Saturday's night: 28.11. to 05.12. are 8 nights.
    const beforeDawn = topEventCover({
      partyStartsAt: party,
      topUntil: null,
      now: new Date("2026-11-29T04:00:00Z"),
      pricePerWeekCents,
      timeZone,
    });
    expect(beforeDawn).toMatchObject({ nights: 8, amountCents: 2857 });
    const aWeek = topEventCover({
      partyStartsAt: party,
      topUntil: null,
      now: new Date("2026-11-29T12:00:00Z"),
      pricePerWeekCents,
      timeZone,
    });
    expect(aWeek).toMatchObject({ nights: 7, amountCents: 2500 });
  });

  it("sells only the nights a running period leaves out, and nothing once the night is covered", () => {
    const now = new Date("2026-11-27T08:54:00Z");
    // The old one-week top event ended on Fri 04.12., 09:54: Friday's and Saturday's nights are left.
    const topUntil = new Date("2026-12-04T08:54:00Z");
    expect(
      topEventCover({ partyStartsAt: party, topUntil, now, pricePerWeekCents, timeZone }),
    ).toEqual({ startsAt: topUntil, endsAt: nightEnd, nights: 2, amountCents: 714 });
    expect(
      topEventCover({ partyStartsAt: party, topUntil: nightEnd, now, pricePerWeekCents, timeZone }),
    ).toBeNull();
  });

  it("opens four weeks before the party's night", () => {
    expect(firstPromotableNight(party, timeZone)).toBe("2026-11-08");
  });
});

describe("the refund rule (decision 0210)", () => {
  const period = {
    startsAt: new Date("2026-11-27T00:00:00Z"),
    endsAt: new Date("2026-12-07T00:00:00Z"),
  };

  it("keeps what the time before the cut is worth, to the cent", () => {
    expect(keptCents(3000, period, new Date("2026-12-03T00:00:00Z"))).toBe(1800);
    expect(keptCents(3214, period, new Date("2026-11-28T00:00:00Z"))).toBe(321);
  });

  it("keeps everything for a cut after the end and nothing for one before the start", () => {
    expect(keptCents(3000, period, new Date("2026-12-08T00:00:00Z"))).toBe(3000);
    expect(keptCents(3000, period, period.startsAt)).toBe(0);
  });
});
