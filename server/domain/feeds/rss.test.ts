import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, it } from "vitest";
import { buildRss } from "./rss.ts";

// Why RSS stays hand-written (decision 0050): organisers' text may hold anything.
it("keeps organisers' text as text, whatever markup or control characters it holds", () => {
  const title = "Nacht ]]> mit ]]> <b>Markup</b> & \u0001Steuerzeichen";
  const xml = buildRss({
    title: "Partys",
    description: "Alle",
    link: "http://localhost:3000/",
    selfUrl: "http://localhost:3000/feeds/partys.rss",
    items: [
      {
        title,
        url: "http://localhost:3000/party/nacht/1",
        guid: "http://localhost:3000/party/nacht/1",
        publishedAt: new Date("2026-11-20T20:00:00Z"),
        description: `${title}\n\nZweiter Absatz`,
        categories: ["Drum & Bass"],
      },
    ],
  });
  expect(XMLValidator.validate(xml)).toBe(true);
  const item = new XMLParser({ processEntities: true }).parse(xml).rss.channel.item;
  expect(item.title).toBe("Nacht ]]> mit ]]> <b>Markup</b> & Steuerzeichen");
  expect(item.description).toBe(
    "Nacht ]]> mit ]]> <b>Markup</b> & Steuerzeichen\n\nZweiter Absatz",
  );
  expect(item.category).toBe("Drum & Bass");
});
