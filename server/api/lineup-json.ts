import { z } from "zod";
import { artistPath } from "#common/urls.ts";
import type { LineupEntry } from "#server/domain/lineups/lineup-store.server.ts";

/** A party's line-up in running order, as GET /api/events/{id}/ answers it. */
export const lineupJson = z.array(
  z.object({
    artist: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), url: z.string() }),
    floor: z.string().describe("Floor name; empty when none was given"),
    start: z.string().nullable().describe("Set start, UTC ISO 8601"),
    end: z.string().nullable().describe("Set end, UTC ISO 8601"),
  }),
);

export const toLineupEntryJson = (entry: LineupEntry): z.infer<typeof lineupJson>[number] => ({
  artist: { ...entry.artist, url: artistPath(entry.artist) },
  floor: entry.floor,
  start: entry.startsAt?.toISOString() ?? null,
  end: entry.endsAt?.toISOString() ?? null,
});
