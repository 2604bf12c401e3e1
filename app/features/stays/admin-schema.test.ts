import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { guaranteeForm, stayWindowsForm } from "./admin-schema";

/** The form as the browser posts it: `arrival[1][0].from` and so on; blank fields are left out. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "windows");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: stayWindowsForm });
}

describe("the arrival and departure windows form", () => {
  it("turns the typed windows into each weekday's windows in time order, a blank day closed", () => {
    const result = posted({
      "arrival[1][0].from": "13:00",
      "arrival[1][0].to": "17:00",
      "arrival[1][1].from": "09:00",
      "arrival[1][1].to": "12:00",
      "arrival[6][0].from": "09:00",
      "arrival[6][0].to": "12:00",
      "departure[1][0].from": "08:30",
      "departure[1][0].to": "11:00",
    });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.arrival).toEqual([
      [],
      [
        { from: "09:00", to: "12:00" },
        { from: "13:00", to: "17:00" },
      ],
      [],
      [],
      [],
      [],
      [{ from: "09:00", to: "12:00" }],
    ]);
    expect(result.value.departure[1]).toEqual([{ from: "08:30", to: "11:00" }]);
    expect(result.value.departure.filter((day) => day.length === 0)).toHaveLength(6);
  });

  it("closes every day when every field is blank", () => {
    const result = posted({});
    expect(result.status === "success" && result.value.arrival).toEqual([[], [], [], [], [], [], []]);
  });

  it("names the field of a window that ends before it starts, has half its times or is not a time", () => {
    const result = posted({
      "arrival[2][0].from": "12:00",
      "arrival[2][0].to": "09:00",
      "arrival[3][0].from": "09:00",
      "departure[4][1].to": "17:00",
      "departure[5][0].from": "9am",
      "departure[5][0].to": "12:00",
    });
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.error).toMatchObject({
      "arrival[2][0].to": ["The end must be after the start"],
      "arrival[3][0].to": ["Enter the end time too, or clear the start"],
      "departure[4][1].from": ["Enter the start time too, or clear the end"],
      "departure[5][0].from": ["Enter a time like 09:00"],
    });
  });

  it("refuses a day's windows that overlap, and takes windows that only touch", () => {
    const overlapping = posted({
      "arrival[1][0].from": "09:00",
      "arrival[1][0].to": "12:00",
      "arrival[1][1].from": "11:30",
      "arrival[1][1].to": "14:00",
    });
    expect(overlapping.status === "error" && overlapping.error?.["arrival[1]"]).toEqual(["These windows overlap: 9:00 AM – 12:00 PM and 11:30 AM – 2:00 PM"]);

    const touching = posted({
      "arrival[1][0].from": "09:00",
      "arrival[1][0].to": "12:00",
      "arrival[1][1].from": "12:00",
      "arrival[1][1].to": "14:00",
    });
    expect(touching.status).toBe("success");
  });
});

describe("the satisfaction guarantee form", () => {
  const guarantee = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set("intent", "guarantee");
    form.set("stayId", crypto.randomUUID());
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseWithZod(form, { schema: guaranteeForm });
  };

  it("takes what went wrong and the dollars to give back", () => {
    const result = guarantee({ reason: "  The suite was cold one night. ", amount: "12.50" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toMatchObject({ reason: "The suite was cold one night.", amount: 12.5 });
  });

  it("refuses an amount that is not plain dollars and cents (0x10 read as $16, 1e2 as $100)", () => {
    for (const amount of ["0x10", "1e2", "Infinity", "12.345"]) {
      const result = guarantee({ reason: "Cold", amount });
      expect(result.status === "error" && result.error, amount).toMatchObject({ amount: ["Enter the amount in dollars and cents, like 20 or 20.50"] });
    }
  });

  it("refuses a blank reason and an amount of $0.00, each in words beside its field", () => {
    const result = guarantee({ reason: "   ", amount: "0" });
    expect(result.status === "error" && result.error).toMatchObject({ reason: ["Say what went wrong"], amount: ["Enter an amount above $0.00"] });
  });
});
