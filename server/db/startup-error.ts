/** A start-up failure whose message is all the operator needs to read. */
export class StartupError extends Error {}
