/** The days after check-out the terms promise the satisfaction guarantee; staff may go beyond (ADR 0151). */
export const GUARANTEE_DAYS = 7;
