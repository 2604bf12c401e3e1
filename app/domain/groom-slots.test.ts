import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { type GroomerDay, freeTimes, groomLength } from "./groom-slots";

const today = businessDate(new Date());
/** The next day (from today) with the given weekday, 0 = Sunday. */
function nextWeekday(weekday: number, from = addBusinessDays(today, 1)) {
  for (let d = from; ; d = addBusinessDays(d, 1)) if (new Date(`${d}T12:00:00Z`).getUTCDay() === weekday) return d;
}
/** The next day whose clocks change: a day that is not 24 hours long. */
function nextClockChange(direction: "forward" | "back") {
  for (let d = today; ; d = addBusinessDays(d, 1)) {
    const hours = (+businessLocalToUtc(addBusinessDays(d, 1), "00:00") - +businessLocalToUtc(d, "00:00")) / 3_600_000;
    if ((direction === "forward" && hours === 23) || (direction === "back" && hours === 25)) return d;
  }
}

const weekday = nextWeekday(2);
const longAgo = new Date(0);
const groomer = (over: Partial<GroomerDay> = {}): GroomerDay => ({
  groomerId: "g1",
  hours: [{ from: "09:00", to: "17:00" }],
  breaks: [{ from: "12:00", to: "13:00" }],
  dayOff: false,
  busy: [],
  ...over,
});
const at = (day: string, time: string) => businessLocalToUtc(day, time);
const times = (day: string, minutes: number, groomers: GroomerDay[], notBefore = longAgo) => freeTimes(day, minutes, groomers, notBefore).map((t) => t.time);

describe("free start times for a groom", () => {
  it("offers every quarter hour at which the whole groom fits in the hours and outside the break", () => {
    const offered = times(weekday, 90, [groomer()]);
    expect(offered[0]).toBe("09:00");
    // A 90-minute groom starting after 10:30 would run into the lunch break.
    expect(offered).toContain("10:30");
    expect(offered).not.toContain("10:45");
    expect(offered).not.toContain("12:00");
    expect(offered).toContain("13:00");
    // The last start that ends by 5 pm.
    expect(offered.at(-1)).toBe("15:30");
    expect(offered).toHaveLength(7 + 11);
  });

  it("a longer groom (two cats) has fewer start times", () => {
    const { durationMinutes } = groomLength({ durationMinutes: 90, priceCents: 8500 }, 2);
    expect(durationMinutes).toBe(180);
    expect(times(weekday, durationMinutes, [groomer()])).toEqual(["09:00", "13:00", "13:15", "13:30", "13:45", "14:00"]);
  });

  it("leaves out the times an existing groom takes, and those that would run into it", () => {
    const busy = [{ startsAt: at(weekday, "10:00"), endsAt: at(weekday, "11:00") }];
    const offered = times(weekday, 60, [groomer({ busy })]);
    expect(offered).toEqual(expect.arrayContaining(["09:00", "11:00"]));
    for (const taken of ["09:15", "09:30", "09:45", "10:00", "10:45"]) expect(offered).not.toContain(taken);
  });

  it("offers nothing on a day off or a weekday without hours", () => {
    expect(times(weekday, 60, [groomer({ dayOff: true })])).toEqual([]);
    expect(times(weekday, 60, [groomer({ hours: [], breaks: [] })])).toEqual([]);
  });

  it("offers a time when any groomer is free, naming who is", () => {
    const busy = [{ startsAt: at(weekday, "09:00"), endsAt: at(weekday, "10:00") }];
    const [first] = freeTimes(weekday, 60, [groomer({ busy }), groomer({ groomerId: "g2" })], longAgo);
    expect(first).toMatchObject({ time: "09:00", groomerIds: ["g2"] });
  });

  it("never offers a time before `notBefore`", () => {
    expect(times(weekday, 60, [groomer()], at(weekday, "14:10"))).toEqual(["14:15", "14:30", "14:45", "15:00", "15:15", "15:30", "15:45", "16:00"]);
  });

  it.each(["forward", "back"] as const)("gives the same local times on the day the clocks go %s, at the right instants", (direction) => {
    const day = nextClockChange(direction);
    const dayBefore = addBusinessDays(day, -1);
    const slots = freeTimes(day, 60, [groomer()], longAgo);
    expect(slots.map((s) => s.time)).toEqual(times(dayBefore, 60, [groomer()]));
    for (const slot of slots) {
      expect(businessDate(slot.startsAt)).toBe(day);
      expect(businessTime(slot.startsAt)).toBe(slot.time);
      expect(+slot.endsAt - +slot.startsAt).toBe(3_600_000);
    }
    // 9 am is 16:00 UTC in summer time, 17:00 in winter time.
    expect(slots[0]!.startsAt.getUTCHours()).toBe(direction === "forward" ? 16 : 17);
  });
});
