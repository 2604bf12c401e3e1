import { describe, expect, it } from "vitest";
import { type CalendarRule, type StaySettings, dateProblems, nightsOf, weekdayOf, windowsOn } from "./calendar";
import { cancellationFeeOn, cancellationTiers } from "./cancellation";
import { depositFor, depositRefundOn } from "./deposits";
import { medicatedCatsCharged, medicationLine, priceStay, repriceBooked } from "./pricing";

const weekdays = [
  { from: "09:00", to: "12:00" },
  { from: "13:00", to: "17:00" },
];
const settings: StaySettings = {
  arrivalWindows: [[], weekdays, weekdays, weekdays, weekdays, weekdays, [{ from: "09:00", to: "12:00" }]],
  departureWindows: [[], weekdays, weekdays, weekdays, weekdays, weekdays, [{ from: "09:00", to: "12:00" }]],
  maxNights: 30,
  freeCancellationDays: 3,
  lateCancellationFeePercent: 50,
  medicationRateCents: 500,
  waitlistOfferHours: 24,
  firstNightFreeMinNights: 3,
};

const rule = (r: Partial<CalendarRule> & Pick<CalendarRule, "kind" | "startsOn" | "endsOn">): CalendarRule => ({
  id: `${r.kind}-${r.startsOn}`,
  name: "Holiday",
  surchargePercent: 0,
  minNights: 1,
  freeCancellationDays: null,
  lateCancellationFeePercent: null,
  closedForArrival: false,
  closedForDeparture: false,
  ...r,
});

const deluxe = { name: "Deluxe Suite", maxCats: 3, nightlyRateCents: 6500, extraCatRateCents: 3000 };

describe("nights", () => {
  it("counts calendar nights across both daylight-saving changes", () => {
    // Los Angeles springs forward on 2026-03-08 and falls back on 2026-11-01: still three nights each.
    expect(nightsOf("2026-03-07", "2026-03-10")).toEqual(["2026-03-07", "2026-03-08", "2026-03-09"]);
    expect(nightsOf("2026-10-31", "2026-11-03")).toHaveLength(3);
    expect(nightsOf("2025-12-31", "2026-01-01")).toEqual(["2025-12-31"]);
  });

  it("knows the weekday of a date whatever the machine's zone", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-28")).toBe(6);
  });
});

describe("dates a stay may have", () => {
  const today = "2026-11-23"; // a Monday

  it("refuses the past, an empty stay and more nights than the house allows", () => {
    expect(dateProblems(settings, [], "2026-11-20", "2026-11-24", today)[0]!.message).toBe("Check-in can't be in the past.");
    expect(dateProblems(settings, [], "2026-11-24", "2026-11-24", today)[0]!.message).toBe("Check-out must be after check-in.");
    expect(dateProblems(settings, [], "2026-11-24", "2026-12-30", today)[0]!.message).toMatch(/at most 30 nights/);
  });

  it("refuses Sunday arrivals and departures (the published hours) and days a rule closes", () => {
    expect(dateProblems(settings, [], "2026-11-29", "2026-12-01", today)).toEqual([
      { field: "checkIn", message: "We're closed for arrivals that day. Please choose another check-in date." },
    ]);
    expect(dateProblems(settings, [], "2026-11-27", "2026-11-29", today)[0]!.field).toBe("checkOut");
    const thanksgiving = rule({ kind: "closed", startsOn: "2026-11-26", endsOn: "2026-11-26", closedForArrival: true });
    expect(windowsOn(settings, [thanksgiving], "2026-11-26", "arrival")).toEqual([]);
    expect(windowsOn(settings, [thanksgiving], "2026-11-26", "departure")).toEqual(weekdays);
  });

  it("enforces a peak period's minimum nights and refuses blackout nights", () => {
    const peak = rule({ kind: "peak", name: "Christmas", startsOn: "2026-12-24", endsOn: "2026-12-27", minNights: 3, surchargePercent: 25 });
    expect(dateProblems(settings, [peak], "2026-12-24", "2026-12-26", today)).toEqual([
      { field: "checkOut", message: "Stays over Christmas are at least 3 nights." },
    ]);
    expect(dateProblems(settings, [peak], "2026-12-24", "2026-12-28", today)).toEqual([]);
    const blackout = rule({ kind: "blackout", name: "the renovation", startsOn: "2026-12-01", endsOn: "2026-12-02" });
    expect(dateProblems(settings, [blackout], "2026-11-30", "2026-12-03", today)[0]!.message).toBe("We're not taking stays over the renovation.");
  });
});

describe("price", () => {
  it("charges the first cat's rate, the extra cat's rate, the peak surcharge on peak nights and medication", () => {
    const peak = rule({ kind: "peak", name: "Christmas", startsOn: "2026-12-25", endsOn: "2026-12-26", surchargePercent: 25 });
    const { lines, totalCents } = priceStay(settings, [peak], {
      checkIn: "2026-12-24",
      checkOut: "2026-12-28",
      suites: [{ rates: deluxe, cats: 2 }],
      medicationCats: 1,
    });
    expect(lines).toEqual([
      { label: "Deluxe Suite, 2 cats: 4 nights × $95.00", cents: 38000 },
      { label: "Christmas surcharge, 25%: 2 nights", cents: 4750 },
      { label: "Medication: 1 cat × 4 nights × $5.00", cents: 2000 },
    ]);
    expect(totalCents).toBe(44750);
  });

  it("gives a new customer the first night's room price back on a stay as long as the house rules ask, and nothing on a shorter one", () => {
    const peak = rule({ kind: "peak", name: "Christmas", startsOn: "2026-12-24", endsOn: "2026-12-24", surchargePercent: 20 });
    const stay = { checkIn: "2026-12-24", checkOut: "2026-12-27", suites: [{ rates: deluxe, cats: 2 }], medicationCats: 1, firstNightFree: true };
    const { lines, totalCents, firstNightFreeCents } = priceStay(settings, [peak], stay);
    expect(lines).toEqual([
      { label: "Deluxe Suite, 2 cats: 3 nights × $95.00", cents: 28500 },
      { label: "Christmas surcharge, 20%: 1 night", cents: 1900 },
      { label: "Medication: 1 cat × 3 nights × $5.00", cents: 1500 },
      { label: "First night free", cents: -9500 },
    ]);
    expect(firstNightFreeCents).toBe(9500);
    expect(totalCents).toBe(28500 + 1900 + 1500 - 9500);
    expect(priceStay(settings, [peak], { ...stay, checkOut: "2026-12-26" }).firstNightFreeCents).toBe(0);
    expect(priceStay(settings, [peak], { ...stay, firstNightFree: false }).lines).toHaveLength(3);
    expect(priceStay({ ...settings, firstNightFreeMinNights: null }, [peak], stay).firstNightFreeCents).toBe(0);
  });

  it("takes a referral credit off as one night's room price, after the first night free, never below nothing", () => {
    const stay = { checkIn: "2026-12-01", checkOut: "2026-12-04", suites: [{ rates: deluxe, cats: 2 }], medicationCats: 0, referralCredit: true };
    const credited = priceStay(settings, [], stay);
    expect(credited.lines.at(-1)).toEqual({ label: "Referral credit", cents: -9500 });
    expect(credited).toMatchObject({ totalCents: 28500 - 9500, referralCreditCents: 9500, firstNightFreeCents: 0 });
    const both = priceStay(settings, [], { ...stay, firstNightFree: true });
    expect(both.lines.slice(-2).map((l) => l.label)).toEqual(["First night free", "Referral credit"]);
    expect(both.totalCents).toBe(28500 - 2 * 9500);
    // A one-night stay the first night free does not cover: the credit is the whole night, no more.
    const one = priceStay(settings, [], { ...stay, checkOut: "2026-12-02" });
    expect(one).toMatchObject({ totalCents: 0, referralCreditCents: 9500 });
    expect(priceStay(settings, [], { ...stay, referralCredit: false }).referralCreditCents).toBe(0);
  });

  it("prices separate suites one cat each", () => {
    const { totalCents } = priceStay(settings, [], {
      checkIn: "2026-12-01",
      checkOut: "2026-12-03",
      suites: [
        { rates: deluxe, cats: 1 },
        { rates: deluxe, cats: 1 },
      ],
      medicationCats: 0,
    });
    expect(totalCents).toBe(2 * 2 * 6500);
  });
});

describe("cancellation", () => {
  it("is free until the cut-off and costs the fee from then, as dates", () => {
    const tiers = cancellationTiers(settings, [], { checkIn: "2026-12-10", checkOut: "2026-12-12", totalCents: 13000, bookedOn: "2026-11-23" });
    expect(tiers).toEqual([
      { from: "2026-11-23", feeCents: 0 },
      { from: "2026-12-07", feeCents: 6500 },
    ]);
    expect(cancellationFeeOn(tiers, "2026-12-06")).toBe(0);
    expect(cancellationFeeOn(tiers, "2026-12-07")).toBe(6500);
  });

  it("follows the strictest peak terms, and charges from the booking day when booked inside the window", () => {
    const peak = rule({ kind: "peak", startsOn: "2026-12-24", endsOn: "2026-12-26", freeCancellationDays: 14, lateCancellationFeePercent: 100 });
    expect(cancellationTiers(settings, [peak], { checkIn: "2026-12-24", checkOut: "2026-12-27", totalCents: 30000, bookedOn: "2026-11-23" })).toEqual([
      { from: "2026-11-23", feeCents: 0 },
      { from: "2026-12-10", feeCents: 30000 },
    ]);
    expect(cancellationTiers(settings, [], { checkIn: "2026-11-25", checkOut: "2026-11-27", totalCents: 13000, bookedOn: "2026-11-23" })).toEqual([
      { from: "2026-11-23", feeCents: 6500 },
    ]);
  });
});

describe("deposits", () => {
  const stay = { checkIn: "2026-12-23", checkOut: "2026-12-26", totalCents: 30_000 };

  it("asks the largest deposit a rule over one of the stay's nights sets, never more than the price", () => {
    expect(depositFor([], stay)).toBe(0);
    // A rule that starts on the check-out day covers none of the nights.
    expect(depositFor([rule({ kind: "peak", startsOn: "2026-12-26", endsOn: "2026-12-31", depositPercent: 50 })], stay)).toBe(0);
    expect(depositFor([rule({ kind: "peak", startsOn: "2026-12-25", endsOn: "2026-12-31", depositPercent: 25 })], stay)).toBe(7_500);
    expect(
      depositFor(
        [
          rule({ kind: "peak", startsOn: "2026-12-20", endsOn: "2026-12-23", depositPercent: 25 }),
          rule({ kind: "peak", startsOn: "2026-12-24", endsOn: "2026-12-24", depositCents: 10_000 }),
        ],
        stay,
      ),
    ).toBe(10_000);
    expect(depositFor([rule({ kind: "peak", startsOn: "2026-12-20", endsOn: "2026-12-31", depositCents: 50_000 })], stay)).toBe(30_000);
  });

  it("gives back the paid deposit less the fee of the day, never below nothing", () => {
    const tiers = [
      { from: "2026-11-01", feeCents: 0 },
      { from: "2026-12-20", feeCents: 15_000 },
    ];
    expect(depositRefundOn(tiers, "2026-12-19", 10_000)).toBe(10_000);
    expect(depositRefundOn(tiers, "2026-12-20", 20_000)).toBe(5_000);
    expect(depositRefundOn(tiers, "2026-12-22", 10_000)).toBe(0);
  });
});

describe("repricing a booked price in one part", () => {
  const suite = { name: "Deluxe", maxCats: 2, nightlyRateCents: 5000, extraCatRateCents: 2000 };
  const booked = priceStay(settings, [], {
    checkIn: "2026-12-01",
    checkOut: "2026-12-04",
    suites: [{ rates: suite, cats: 2 }],
    medicationCats: 1,
    firstNightFree: true,
    referralCredit: true,
  });
  const stored = { lines: booked.lines, firstNightFreeCents: booked.firstNightFreeCents, referralCreditCents: booked.referralCreditCents };

  it("reads back how many cats the medication line charges", () => {
    expect(medicatedCatsCharged(booked.lines)).toBe(1);
    expect(medicatedCatsCharged([{ label: "Medication: 3 cats × 2 nights × $5.00", cents: 3000 }])).toBe(3);
    expect(medicatedCatsCharged([])).toBe(0);
  });

  it("changes the medication line only, keeping the room as booked and the offers after the charges", () => {
    const both = repriceBooked(stored, { medication: medicationLine(settings, 2, 3) });
    expect(both.totalCents).toBe(booked.totalCents + 1500);
    expect(both.lines.map((l) => l.label)).toEqual(booked.lines.map((l) => l.label.replace("1 cat", "2 cats")));
    const none = repriceBooked(stored, { medication: null });
    expect(none.totalCents).toBe(booked.totalCents - 1500);
    expect(none.lines.some((l) => l.label.startsWith("Medication"))).toBe(false);
    expect(repriceBooked(stored, {})).toEqual(booked);
  });

  it("adds a first night free and keeps the referral credit, never above what is left", () => {
    const plain = priceStay(settings, [], {
      checkIn: "2026-12-01",
      checkOut: "2026-12-02",
      suites: [{ rates: suite, cats: 1 }],
      medicationCats: 0,
      referralCredit: true,
    });
    expect(plain.totalCents).toBe(0);
    const freed = repriceBooked({ lines: plain.lines, firstNightFreeCents: 0, referralCreditCents: plain.referralCreditCents }, { firstNightFreeCents: 5000 });
    expect(freed).toMatchObject({ totalCents: 0, firstNightFreeCents: 5000, referralCreditCents: 0 });
    expect(freed.lines.at(-1)).toEqual({ label: "First night free", cents: -5000 });
  });
});
