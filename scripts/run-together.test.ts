import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const runTogether = fileURLToPath(new URL("./run-together.mjs", import.meta.url));
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A scratch package whose `waits-for-<name>` scripts each leave a mark and then wait up to 20 s
 * for the other's: they pass only when they run at the same time.
 */
function scratchPackage(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "clubkalender-run-together-"));
  folders.push(folder);
  const waitFor = (mine: string, theirs: string) =>
    `node -e "const fs=require('fs');fs.writeFileSync('${mine}','');` +
    `const end=Date.now()+20000;(function poll(){if(fs.existsSync('${theirs}'))process.exit(0);` +
    `if(Date.now()>end)process.exit(1);setTimeout(poll,50)})()"`;
  const scripts = {
    "waits-for-b": waitFor("a.mark", "b.mark"),
    "waits-for-a": waitFor("b.mark", "a.mark"),
    says: `node -e "console.log('Gesagt.')"`,
    fails: `node -e "console.error('Kaputt.');process.exit(3)"`,
  };
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ scripts }));
  return folder;
}

function runIn(folder: string, ...scripts: string[]) {
  const result = spawnSync(process.execPath, [runTogether, ...scripts], {
    cwd: folder,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe("scripts/run-together.mjs", () => {
  it("runs the scripts at the same time and passes when all pass", () => {
    const { code, output } = runIn(scratchPackage(), "waits-for-b", "waits-for-a");
    expect(output).toMatch(/npm run waits-for-b passed in [\d.]+ s\./);
    expect(output).toMatch(/npm run waits-for-a passed in [\d.]+ s\./);
    expect(code).toBe(0);
  });

  it("prints every script's output and fails when one fails, after the others ended", () => {
    const { code, output } = runIn(scratchPackage(), "fails", "says");
    expect(output).toContain("Kaputt.");
    expect(output).toContain("Gesagt.");
    expect(output).toContain("npm run fails failed (exit code 3)");
    expect(output).toMatch(/npm run says passed in [\d.]+ s\./);
    expect(code).toBe(1);
  });

  it("asks for scripts when given none", () => {
    const { code, output } = runIn(scratchPackage());
    expect(output).toContain("Usage: node scripts/run-together.mjs");
    expect(code).toBe(2);
  });
});
