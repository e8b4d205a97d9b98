/** Lifetimes of login tokens and one-time links (decision 0030). */

/** A signed access token is good for 15 minutes; the refresh token renews it. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** A refresh token is good for 30 days; every use replaces it with a fresh one. */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
/**
 * A refresh token presented again within these seconds of its rotation is a race between two
 * requests of the same client (two tabs, a prefetch), not theft: it gets a new pair in the same
 * family. Later reuse revokes the whole family.
 */
export const REFRESH_REUSE_GRACE_S = 10;
export const EMAIL_CONFIRMATION_TTL_S = 7 * 24 * 3600;
export const EMAIL_CHANGE_TTL_S = 24 * 3600;
/** The old address may undo an e-mail change (and lock the account) for a week. */
export const EMAIL_CHANGE_UNDO_TTL_S = 7 * 24 * 3600;
export const PASSWORD_RESET_TTL_S = 3600;
