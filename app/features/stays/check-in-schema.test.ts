import { describe, expect, it } from "vitest";
import { checkInPlanForm } from "./check-in-schema";

const plan = (times: string) => ({
  intent: "plan",
  cats: [
    { catId: "5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a01", food: "Purina One", amountPerMeal: "1/4 cup", medications: [{ name: "Methimazole", times, doses: "6" }] },
  ],
  vetSpendLimit: "200",
  contactName: "Luis Ruiz",
  contactPhone: "949-249-5678",
});
const timesProblems = (times: string) =>
  checkInPlanForm
    .safeParse(plan(times))
    .error?.issues.filter((issue) => issue.path.at(-1) === "times")
    .map((issue) => issue.message) ?? [];

describe("online check-in's care plan", () => {
  it("refuses a medication time that is not of the day, and a medication with no time, in words", () => {
    expect(timesProblems("8am and 25:00")).toEqual(["“25:00” is not a time of day: write times like 8am, 8:30pm or 20:00"]);
    expect(timesProblems("0am")).toEqual(["“0am” is not a time of day: write times like 8am, 8:30pm or 20:00"]);
    expect(timesProblems("")).toEqual(["Enter when it is given"]);
    expect(timesProblems("8am and 8pm")).toEqual([]);
    expect(checkInPlanForm.parse(plan("8am and 8pm")).cats[0]?.medications).toEqual([{ name: "Methimazole", times: "8am and 8pm", doses: 6 }]);
  });
});
