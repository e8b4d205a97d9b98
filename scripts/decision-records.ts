// The decision records of docs/decisions/ (`NNNN-title.md`): number, title and status, read from
// the title line and the Status line under it, and the index of docs/decisions/README.md made
// from them (`npm run docs:decisions`).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";

export const decisionsFolder = "docs/decisions";
export const decisionsIndexFile = path.join(decisionsFolder, "README.md");

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The Status line up to its first full stop or bracket: "accepted, amended by 0197". */
  status: string;
  text: string;
}

const numbers = String.raw`\d{4}(?:, \d{4})*`;
const statusPattern = new RegExp(
  String.raw`^(?:accepted(?:, amended by ${numbers})?(?:, wording in docs/german-texts\.md)?|superseded by ${numbers})$`,
);
const statusLineForm =
  '"Status: accepted", "Status: accepted, amended by NNNN" or "Status: superseded by NNNN"';

export class DecisionRecordError extends Error {}

export function parseDecisionRecord(file: string, text: string): DecisionRecord {
  const number = file.slice(0, 4);
  const [titleLine = "", blank, statusLine = ""] = text.split("\n");
  const heading = /^# (\d{4})(?: —)? (.+)$/.exec(titleLine);
  if (!heading || heading[1] !== number) {
    throw new DecisionRecordError(`${file}: the first line must be "# ${number} — Title".`);
  }
  const status = /^Status: (.+?)(?: \(|\.(?:\s|$)|$)/.exec(statusLine)?.[1];
  if (blank !== "" || status === undefined || !statusPattern.test(status)) {
    throw new DecisionRecordError(
      `${file}: under the title, after a blank line, comes ${statusLineForm}.`,
    );
  }
  return { number, file, title: heading[2]!, status, text };
}

export function readDecisionRecords(folder = decisionsFolder): DecisionRecord[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => parseDecisionRecord(file, readFileSync(path.join(folder, file), "utf8")));
}

/** Record numbers a status names that are no record (or the record itself). */
export function unknownStatusReferences(records: DecisionRecord[]): string[] {
  const known = new Set(records.map((record) => record.number));
  return records.flatMap((record) =>
    (record.status.match(/\d{4}/g) ?? [])
      .filter((number) => !known.has(number) || number === record.number)
      .map((number) => `${record.file}: ${number}`),
  );
}

const preamble = `# Decision records

Why the code is as it is: one record per decision that shapes code, \`NNNN-title.md\`. A record
states its decision first and fits on a page. Under its title it has one status line:

- \`Status: accepted\` — it holds. \`accepted, amended by NNNN\`: a later record changed a part
  of it; read both.
- \`Status: superseded by NNNN\` — it no longer holds. It stays as the history it was and may
  name files that are gone.
- \`…, wording in docs/german-texts.md\` — its wording rules are kept in the German style guide.

A new decision does not rewrite an older record: it says what it changes, and the older
record's status line names it. The table is made from the records' titles and status lines by
\`npm run docs:decisions\`; \`scripts/decision-records.test.ts\` fails while it is out of date,
and when an accepted record names a file or a setting the code does not have.
`;

/** docs/decisions/README.md: the preamble and one row per record, formatted by Prettier. */
export async function decisionsIndex(records: DecisionRecord[]): Promise<string> {
  const rows = records.map((record) => {
    const status = record.status
      .replace(/\d{4}/g, "[$&]")
      .replace("docs/german-texts.md", "[german-texts.md](../german-texts.md)");
    return `| [${record.number}] | ${record.title.replaceAll("|", "\\|")} | ${status} |`;
  });
  const links = records.map((record) => `[${record.number}]: ${record.file}`);
  const markdown = [preamble, "| Record | Decision | Status |", "| - | - | - |", ...rows, ""];
  const options = await resolveConfig(decisionsIndexFile);
  return format([...markdown, ...links, ""].join("\n"), { ...options, parser: "markdown" });
}
