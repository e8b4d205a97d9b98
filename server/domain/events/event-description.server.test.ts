import { describe, expect, it } from "vitest";
import { dangerousMarkup, xssCorpus } from "#tests/fixtures/xss-corpus.ts";
import {
  descriptionHtml,
  descriptionSnippet,
  descriptionText,
} from "./event-description.server.ts";

describe("event descriptions", () => {
  it("renders Markdown formatting, lists and safe links", () => {
    const html = descriptionHtml(
      "**Line-up:**\n\n- Anna\n- Ben\n\n[Tickets](https://tickets.example/abc)",
    );
    expect(html).toContain("<strong>Line-up:</strong>");
    expect(html).toContain("<li>Anna</li>");
    expect(html).toContain(
      '<a href="https://tickets.example/abc" rel="nofollow ugc noopener" target="_blank">Tickets</a>',
    );
  });

  it.each(xssCorpus)("renders %s inert", (payload) => {
    const html = descriptionHtml(`Party ${payload} Ende`);
    for (const pattern of dangerousMarkup) expect(html).not.toMatch(pattern);
  });

  it("gives plain text and a short snippet for feeds and meta tags", () => {
    const markdown = "# Klubnacht\n\nDie **längste** Nacht & mehr.\n\n<script>x()</script>";
    expect(descriptionText(markdown)).toBe("Klubnacht\n\nDie längste Nacht & mehr.");
    expect(descriptionSnippet("Wort ".repeat(100), 40)).toMatch(/^(Wort ){1,8}…$|^(Wort )*Wort…$/);
    expect(descriptionSnippet("Wort ".repeat(100), 40).length).toBeLessThanOrEqual(40);
  });
});
