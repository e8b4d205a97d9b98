// `npm run docs:decisions`: rebuilds the index of docs/decisions/README.md from the records'
// titles and status lines (scripts/decision-records.ts). Run it after adding or merging records.
import { writeFileSync } from "node:fs";
import {
  DecisionRecordError,
  decisionsIndex,
  decisionsIndexFile,
  readDecisionRecords,
  unknownStatusReferences,
} from "./decision-records.ts";

try {
  const records = readDecisionRecords();
  const unknown = unknownStatusReferences(records);
  if (unknown.length > 0) {
    throw new DecisionRecordError(`A status names no other record: ${unknown.join("; ")}.`);
  }
  writeFileSync(decisionsIndexFile, await decisionsIndex(records));
  console.info(`${decisionsIndexFile}: ${records.length} records`);
} catch (error) {
  if (!(error instanceof DecisionRecordError)) throw error;
  console.error(error.message);
  process.exit(1);
}
