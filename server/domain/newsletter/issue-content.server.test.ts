import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClub, createEvent } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { buildIssueContent } from "./issue-content.server.ts";
import { renderIssue } from "./issue-mail.server.ts";

/**
 * The weekend issue's "Top-Events" block: the weekend's top events whose paid period covers
 * their night, at the top before the nights; the nights still list them first with the mark.
 */

const FRIDAY = "2026-11-27";
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-26T11:00:00Z" }); // Thursday 12:00 in Berlin
  const club = await createClub(ctx.deps, { name: "Distillery" });
  await createEvent(ctx.deps, {
    title: "Freitagsbass",
    startsAt: "2026-11-27T22:00:00Z",
    locationId: club.id,
  });
  await createEvent(ctx.deps, {
    title: "Samstags-Highlight",
    startsAt: "2026-11-28T23:00:00Z",
    locationId: club.id,
    topUntil: new Date("2026-11-30T00:00:00Z"),
  });
  await createEvent(ctx.deps, {
    title: "Freitags-Spitze",
    startsAt: "2026-11-27T21:00:00Z",
    topUntil: new Date("2026-12-04T00:00:00Z"),
  });
  // Top now, but its period ends before its night: not in the block.
  await createEvent(ctx.deps, {
    title: "Sonntag zu spät",
    startsAt: "2026-11-29T18:00:00Z",
    topUntil: new Date("2026-11-27T12:00:00Z"),
  });
  await createEvent(ctx.deps, {
    title: "Abgesagte Spitze",
    startsAt: "2026-11-28T20:00:00Z",
    status: "cancelled",
    topUntil: new Date("2026-11-30T00:00:00Z"),
  });
  // Top, but not this weekend.
  await createEvent(ctx.deps, {
    title: "Dezembertop",
    startsAt: "2026-12-04T22:00:00Z",
    topUntil: new Date("2026-12-10T00:00:00Z"),
  });
});

afterAll(async () => {
  await ctx.close();
});

describe("the weekend issue's top block", () => {
  it("lists the weekend's top events whose period covers their night, by start", async () => {
    const content = await buildIssueContent(ctx.deps, FRIDAY);
    expect(content.topEvents?.map((event) => [event.title, event.isTop])).toEqual([
      ["Freitags-Spitze", true],
      ["Samstags-Highlight", true],
    ]);
    // The nights keep the top events first.
    expect(content.nights.map((night) => night.events.map((event) => event.title))).toEqual([
      ["Freitags-Spitze", "Freitagsbass"],
      ["Abgesagte Spitze", "Samstags-Highlight"],
      ["Sonntag zu spät"],
    ]);
  });

  it("renders the block at the top of the mail, before the nights", async () => {
    const content = await buildIssueContent(ctx.deps, FRIDAY);
    const { text, html } = await renderIssue(ctx.deps, FRIDAY, content);
    const block =
      text.indexOf("TOP-EVENTS") >= 0 ? text.indexOf("TOP-EVENTS") : text.indexOf("Top-Events");
    const firstNight = text.indexOf("FR., 27.11.", block);
    expect(block).toBeGreaterThan(-1);
    expect(block).toBeLessThan(firstNight);
    const topBlock = text.slice(block, firstNight);
    expect(topBlock).toContain("Freitags-Spitze");
    // Saturday's night, but it starts on Sunday at midnight: printed with its real day.
    expect(topBlock).toContain("So., 29.11., 00:00 Uhr · Distillery");
    expect(topBlock).not.toContain("Freitagsbass");
    expect(topBlock).not.toContain("Sonntag zu spät");
    expect(topBlock).not.toContain("Abgesagte Spitze");
    expect(text.indexOf("Freitags-Spitze")).toBeLessThan(text.indexOf("Samstags-Highlight"));
    // In the nights, the top event still comes first in its night.
    const nights = text.slice(firstNight);
    expect(nights.indexOf("Freitags-Spitze")).toBeLessThan(nights.indexOf("Freitagsbass"));
    expect(html).toContain(">Top-Events</h2>");
  });
});
