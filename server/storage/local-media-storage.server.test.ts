import { mkdtempSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalMediaStorage } from "./local-media-storage.server.ts";

const directory = mkdtempSync(path.join(tmpdir(), "clubkalender-media-"));
const storage = createLocalMediaStorage(directory);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("local media storage", () => {
  it("takes several writes of one key at once: each succeeds and one whole file remains", async () => {
    const bodies = ["eins", "zwei", "drei", "vier", "fünf"].map((word) =>
      Buffer.from(word.repeat(50_000)),
    );
    await Promise.all(bodies.map((body) => storage.put("share/same.png", body, "image/png")));
    const stored = await storage.get("share/same.png");
    expect(bodies.some((body) => body.equals(stored!.body))).toBe(true);
    // No partial file is left beside it.
    expect(readdirSync(path.join(directory, "share"))).toEqual(["same.png"]);
  });
});
