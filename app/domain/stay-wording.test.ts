import { describe, expect, it } from "vitest";
import { addBusinessDays, formatCalendarDayWeekday } from "~/lib/business-time";
import { alreadyAcceptedText, arrangementText, cancelRefundText, customerLabel, refundActorLabel, tripSection, tripSections } from "./stay-wording";

describe("My Trips' lists", () => {
  const today = "2026-06-10";
  const item = (id: string, status: "confirmed" | "cancelled" | "expired" | "declined" | "checked_out", checkIn: string) => ({
    id,
    stay: { status, checkIn, checkOut: addBusinessDays(checkIn, 2) },
  });

  it("puts a stay that will not take place apart, and the others by their check-out day", () => {
    expect(tripSection({ status: "confirmed", checkOut: today }, today)).toBe("upcoming");
    expect(tripSection({ status: "checked_out", checkOut: "2026-06-09" }, today)).toBe("past");
    // Picked up on the day, or a day early: the stay is over.
    expect(tripSection({ status: "checked_out", checkOut: today }, today)).toBe("past");
    expect(tripSection({ status: "no_show", checkOut: today }, today)).toBe("past");
    for (const status of ["cancelled", "expired", "declined"] as const) expect(tripSection({ status, checkOut: "2026-07-01" }, today)).toBe("cancelled");
  });

  it("lists upcoming stays soonest first, past and cancelled ones latest first", () => {
    const lists = tripSections(
      [
        item("far", "confirmed", "2026-09-01"),
        item("cancelled-soon", "cancelled", "2026-06-20"),
        item("near", "confirmed", "2026-06-15"),
        item("long-ago", "checked_out", "2025-01-01"),
        item("cancelled-later", "expired", "2026-08-01"),
        item("recent", "checked_out", "2026-05-01"),
      ],
      today,
    );
    expect(lists.upcoming.map((i) => i.id)).toEqual(["near", "far"]);
    expect(lists.past.map((i) => i.id)).toEqual(["recent", "long-ago"]);
    expect(lists.cancelled.map((i) => i.id)).toEqual(["cancelled-later", "cancelled-soon"]);
  });
});

describe("the cancel panel's refund", () => {
  it("states what goes back to the card, whole, in part or nothing, and says nothing without a deposit", () => {
    expect(cancelRefundText(4_000, { paidCents: 4_000, refundedCents: 0 })).toBe("$40.00 goes back to your card: your whole deposit.");
    expect(cancelRefundText(3_000, { paidCents: 4_000, refundedCents: 1_000 })).toBe("$30.00 goes back to your card: the rest of your deposit.");
    expect(cancelRefundText(1_500, { paidCents: 4_000, refundedCents: 0 })).toBe(
      "$15.00 of your deposit goes back to your card; the rest is kept towards the fee.",
    );
    expect(cancelRefundText(0, { paidCents: 4_000, refundedCents: 0 })).toBe("None of your deposit goes back to your card: it is kept towards the fee.");
    expect(cancelRefundText(0, { paidCents: 0, refundedCents: 0 })).toBeNull();
    expect(cancelRefundText(0, { paidCents: 4_000, refundedCents: 4_000 })).toBeNull();
  });
});

describe("a second Accept of an offer", () => {
  it("says the offer is already accepted and where the stay is listed", () => {
    const stay = { status: "confirmed" as const, checkIn: "2026-07-06", checkOut: "2026-07-08" };
    const dates = `${formatCalendarDayWeekday("2026-07-06")} to ${formatCalendarDayWeekday("2026-07-08")}`;
    expect(alreadyAcceptedText(stay, "2026-06-10")).toBe(`You've already accepted this offer. Your stay, ${dates}, is listed under Upcoming.`);
    expect(alreadyAcceptedText({ ...stay, status: "cancelled" }, "2026-06-10")).toBe(
      `You accepted this offer earlier; that stay, ${dates}, has since been cancelled. It is listed under Cancelled.`,
    );
  });
});

describe("the staff desk's names", () => {
  it("names a customer by the household's name, else the e-mail; Deleted account only without an account", () => {
    expect(customerLabel({ name: "Ana Ruiz", email: "ana@example.com" })).toBe("Ana Ruiz");
    expect(customerLabel({ name: null, email: "ana@example.com" })).toBe("ana@example.com");
    expect(customerLabel({ name: "  ", email: "ana@example.com" })).toBe("ana@example.com");
    expect(customerLabel(null)).toBe("Deleted account");
  });

  it("says who gave a refund back without an internal id", () => {
    expect(refundActorLabel("customer:5b1e0c6e-7c1a-4a53-9d0e-3f1c2b4a5d6e")).toBe("by the customer");
    expect(refundActorLabel("customer")).toBe("by the customer");
    expect(refundActorLabel("staff@example.com")).toBe("by staff@example.com");
    expect(refundActorLabel("staff:owner@example.com")).toBe("by owner@example.com");
    expect(refundActorLabel("provider")).toBe("by the payment provider");
    expect(refundActorLabel("system:payments")).toBe("automatically");
  });
});

describe("how the cats share their suites", () => {
  it("says both for two cats, all and the number for more, and nothing for one", () => {
    expect(arrangementText(1, "together")).toBe("");
    expect(arrangementText(2, "together")).toBe("Both cats share one suite.");
    expect(arrangementText(3, "together")).toBe("All 3 cats share one suite.");
    expect(arrangementText(2, "separate")).toBe("One suite for each cat.");
  });
});
