import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import prettier from "prettier";

/** The machine's one-minute load average, as each figure in docs/benchmarks.md names it. */
export const loadNow = () => os.loadavg()[0]!.toFixed(1);

/** The minute a run started, "2026-11-27 21:45" (UTC). */
export const startedAt = () => new Date().toISOString().slice(0, 16).replace("T", " ");

/**
 * Writes a benchmark's figures into docs/benchmarks.md between `<!-- NAME-bench:start -->` and
 * `<!-- NAME-bench:end -->` in the benchmark's section (the file's rule for a new benchmark).
 */
export async function writeBenchBlock(name: string, markdown: string): Promise<void> {
  const file = "docs/benchmarks.md";
  const start = `<!-- ${name}-bench:start -->`;
  const end = `<!-- ${name}-bench:end -->`;
  const text = readFileSync(file, "utf8");
  if (!text.includes(start) || !text.includes(end)) {
    throw new Error(`${file} has no ${start} … ${end} in the section of "${name}"`);
  }
  const updated = text.replace(
    new RegExp(`${start}[\\s\\S]*${end}`),
    `${start}\n${markdown}\n${end}`,
  );
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
}
