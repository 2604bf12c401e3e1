import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { dosesOn, outsideWindow } from "./doses";
import { initialsOf, mealsOf, parseTimes } from "./care-log";

describe("the times a person wrote", () => {
  it.each([
    ["8am and 8pm", ["08:00", "20:00"]],
    ["7:30 am / 19:30", ["07:30", "19:30"]],
    ["8 a.m., noon and 8.30 p.m.", ["08:00", "12:00", "20:30"]],
    ["morning and evening", ["08:00", "18:00"]],
    ["twice daily", ["08:00", "20:00"]],
    ["once a day with food", ["08:00"]],
    ["12am", ["00:00"]],
    ["as needed", []],
    ["13pm, 25:00", []],
  ])("%s", (text, times) => expect(parseTimes(text)).toEqual(times));
});

describe("doses", () => {
  const day = addBusinessDays(businessDate(new Date()), 3);

  it("each medication's times are doses, in time order, each with a window of 60 minutes either side", () => {
    const doses = dosesOn(
      [
        { name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" },
        { name: "Gabapentin", dose: "50 mg", times: "noon" },
      ],
      day,
    );
    expect(doses.map((d) => [d.medication, d.time, businessTime(d.windowStart), businessTime(d.windowEnd)])).toEqual([
      ["Methimazole", "08:00", "07:00", "09:00"],
      ["Gabapentin", "12:00", "11:00", "13:00"],
      ["Methimazole", "20:00", "19:00", "21:00"],
    ]);
    expect(doses[0]!.dueAt).toEqual(businessLocalToUtc(day, "08:00"));
  });

  it("a medication whose times name none is due at 08:00", () => {
    expect(dosesOn([{ name: "Drops", dose: "", times: "as directed" }], day).map((d) => d.time)).toEqual(["08:00"]);
  });

  it("is outside its window after 60 minutes either way, not at 60", () => {
    const due = businessLocalToUtc(day, "08:00");
    expect(outsideWindow(due, new Date(due.getTime() + 60 * 60_000))).toBe(false);
    expect(outsideWindow(due, new Date(due.getTime() - 60 * 60_000))).toBe(false);
    expect(outsideWindow(due, new Date(due.getTime() + 60 * 60_000 + 1000))).toBe(true);
    expect(outsideWindow(due, new Date(due.getTime() - 61 * 60_000))).toBe(true);
  });
});

it("meals come from the feeding instructions' times, else breakfast and dinner", () => {
  expect(mealsOf("1/4 can at 7am and 6pm, dry food free")).toEqual([
    { name: "Breakfast", time: "07:00" },
    { name: "Dinner", time: "18:00" },
  ]);
  expect(mealsOf("Wet food only")).toEqual([
    { name: "Breakfast", time: "08:00" },
    { name: "Dinner", time: "17:00" },
  ]);
  expect(mealsOf(null).map((m) => m.name)).toEqual(["Breakfast", "Dinner"]);
});

it("initials come from a name or an address", () => {
  expect(initialsOf("maria.lopez@example.com")).toBe("ML");
  expect(initialsOf("sam@example.com")).toBe("S");
  expect(initialsOf("Jo Ann Smith")).toBe("JA");
});
