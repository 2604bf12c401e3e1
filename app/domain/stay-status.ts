/**
 * Where a stay is in its life, and which of those states hold its suite. Shared by the pages and
 * the server, so what a customer is told is what the database holds.
 */

export const STAY_STATUSES = [
  "offered",
  "awaiting_payment",
  "pending_review",
  "confirmed",
  "checked_in",
  "checked_out",
  "cancelled",
  "declined",
  "no_show",
  "expired",
] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

/** The statuses in which a stay holds its suite. */
export const HOLDING_STATUSES = ["offered", "awaiting_payment", "pending_review", "confirmed", "checked_in"] as const satisfies readonly StayStatus[];

/** The statuses in which a groom can be added on the departure day: a booked stay (a waitlist offer not yet taken is not). */
export const GROOMABLE_STAY_STATUSES = ["pending_review", "confirmed", "checked_in"] as const satisfies readonly StayStatus[];

export const STAY_STATUS_LABELS: Record<StayStatus, string> = {
  offered: "Offer waiting for you",
  awaiting_payment: "Deposit due",
  pending_review: "Pending review",
  confirmed: "Confirmed",
  checked_in: "Checked in",
  checked_out: "Checked out",
  cancelled: "Cancelled",
  declined: "Declined",
  no_show: "No-show",
  expired: "Expired",
};

export type WaitlistStatus = "waiting" | "offered" | "booked" | "withdrawn" | "expired";
