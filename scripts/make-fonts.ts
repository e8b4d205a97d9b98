// Writes the site's web fonts and their stylesheet into app/fonts/ (decision 0195).
// Run after updating @fontsource-variable/inter or @fontsource/space-grotesk:
//   node --import tsx scripts/make-fonts.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeWebFonts } from "./web-fonts.ts";

for (const file of await makeWebFonts()) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.content);
  console.info(`${file.path}: ${file.content.length} bytes`);
}
