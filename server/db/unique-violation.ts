/** SQLSTATE unique_violation, as PostgreSQL and PGlite report it. */
const UNIQUE_VIOLATION = "23505";

/**
 * True when a write failed on a unique index (possibly the named one): two requests raced for
 * the same value. Drizzle wraps the driver's error, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return constraint === undefined || violated === constraint;
  }
  return false;
}
