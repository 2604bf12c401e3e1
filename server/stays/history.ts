import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { teamMemberName } from "~/domain/team-names";
import { formatCents } from "~/lib/money";
import type { Db } from "../db/client";
import { paymentRefunds, payments, stayEvents, users } from "../db/schema/index";

/**
 * A stay's history at the desk (ADR 0196): what happened to it and who did it, by name: the booking,
 * the check-in and its hand-over, the agreement, each payment, each refund, the release (a manager's
 * override with the manager who confirmed it) and the check-out. Read from the stay's event log and its
 * refunds; the Care log (the staff stay page) holds the care entries, each with its name too.
 */

export interface StayHistoryLine {
  at: string;
  what: string;
  /** Who did it: a team member's name, "The owner", or "Automatic" for the hotel's own jobs. */
  by: string;
}

const money = (cents: unknown) => (typeof cents === "number" ? formatCents(cents) : "");

/** What an event says, in the desk's words; a kind without words of its own is named as it is. */
function eventText(kind: string, detail: Record<string, unknown>): string {
  switch (kind) {
    case "booked":
      return "Booked";
    case "approve":
      return "Vaccine records approved, stay confirmed";
    case "decline":
      return "Declined";
    case "checkIn":
      return typeof detail.agreementOverride === "string" ? `Checked in without the signed agreement: ${detail.agreementOverride}` : "Checked in";
    case "checkOut":
      return typeof detail.reason === "string" ? `Checked out with a balance unpaid: ${detail.reason}` : "Checked out";
    case "noShow":
      return "Marked as not shown up";
    case "agreement-signed":
      return typeof detail.witness === "string" ? `Boarding agreement signed at the desk, witnessed by ${detail.witness}` : "Boarding agreement signed online";
    case "check-in-plan-confirmed":
      return "Care plan confirmed online";
    case "deposit_paid":
      return `Deposit paid ${money(detail.amountCents)}`.trim();
    case "balance_paid":
      return `Balance taken ${detail.method === "check" ? "by check" : detail.method === "cash" ? "in cash" : "by card"} ${money(detail.amountCents)}`.trim();
    case "balance_link_sent":
      return `Card payment link sent ${money(detail.amountCents)}`.trim();
    case "released":
      return detail.method === "override"
        ? `Released without a pickup code by a manager's override${typeof detail.confirmedBy === "string" ? `, confirmed by ${detail.confirmedBy}` : ""}: ${String(detail.reason ?? "")}`
        : `Released to ${String(detail.collectedBy ?? "the person with the pickup code")} with their pickup code`;
    case "moved":
      return "Moved to another suite";
    case "cancelled":
      return "Cancelled";
    case "bill_line_removed":
      return `Removed from the bill: ${String(detail.label ?? "a line")} ${money(detail.cents)}`.trim();
    default:
      return kind.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
  }
}

/** The stay's history, oldest first. */
export async function stayHistory(db: Db, stayId: string): Promise<StayHistoryLine[]> {
  const [events, refunds] = await Promise.all([
    // A refund is read from its own row below, with its amount and reason, whoever asked for it.
    db
      .select()
      .from(stayEvents)
      .where(and(eq(stayEvents.stayId, stayId), ne(stayEvents.kind, "refund_queued")))
      .orderBy(asc(stayEvents.at)),
    db
      .select({ amountCents: paymentRefunds.amountCents, reason: paymentRefunds.reason, actor: paymentRefunds.actor, at: paymentRefunds.createdAt })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(payments.stayId, stayId)),
  ]);
  const actors = [...events.map((e) => e.actor), ...refunds.map((r) => r.actor)];
  const emails = [...new Set(actors.flatMap((a) => (a.startsWith("staff:") ? [a.slice("staff:".length)] : [])))];
  const members = emails.length === 0 ? [] : await db.select({ fullName: users.fullName, email: users.email }).from(users).where(inArray(users.email, emails));
  const byOf = (actor: string) => {
    if (actor.startsWith("staff:")) {
      const email = actor.slice("staff:".length);
      return teamMemberName(members.find((m) => m.email === email) ?? { fullName: null, email });
    }
    return actor.startsWith("customer:") ? "The owner" : "Automatic";
  };
  return [
    ...events.map((e) => ({ at: e.at, what: eventText(e.kind, e.detail), by: byOf(e.actor) })),
    ...refunds.map((r) => ({ at: r.at, what: `Refund ${formatCents(r.amountCents)}: ${r.reason}`, by: byOf(r.actor) })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((line) => ({ ...line, at: line.at.toISOString() }));
}
