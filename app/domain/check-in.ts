import type { StayStatus } from "./stay-status";

/**
 * Online check-in (ADR 0158): what the owner confirms for a stay before arriving, and the one rule
 * for where a stay's check-in stands, shared by My Trips, the desk and the reminder.
 */

/** One medication as the owner confirms it for a stay: what, when, and how many pills or doses come with the cat. */
export interface StayMedication {
  name: string;
  times: string;
  doses: number;
}

/** A cat's care plan for one stay (its name as it was when confirmed). */
export interface CatCarePlan {
  catId: string;
  catName: string;
  food: string;
  amountPerMeal: string;
  medications: StayMedication[];
  hidingAndFears: string;
  belongings: string;
}

export const CHECK_IN_STATUSES = ["not_started", "incomplete", "ready"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export const CHECK_IN_STATUS_LABELS: Record<CheckInStatus, string> = {
  not_started: "Not started",
  incomplete: "Incomplete",
  ready: "Ready",
};

/** What the status is worked out from. */
export interface CheckInFacts {
  /** The cats on the stay now (a cat whose record was deleted has no id and is not asked about). */
  stayCatIds: readonly string[];
  /** The cats of the confirmed care plan; null: no plan confirmed. */
  planCatIds: readonly string[] | null;
  /** The boarding agreement is signed for this stay. */
  signed: boolean;
}

/**
 * Ready once the care plan is confirmed for every cat on the stay (a cat added since is not
 * covered) and the agreement is signed; incomplete when one of them was started; not started else.
 */
export function checkInStatus({ stayCatIds, planCatIds, signed }: CheckInFacts): CheckInStatus {
  const planned = planCatIds !== null && stayCatIds.every((id) => planCatIds.includes(id));
  if (planned && signed) return "ready";
  return planCatIds !== null || signed ? "incomplete" : "not_started";
}

/** Stays the owner may check in online: booked, not yet arrived. */
export const CHECK_IN_OPEN_STATUSES = ["pending_review", "confirmed"] as const satisfies readonly StayStatus[];

export const checkInOpen = (stay: { status: StayStatus; checkIn: string }, today: string) =>
  (CHECK_IN_OPEN_STATUSES as readonly StayStatus[]).includes(stay.status) && stay.checkIn >= today;

/** The page's address, which the reminder links to. */
export const checkInPath = (stayId: string) => `/trips/${stayId}/check-in`;

/** At most this many people besides the owner may collect the cat. */
export const MAX_PICKUP_PEOPLE = 3;
export const TOO_MANY_PICKUP_PEOPLE = "You can name up to three people to collect your cat.";

/** How many medication rows a cat's form offers: what is known, and one more, up to five. */
export const MAX_STAY_MEDICATIONS = 5;
