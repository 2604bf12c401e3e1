import { describe, expect, it } from "vitest";
import { TOO_MANY_PICKUP_PEOPLE } from "~/domain/check-in";
import { AGREEMENT_NOT_TICKED, SIGNATURE_NAME_MISSING, checkInPlanForm, signAgreementForm } from "./check-in-schema";

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

const MISO = "8f0c3c1e-7d5e-4a55-9d8e-0b7c4a1f2e01";
const carePlan = (more: Record<string, unknown> = {}) => ({
  intent: "plan",
  cats: [{ catId: MISO, food: "Dry", amountPerMeal: "1/4 cup", medications: [{ name: "Methimazole 2.5 mg", times: "8am", doses: "14" }, {}] }],
  vetSpendLimit: "500",
  contactName: "Bo Ruiz",
  contactPhone: "(949) 249-5678",
  ...more,
});
const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("the care plan form", () => {
  it("drops empty rows and keeps up to three pickup people, their mobiles as dialled", () => {
    const parsed = checkInPlanForm.parse(
      carePlan({
        pickup: [{ name: "Cy Ruiz", phone: "949 249 5679" }, {}, { name: "Di Ruiz", phone: "(949) 249-5670" }],
      }),
    );
    expect(parsed.pickup).toEqual([
      { name: "Cy Ruiz", phone: "+19492495679" },
      { name: "Di Ruiz", phone: "+19492495670" },
    ]);
    expect(parsed.cats[0]!.medications).toEqual([{ name: "Methimazole 2.5 mg", times: "8am", doses: 14 }]);
    expect(parsed.vetSpendLimit).toBe(500);
  });

  it("refuses a fourth pickup person, a person without a mobile, and a medication without its doses", () => {
    const four = Array.from({ length: 4 }, (_, i) => ({ name: `Person ${i}`, phone: `(949) 249-567${i}` }));
    expect(messages(checkInPlanForm.safeParse(carePlan({ pickup: four })))).toEqual([`pickup: ${TOO_MANY_PICKUP_PEOPLE}`]);
    expect(messages(checkInPlanForm.safeParse(carePlan({ pickup: [{ name: "Cy Ruiz" }] })))).toEqual(["pickup.0.phone: Enter the person's mobile number"]);
    expect(messages(checkInPlanForm.safeParse(carePlan({ pickup: [{ name: "Cy Ruiz", phone: "555" }] })))).toEqual([
      "pickup.0.phone: Enter the mobile number as 10 digits",
    ]);
    const noDoses = carePlan({ cats: [{ catId: MISO, food: "Dry", amountPerMeal: "1/4 cup", medications: [{ name: "Methimazole", times: "8am" }] }] });
    expect(messages(checkInPlanForm.safeParse(noDoses))).toEqual(["cats.0.medications.0.doses: Enter how many pills or doses you bring"]);
  });
});

describe("the signature form", () => {
  it("asks for a name and the ticked box, each in words", () => {
    expect(messages(signAgreementForm.safeParse({ intent: "sign", fullName: "Ana Ruiz", version: "abc" }))).toEqual([`agree: ${AGREEMENT_NOT_TICKED}`]);
    expect(messages(signAgreementForm.safeParse({ intent: "sign", fullName: "  ", agree: "on", version: "abc" }))).toEqual([
      `fullName: ${SIGNATURE_NAME_MISSING}`,
    ]);
    expect(signAgreementForm.parse({ intent: "sign", fullName: " Ana Ruiz ", agree: "on", version: "abc" })).toMatchObject({
      fullName: "Ana Ruiz",
      agree: true,
    });
  });
});
