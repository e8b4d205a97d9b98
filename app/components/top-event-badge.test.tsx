import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOP_EVENT_BADGE } from "#common/top-event-badge.ts";
import { getPublicEvent } from "#server/domain/events/public-events.server.ts";
import { buildIssueContent } from "#server/domain/newsletter/issue-content.server.ts";
import { renderIssue } from "#server/domain/newsletter/issue-mail.server.ts";
import { createEvent } from "#tests/factories/catalog.ts";
import { createTestContext, type TestContext } from "#tests/setup/test-database.ts";
import { eventCards } from "#app/lib/event-cards.server.ts";
import { EventCard } from "./event-card.tsx";
import { IssueNights } from "./newsletter/issue-nights.tsx";

/**
 * A top event's badge says that its place is paid for (decision 0212), in one wording from one
 * constant: the listing's card, the newsletter mail and a past issue on the site (the API's
 * `top_badge` field: server/api/event-json.test.ts).
 */

const FRIDAY = "2026-11-27";
let ctx: TestContext;
let topId: number;
let plainId: number;

beforeAll(async () => {
  ctx = await createTestContext({ now: "2026-11-26T11:00:00Z" });
  topId = (
    await createEvent(ctx.deps, {
      title: "Bezahlte Spitze",
      startsAt: "2026-11-27T22:00:00Z",
      topUntil: new Date("2026-11-30T00:00:00Z"),
    })
  ).id;
  plainId = (await createEvent(ctx.deps, { title: "Einfach so", startsAt: "2026-11-27T23:00:00Z" }))
    .id;
});

afterAll(async () => {
  await ctx.close();
});

describe("the top event's badge", () => {
  it("is what the listing's card shows", async () => {
    const card = async (id: number) => {
      const [event] = eventCards([await getPublicEvent(ctx.deps, id)]);
      const Listing = createRoutesStub([
        { path: "/", Component: () => <EventCard event={event!} timeZone="Europe/Berlin" /> },
      ]);
      return renderToString(<Listing />);
    };
    expect(await card(topId)).toContain(`>${TOP_EVENT_BADGE}</span>`);
    expect(await card(plainId)).not.toContain(TOP_EVENT_BADGE);
  });

  it("is what the newsletter mail and the past issue show", async () => {
    const content = await buildIssueContent(ctx.deps, FRIDAY);
    const { html, text } = await renderIssue(ctx.deps, FRIDAY, content);
    expect(html).toContain(TOP_EVENT_BADGE);
    expect(text).toContain(TOP_EVENT_BADGE);
    // Once in the top block and once in its night, never the bare "Top-Event".
    expect(html.split(TOP_EVENT_BADGE)).toHaveLength(3);
    expect(html.replaceAll(TOP_EVENT_BADGE, "")).not.toMatch(/>Top-Event</);
    const pastIssue = renderToString(<IssueNights content={content} timeZone="Europe/Berlin" />);
    expect(pastIssue.split(TOP_EVENT_BADGE)).toHaveLength(3);
  });
});
