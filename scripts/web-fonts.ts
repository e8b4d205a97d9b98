import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fromBuffer } from "@capsizecss/unpack";
import { format, resolveConfig } from "prettier";
import subsetFont from "subset-font";

/**
 * The site's web fonts (decision 0195), made from the @fontsource packages: the Latin faces of
 * Inter (text) and Space Grotesk Bold (headings) subset by harfbuzz to the weights and OpenType
 * features the pages use, and `app/fonts/fonts.css` with every face and metric-matched local
 * stand-ins per family, so text keeps its place when a web font arrives after the first paint.
 * `scripts/make-fonts.ts` writes what this makes; `scripts/web-fonts.test.ts` fails while the
 * files in app/fonts/ differ from it (after updating a @fontsource package, say).
 */

const require = createRequire(import.meta.url);

/** A @fontsource package's unicode-range per subset, in the order its stylesheet declares them. */
function subsetRanges(fontPackage: string): [subset: string, range: string][] {
  return Object.entries(require(`${fontPackage}/unicode.json`) as Record<string, string>);
}

/** The Latin range: the faces subset here keep exactly the range @fontsource gives them. */
function latinRangeOf(ranges: [subset: string, range: string][]): string {
  const latin = ranges.find(([subset]) => subset === "latin");
  if (!latin) throw new Error("The font package has no Latin subset");
  return latin[1];
}

/**
 * What the pages use: kerning, ligatures, marks, local forms and tabular figures (`.tabular`).
 * Stylistic sets, character variants and contextual alternates are left out with their glyphs.
 */
const layoutFeatures = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"];

/** The weights the pages ask for: normal text to `font-black`. */
const interWeights = { min: 400, max: 900 };

/** Every character of a unicode-range ("U+0000-00FF,U+0131,…"), as one string. */
export function charactersOf(range: string): string {
  let characters = "";
  for (const part of range.split(",")) {
    const [first, last = first] = part.replace("U+", "").split("-") as [string, string?];
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) {
      characters += String.fromCodePoint(code);
    }
  }
  return characters;
}

/** A locally installed font, described by capsize's average width of Latin text (font units). */
interface LocalFont {
  unitsPerEm: number;
  xWidthAvg: number;
  /** The names it is installed under, most common first (full and PostScript names). */
  names: string[];
}

/**
 * The stand-ins, in the order the font stacks try them: Arial, on Windows, Apple systems and —
 * as its metric twin Liberation Sans — most Linux desktops; Roboto (Android) is within 0.3 % of
 * Arial's width. DejaVu Sans for Linux machines that have none of them. Arial Bold is measured
 * on Liberation Sans Bold; the DejaVu figures are capsize's for DejaVu Sans 2.37.
 */
const standIns: { suffix: string; regular: LocalFont; bold: LocalFont }[] = [
  {
    suffix: "",
    regular: {
      unitsPerEm: 2048,
      xWidthAvg: 913,
      names: ["Arial", "ArialMT", "Liberation Sans", "Roboto"],
    },
    bold: {
      unitsPerEm: 2048,
      xWidthAvg: 983,
      names: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "Roboto Bold"],
    },
  },
  {
    suffix: " DejaVu",
    regular: { unitsPerEm: 2048, xWidthAvg: 1041, names: ["DejaVu Sans", "DejaVuSans"] },
    bold: { unitsPerEm: 2048, xWidthAvg: 1176, names: ["DejaVu Sans Bold", "DejaVuSans-Bold"] },
  },
];

type WebFamily = "Inter" | "Space Grotesk";

const standInFamily = (family: WebFamily, suffix: string) => `${family} Fallback${suffix}`;

/** The stand-in families of a web font, in the order its font stack names them. */
export function standInFamilies(family: WebFamily): string[] {
  return standIns.map(({ suffix }) => standInFamily(family, suffix));
}

/** The web font's metrics the stand-ins are fitted to (`@capsizecss/unpack`). */
type FontMetrics = Awaited<ReturnType<typeof fromBuffer>>;

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/**
 * A local font resized and re-spaced to take the room the web font will take, for the characters
 * the web font has (others go on to the next family of the stack, as they did before).
 */
function fallbackFace(
  family: string,
  metrics: FontMetrics,
  fallback: LocalFont,
  weight: string,
  range: string,
): string {
  const sizeAdjust =
    metrics.xWidthAvg / metrics.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const scaled = (value: number) => percent(Math.abs(value) / (metrics.unitsPerEm * sizeAdjust));
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    `  font-weight: ${weight};`,
    `  src: ${fallback.names.map((name) => `local("${name}")`).join(", ")};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${scaled(metrics.ascent)};`,
    `  descent-override: ${scaled(metrics.descent)};`,
    `  line-gap-override: ${scaled(metrics.lineGap)};`,
    `  unicode-range: ${range};`,
    "}",
  ].join("\n");
}

function webFace(family: string, weight: string, url: string, range: string): string {
  return [
    "@font-face {",
    `  font-family: "${family}";`,
    "  font-style: normal;",
    "  font-display: swap;",
    `  font-weight: ${weight};`,
    `  src: url("${url}") format("woff2");`,
    `  unicode-range: ${range};`,
    "}",
  ].join("\n");
}

export interface WebFontFile {
  /** Relative to the project folder. */
  path: string;
  content: Buffer;
}

/** Everything app/fonts/ holds, made anew from the installed @fontsource packages. */
export async function makeWebFonts(): Promise<WebFontFile[]> {
  const interPackage = "@fontsource-variable/inter";
  const spaceGroteskPackage = "@fontsource/space-grotesk";
  const interRanges = subsetRanges(interPackage);
  const interLatin = latinRangeOf(interRanges);
  const spaceGroteskLatin = latinRangeOf(subsetRanges(spaceGroteskPackage));
  const inter = await subsetFont(
    readFileSync(require.resolve(`${interPackage}/files/inter-latin-wght-normal.woff2`)),
    charactersOf(interLatin),
    { targetFormat: "woff2", keepFeatures: layoutFeatures, variationAxes: { wght: interWeights } },
  );
  const spaceGrotesk = await subsetFont(
    readFileSync(
      require.resolve(`${spaceGroteskPackage}/files/space-grotesk-latin-700-normal.woff2`),
    ),
    charactersOf(spaceGroteskLatin),
    { targetFormat: "woff2", keepFeatures: layoutFeatures },
  );
  // Inter's other subsets stay as @fontsource ships them, loaded only for text that needs them.
  // One weight range for all faces: the browser picks faces by weight before it looks at their
  // ranges of characters, and faces of another weight range would hide the Latin one. The faces
  // keep the package's order (the Latin one last: it wins where ranges overlap).
  const interWeightRange = `${interWeights.min} ${interWeights.max}`;
  const interFaces = interRanges.map(([subset, range]) =>
    webFace(
      "Inter Variable",
      interWeightRange,
      subset === "latin"
        ? "./inter-latin-wght.woff2"
        : `${interPackage}/files/inter-${subset}-wght-normal.woff2`,
      range,
    ),
  );
  const interMetrics = await fromBuffer(inter);
  const spaceGroteskMetrics = await fromBuffer(spaceGrotesk);
  const interAllRanges = interRanges.map(([, range]) => range).join(",");
  const css = [
    "/* Made by scripts/make-fonts.ts from the @fontsource packages (decision 0195); do not edit. */",
    ...interFaces,
    webFace("Space Grotesk", "700", "./space-grotesk-latin-700.woff2", spaceGroteskLatin),
    ...standIns.flatMap(({ suffix, regular, bold }) => [
      fallbackFace(standInFamily("Inter", suffix), interMetrics, regular, "400", interAllRanges),
      fallbackFace(
        standInFamily("Space Grotesk", suffix),
        spaceGroteskMetrics,
        bold,
        "700",
        spaceGroteskLatin,
      ),
    ]),
  ].join("\n\n");
  const cssPath = "app/fonts/fonts.css";
  const formatted = await format(css, { ...(await resolveConfig(cssPath)), parser: "css" });
  return [
    { path: "app/fonts/inter-latin-wght.woff2", content: inter },
    { path: "app/fonts/space-grotesk-latin-700.woff2", content: spaceGrotesk },
    { path: cssPath, content: Buffer.from(formatted) },
  ];
}
