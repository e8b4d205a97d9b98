// `npm run bench` runs every benchmark in scripts/bench/; `npm run bench -- <name>` runs one
// (scripts/bench/<name>.bench.ts). Each prints its figures; docs/benchmarks.md records them.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const directory = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(directory)
  .filter((file) => file.endsWith(".bench.ts"))
  .map((file) => file.replace(/\.bench\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(", ")}. Available: ${available.join(", ")}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : available) {
  console.info(`\n=== ${name} ===`);
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(directory, `${name}.bench.ts`)],
    { stdio: "inherit" },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
