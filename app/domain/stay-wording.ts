import { formatCalendarDayWeekday } from "~/lib/business-time";
import { type StayStatus } from "./stay-status";
import { formatCents } from "~/lib/money";

/**
 * What the stay pages and the staff desk say in words, as plain functions: each says what happened
 * or what will happen, in the customer's (or the staff's) terms, never an internal id or code.
 */

/** The lists of My Trips a booked stay appears in. */
export type TripSection = "upcoming" | "past" | "cancelled";

export const TRIP_SECTION_TITLES: Record<TripSection, string> = { upcoming: "Upcoming", past: "Past", cancelled: "Cancelled" };

/** A stay that will not take place: cancelled (by the customer or staff), declined, or a hold that ended unpaid or untaken. */
const CALLED_OFF: readonly StayStatus[] = ["cancelled", "declined", "expired"];

/**
 * Where My Trips lists a stay: called off stays apart; a stay that has ended (checked out, even a day
 * early, or not shown up for) is past; the others are upcoming until their check-out day has passed.
 */
export function tripSection(stay: { status: StayStatus; checkOut: string }, today: string): TripSection {
  if (CALLED_OFF.includes(stay.status)) return "cancelled";
  if (stay.status === "checked_out" || stay.status === "no_show") return "past";
  return stay.checkOut >= today ? "upcoming" : "past";
}

/**
 * My Trips' stays by list: upcoming ones soonest first (the next trip on top), past and cancelled
 * ones latest first. The input's order breaks ties (the household's stays come newest booking first).
 */
export function tripSections<T extends { stay: { status: StayStatus; checkIn: string; checkOut: string } }>(
  items: readonly T[],
  today: string,
): Record<TripSection, T[]> {
  const of = (section: TripSection) => items.filter((i) => tripSection(i.stay, today) === section);
  const soonest = (a: T, b: T) => (a.stay.checkIn < b.stay.checkIn ? -1 : a.stay.checkIn > b.stay.checkIn ? 1 : 0);
  return {
    upcoming: of("upcoming").sort(soonest),
    past: of("past").sort((a, b) => soonest(b, a)),
    cancelled: of("cancelled").sort((a, b) => soonest(b, a)),
  };
}

/**
 * What cancelling today gives back to the card of a paid deposit, under the refund rule the
 * cancellation applies (`refundCents`), always with the amount; nothing to say when no deposit is
 * left to give back.
 */
export function cancelRefundText(refundCents: number, deposit: { paidCents: number; refundedCents: number }): string | null {
  const left = deposit.paidCents - deposit.refundedCents;
  if (left <= 0) return null;
  if (refundCents <= 0) return "None of your deposit goes back to your card: it is kept towards the fee.";
  if (refundCents >= left)
    return `${formatCents(refundCents)} goes back to your card: ${deposit.refundedCents === 0 ? "your whole deposit" : "the rest of your deposit"}.`;
  return `${formatCents(refundCents)} of your deposit goes back to your card; the rest is kept towards the fee.`;
}

/** The answer to Accept on an offer the household took already: which stay it is and where the page lists it. */
export function alreadyAcceptedText(stay: { status: StayStatus; checkIn: string; checkOut: string }, today: string): string {
  const dates = `${formatCalendarDayWeekday(stay.checkIn)} to ${formatCalendarDayWeekday(stay.checkOut)}`;
  const section = tripSection(stay, today);
  if (section === "cancelled") return `You accepted this offer earlier; that stay, ${dates}, has since been cancelled. It is listed under Cancelled.`;
  return `You've already accepted this offer. Your stay, ${dates}, is listed under ${TRIP_SECTION_TITLES[section]}.`;
}

/**
 * Why a cat cannot be booked for these nights: it is booked already, for the nights of that stay
 * (a cat sleeps in one suite a night, ADR 0141). The same words whether the check before booking or
 * the database's constraint found it.
 */
export function catAlreadyBookedText(catName: string, stay: { checkIn: string; checkOut: string }): string {
  return `${catName} is already booked for ${formatCalendarDayWeekday(stay.checkIn)} to ${formatCalendarDayWeekday(stay.checkOut)}. Choose other dates or other cats.`;
}

/** Who a stay is for, on the staff desk: the household's name, else the account's e-mail; "Deleted account" only for an account that was deleted. */
export function customerLabel(customer: { name: string | null; email: string | null } | null): string {
  if (!customer) return "Deleted account";
  const name = customer.name?.trim();
  if (name) return name;
  return customer.email ?? "Deleted account";
}

/**
 * Who gave a refund back, as the Payments list says it after "by": the customer (by cancelling,
 * whether or not the account still exists), the staff member by e-mail, the payment provider, or
 * the system (a payment that came in after its hold ended).
 */
/** How a payment was taken, in words: "Stripe", "simulated provider", "cash" or "check". */
export function paymentMethodLabel(payment: { method: "card" | "cash" | "check"; provider: "stripe" | "simulated" | null }): string {
  if (payment.method !== "card") return payment.method;
  return payment.provider === "stripe" ? "Stripe" : "simulated provider";
}

export function refundActorLabel(actor: string): string {
  if (actor === "customer" || actor.startsWith("customer:")) return "by the customer";
  if (actor === "provider") return "by the payment provider";
  if (actor.startsWith("system:")) return "automatically";
  return `by ${actor.startsWith("staff:") ? actor.slice("staff:".length) : actor}`;
}

/** How a household's cats share suites: all in one, or one suite each (the booking form's choice). */
export const ARRANGEMENTS = ["together", "separate"] as const;
export type Arrangement = (typeof ARRANGEMENTS)[number];

/** "Both cats share one suite.", "All 3 cats share one suite.", "One suite for each cat."; nothing for one cat. */
export function arrangementText(catCount: number, arrangement: Arrangement): string {
  if (catCount <= 1) return "";
  if (arrangement === "separate") return "One suite for each cat.";
  return catCount === 2 ? "Both cats share one suite." : `All ${catCount} cats share one suite.`;
}

const namesText = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

/**
 * What the booking says about medication (ADR 0194): it is no choice but follows the cats, each cat
 * whose profile lists one charged per night, and the care plan of the online check-in may change it.
 */
export function medicationText(medicatedNames: readonly string[], rateCents: number): string {
  const rate = `${formatCents(rateCents)} per cat per night`;
  if (medicatedNames.length === 0)
    return `No medication is listed in these cats' profiles. If a cat takes one, add it to the cat's profile or to the care plan at online check-in: our team gives it for ${rate}.`;
  const whose = medicatedNames.length === 1 ? `${medicatedNames[0]}'s profile lists` : "their profiles list";
  return `Medication given by our team for ${namesText(medicatedNames)}, as ${whose}: ${rate}. The care plan you confirm at online check-in can change it.`;
}

/** Why a booked stay's price changed by itself (ADR 0194), as its `repriced` event records it. */
export type RepricedReason = { reason: "care-plan"; medicatedCats: number } | { reason: "first-night-free"; cancelledCheckIn: string };
export type RepricedDetail = RepricedReason & { fromCents: number; toCents: number };

/** What the stay's page says of a price that changed by itself. */
export function repricedText(detail: RepricedDetail): string {
  const change = `The price went from ${formatCents(detail.fromCents)} to ${formatCents(detail.toCents)}`;
  if (detail.reason === "first-night-free")
    return `Your first night on this stay is free: the stay from ${formatCalendarDayWeekday(detail.cancelledCheckIn)} that had it was called off before you arrived, so the offer came back to you. ${change}.`;
  const cats = detail.medicatedCats === 0 ? "no cat" : `${detail.medicatedCats} ${detail.medicatedCats === 1 ? "cat" : "cats"}`;
  return `The care plan you confirmed at online check-in has medication for ${cats}, charged per cat per night. ${change}; the difference is on your bill at check-out.`;
}
