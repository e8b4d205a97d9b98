import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { organizerProfileSchema, profileSchema, registerSchema } from "./account.ts";
import { eventFormFields } from "./event-form.ts";
import { nightListQuery } from "./event-filters.ts";
import { searchQuery } from "./search.ts";
import { controlCharactersMessage } from "./text.ts";

describe("text fields", () => {
  it("are the only way a shared schema takes a string", () => {
    const folder = path.dirname(new URL(import.meta.url).pathname);
    const offenders = readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "text.ts")
      .filter((file) => /z\s*\.string\(/.test(readFileSync(path.join(folder, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it.each([
    ["registration", registerSchema, ["email", "password", "display_name", "organizer_name"]],
    ["profile", profileSchema, ["email", "display_name"]],
    ["organiser profile", organizerProfileSchema, ["name", "description", "website"]],
    [
      "event form",
      eventFormFields,
      ["title", "start", "end", "venue_name", "venue_address", "description", "price_text"],
    ],
    ["listing filters", nightListQuery, ["search"]],
    ["search", searchQuery, ["q"]],
  ] as const)("%s: NUL in a field is a German field error", (_name, schema, fields) => {
    for (const field of fields) {
      const result = schema.safeParse({ [field]: "Party\u0000Nacht" });
      expect(result.success).toBe(false);
      const messages = result
        .error!.issues.filter((issue) => issue.path[0] === field)
        .map((issue) => issue.message);
      expect(messages, field).toContain(controlCharactersMessage);
    }
  });
});
