import { daysBetween } from "~/lib/business-time";

/** On a long stay a cat is weighed every this many nights: on nights 7, 14, 21… counted from its check-in day. */
export const WEIGH_EVERY_NIGHTS = 7;

/** What a weight entry may hold, in whole grams (the database's check holds the same). */
export const CARE_WEIGHT_GRAMS = { min: 500, max: 15_000 } as const;

/** The nights a stay has lasted on `day`, counted from its check-in day (the check-in day itself is night 0). */
export const nightsSince = (checkIn: string, day: string) => daysBetween(checkIn, day);

/** A cat on medication or eating poorly is weighed every this many nights instead (ADR 0188): nights 2, 4, 6… */
export const WEIGH_CLOSELY_EVERY_NIGHTS = 2;

/** Whether a cat checked in on `checkIn` is weighed on `day`: nights 7, 14, 21… of its stay, or 2, 4, 6… when watched `closely`. */
export const weighInDue = (checkIn: string, day: string, closely = false) => {
  const nights = nightsSince(checkIn, day);
  return nights > 0 && nights % (closely ? WEIGH_CLOSELY_EVERY_NIGHTS : WEIGH_EVERY_NIGHTS) === 0;
};
