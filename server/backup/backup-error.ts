/** A refusal of a backup or restore whose German message is all the operator needs to read. */
export class BackupError extends Error {}
