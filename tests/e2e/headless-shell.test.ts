import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { inflate } from "./headless-shell.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "clubkalender-shell-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("keeps a binary that is there already, so a browser started from it keeps its file", async () => {
  const binary = path.join(dir, "chromium");
  writeFileSync(binary, "the binary a running browser was started from");
  const before = statSync(binary);

  await inflate(binary);

  const after = statSync(binary);
  expect(after.ino).toBe(before.ino);
  expect(after.size).toBe(before.size);
});
