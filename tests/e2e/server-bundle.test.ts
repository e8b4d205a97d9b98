import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build", "app-server");

describe("the built server bundle (decision 0254)", () => {
  it("is ASCII in every file, so V8 holds its source one byte per character", () => {
    const files = readdirSync(buildDir, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    expect(files.length).toBeGreaterThan(3);
    const nonAscii = files.flatMap((file) => {
      const text = readFileSync(path.join(buildDir, file), "utf8");
      const at = text.search(/\P{ASCII}/u);
      return at < 0 ? [] : [`${file}: …${text.slice(Math.max(0, at - 40), at + 10)}…`];
    });
    expect(nonAscii).toEqual([]);
  });
});
