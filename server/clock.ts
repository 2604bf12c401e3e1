/**
 * The server's idea of now, for the periodic jobs that end what has expired (an unpaid deposit hold, a
 * waitlist offer) and send what has come due (reminders). Production reads the system clock; a test
 * server started with TEST_CLOCK=1 can be moved forward (`POST /test/clock`), so a test sees an expiry
 * without waiting for it (ADR 0138).
 */
export interface Clock {
  now(): Date;
}

/** The system clock: production's, and tests' that call a page's loader or action directly. */
export const systemClock: Clock = { now: () => new Date() };

export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function adjustableClock(): AdjustableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => void (offsetMs += ms),
  };
}
