/** How long a client is asked to wait (Retry-After, seconds) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors that mean the database server could not be reached or went away. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

/**
 * SQLSTATEs of an outage rather than of a bad query: class 08 (connection exception), the server
 * shutting down or terminating the session (57P01-57P03), too many connections (53300).
 */
const OUTAGE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;

/** pg's own words for a connection that was lost or never made. */
const OUTAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `error` (or anything in its `cause` chain: Drizzle wraps the driver's error) says the
 * database is unreachable, so the request should be answered 503 and retried later, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || OUTAGE_SQLSTATES.test(code))) return true;
    if (typeof message === "string" && OUTAGE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
