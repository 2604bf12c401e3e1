/** The SQLSTATE of a failed query (Drizzle wraps the driver's error in `cause`), or undefined. */
export function sqlStateOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code } = current as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation: a unique index refused the row (a care entry corrected twice). */
export const UNIQUE_VIOLATION = "23505";

/** exclusion_violation: an exclusion constraint refused the row (two stays in one suite, one cat in two stays a night). */
export const EXCLUSION_VIOLATION = "23P01";

/** deadlock_detected: PostgreSQL ended this transaction to let another one on; running it again is the remedy. */
export const DEADLOCK_DETECTED = "40P01";

/** The name of the constraint a failed query broke (as the driver reports it), or undefined. */
export function constraintOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { constraint } = current as { constraint?: unknown };
    if (typeof constraint === "string" && constraint) return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
