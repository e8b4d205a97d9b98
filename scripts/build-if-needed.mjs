// Builds the site and the server bundle when the sources changed since the last build (so
// `npm start` is quick the second time), by comparing a hash of every file the build reads.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const inputs = [
  "app",
  "common",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "vite-plugins",
  "react-router.config.ts",
  "scripts/build-server.mjs",
];
const stampFile = path.join(process.env.BUILD_DIR ?? "build", ".source-hash");

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

const hash = createHash("sha256");
for (const input of inputs) {
  for (const file of files(input)) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
}
const digest = hash.digest("hex");

if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === digest) {
  console.info("The build is up to date.");
} else {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  writeFileSync(stampFile, digest);
}
