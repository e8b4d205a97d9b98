/** Why a source could not be read or taken over, in German for the source's page (decision 0233). */
export class ImportError extends Error {}
