import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { charactersOf, makeWebFonts, standInFamilies, type WebFontFile } from "./web-fonts.ts";

describe("the site's web fonts (decision 0195)", () => {
  let files: WebFontFile[];
  beforeAll(async () => {
    files = await makeWebFonts();
  }, 60_000);

  it("in app/fonts/ are what scripts/make-fonts.ts makes from the installed packages", () => {
    expect(files.map((file) => file.path).sort()).toEqual([
      "app/fonts/fonts.css",
      "app/fonts/inter-latin-wght.woff2",
      "app/fonts/space-grotesk-latin-700.woff2",
    ]);
    for (const file of files) {
      // A difference means a @fontsource update or a change here: run scripts/make-fonts.ts.
      expect(readFileSync(file.path).equals(file.content), file.path).toBe(true);
    }
  });

  it("are subset WOFF2 files, well below the packages' Latin faces", () => {
    const size = (path: string) => files.find((file) => file.path === path)!.content;
    const inter = size("app/fonts/inter-latin-wght.woff2");
    const spaceGrotesk = size("app/fonts/space-grotesk-latin-700.woff2");
    for (const font of [inter, spaceGrotesk]) expect(font.subarray(0, 4).toString()).toBe("wOF2");
    const source = (path: string) => readFileSync(`node_modules/${path}`).length;
    expect(inter.length).toBeLessThan(
      source("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2") * 0.6,
    );
    expect(spaceGrotesk.length).toBeLessThan(
      source("@fontsource/space-grotesk/files/space-grotesk-latin-700-normal.woff2"),
    );
  });

  it("give every face of a family one weight range and each fallback the web font's characters", () => {
    const css = files.find((file) => file.path === "app/fonts/fonts.css")!;
    const faces = [...css.content.toString().matchAll(/@font-face \{([^}]*)\}/g)].map(
      (match) => match[1]!,
    );
    const descriptor = (face: string, name: string) =>
      new RegExp(`${name}:\\s*([^;]*);`).exec(face)?.[1]?.replace(/\s+/g, " ");
    const inter = faces.filter((face) => descriptor(face, "font-family") === '"Inter Variable"');
    expect(inter).toHaveLength(7);
    // The browser picks faces by weight first: another range would hide the Latin face.
    expect(new Set(inter.map((face) => descriptor(face, "font-weight")))).toEqual(
      new Set(["400 900"]),
    );
    const fallback = faces.find((face) => descriptor(face, "font-family") === '"Inter Fallback"')!;
    expect(descriptor(fallback, "src")).toContain('local("Arial")');
    expect(descriptor(fallback, "size-adjust")).toMatch(/^10\d\.\d+%$/);
    expect(descriptor(fallback, "unicode-range")).toContain("U+0000-00FF");
    const dejaVu = faces.find(
      (face) => descriptor(face, "font-family") === '"Inter Fallback DejaVu"',
    )!;
    expect(descriptor(dejaVu, "src")).toContain('local("DejaVu Sans")');
    // DejaVu is wider than Inter: it is made smaller.
    expect(descriptor(dejaVu, "size-adjust")).toMatch(/^9\d\.\d+%$/);
  });

  it("are named in the site's font stacks right after their web font", () => {
    const stack = (variable: string) =>
      new RegExp(`${variable}:([^;]*);`)
        .exec(readFileSync("app/app.css", "utf8"))![1]!
        .split(",")
        .map((family) => family.trim().replace(/^"|"$/g, ""));
    expect(stack("--font-sans").slice(0, 3)).toEqual([
      "Inter Variable",
      ...standInFamilies("Inter"),
    ]);
    expect(stack("--font-display").slice(0, 3)).toEqual([
      "Space Grotesk",
      ...standInFamilies("Space Grotesk"),
    ]);
  });

  it("reads a unicode-range as its characters", () => {
    expect(charactersOf("U+0041-0043,U+00E4,U+20AC")).toBe("ABCä€");
  });
});
