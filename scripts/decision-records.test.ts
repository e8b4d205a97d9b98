import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  decisionsIndex,
  decisionsIndexFile,
  parseDecisionRecord,
  readDecisionRecords,
  unknownStatusReferences,
} from "./decision-records.ts";

const records = readDecisionRecords();
const accepted = records.filter((record) => record.status.startsWith("accepted"));

/** What a record writes in backticks, outside code blocks. */
function backticked(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "");
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

const repositoryPath =
  /^(?:(?:app|server|common|scripts|tests|docs|public|vite-plugins)\/\S*|package\.json|Dockerfile|compose\.yaml|eslint\.config\.js|vite\.config\.ts|README\.md)$/;
/** A path to check, unless it is a pattern (`server/domain/<feature>/*.server.ts`). */
const namedPath = (token: string) =>
  repositoryPath.test(token) && !/[<>*{}…]/.test(token) ? token.split("#")[0]! : null;
/** An environment variable or a constant: `TRUST_PROXY`, `WEB_CONCURRENCY=1`. */
const namedSetting = (token: string) =>
  /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=\S*)?$/.exec(token)?.[1];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(?:ts|tsx|js|mjs|json|yaml)$/.test(name) ? [file] : [];
  });
}

describe("the decision records (docs/decisions/)", () => {
  it("each start with their number and title and a status line under them", () => {
    expect(records.length).toBeGreaterThan(100);
    expect(() => parseDecisionRecord("0999-x.md", "# 0999 — X\n\n## Context\n")).toThrow(
      "0999-x.md: under the title, after a blank line, comes",
    );
    expect(() => parseDecisionRecord("0999-x.md", "# 0999 — X\n\nStatus: proposed.\n")).toThrow();
    expect(() => parseDecisionRecord("0999-x.md", "# 0998 — X\n\nStatus: accepted.\n")).toThrow(
      'the first line must be "# 0999 — Title"',
    );
    expect(
      parseDecisionRecord("0999-x.md", "# 0999 X\n\nStatus: superseded by 0201 (PostgreSQL).\n"),
    ).toMatchObject({ number: "0999", title: "X", status: "superseded by 0201" });
  });

  it("are listed in docs/decisions/README.md with their status, as `npm run docs:decisions` writes it", async () => {
    const index = readFileSync(decisionsIndexFile, "utf8");
    // Out of date: run `npm run docs:decisions`.
    expect(index).toBe(await decisionsIndex(records));
    for (const record of records) expect(index).toContain(`[${record.number}]: ${record.file}`);
  });

  it("name in their status only other records that exist", () => {
    expect(unknownStatusReferences(records)).toEqual([]);
  });

  it("name only files that exist, when accepted (a superseded one may name removed files)", () => {
    const missing = accepted.flatMap((record) =>
      backticked(record.text)
        .map(namedPath)
        .filter((file): file is string => file !== null && !existsSync(file))
        .map((file) => `${record.file}: ${file}`),
    );
    expect(missing).toEqual([]);
  });

  it("name only settings the code reads, when accepted", () => {
    const code = ["app", "common", "scripts", "server", "tests", "vite-plugins"]
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith("scripts/decision-records"))
      .concat(["Dockerfile", "compose.yaml", "package.json"])
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const words = new Set(code.match(/\b[A-Z][A-Z0-9_]+\b/g));
    const unknown = accepted.flatMap((record) =>
      backticked(record.text)
        .map(namedSetting)
        .filter((setting): setting is string => setting !== undefined && !words.has(setting))
        .map((setting) => `${record.file}: ${setting}`),
    );
    expect(unknown).toEqual([]);
  });
});
