import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NewsletterIssueEvent } from "#server/db/schema/newsletter.ts";
import { IssueNights } from "./issue-nights.tsx";

const midnightStart: NewsletterIssueEvent = {
  id: 1,
  title: "Mitternachtsspitze",
  url: "https://clubkalender.example/party/mitternachtsspitze/1",
  startsAt: "2026-11-27T23:00:00.000Z", // Saturday 00:00 in Berlin, Friday's night
  club: "Distillery",
  flyerUrl: null,
  isTop: true,
  cancelled: false,
  genres: [],
};

describe("a past issue on the site", () => {
  const html = renderToString(
    <IssueNights
      content={{
        topEvents: [midnightStart],
        nights: [{ night: "2026-11-27", events: [midnightStart], moreCount: 0 }],
      }}
      timeZone="Europe/Berlin"
    />,
  );

  it("dates a top event starting at midnight by its own day, its night stays Friday's", () => {
    expect(html).toContain("Sa., 28.11., 00:00 Uhr<!-- --> · <!-- -->Distillery");
    expect(html).not.toContain("Fr., 27.11., 00:00 Uhr");
    expect(html).toMatch(/<h2[^>]*>Fr\., 27\.11\.<\/h2>/);
  });
});
