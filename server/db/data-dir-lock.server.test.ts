import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server.ts";

const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), "clubkalender-lock-"));

it("refuses a data folder another live process holds", async () => {
  const dataDir = tempDataDir();
  const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
  try {
    writeFileSync(path.join(dataDir, "db.lock"), String(other.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(/in use by another Clubkalender process/);
  } finally {
    other.kill();
  }
});

it("takes over a stale lock whose process is gone, and releases it", () => {
  const dataDir = tempDataDir();
  writeFileSync(path.join(dataDir, "db.lock"), "999999999");
  const release = lockDataDir(dataDir);
  expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
  release();
  expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
});
