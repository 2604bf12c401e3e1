import { describe, expect, it } from "vitest";
import { CHECK_IN_STATUS_LABELS, TOO_MANY_PICKUP_PEOPLE, checkInOpen, checkInStatus } from "./check-in";
import { AGREEMENT_NOT_TICKED, SIGNATURE_NAME_MISSING, checkInPlanForm, signAgreementForm } from "./check-in-schema";

const MISO = "8f0c3c1e-7d5e-4a55-9d8e-0b7c4a1f2e01";
const TOFU = "8f0c3c1e-7d5e-4a55-9d8e-0b7c4a1f2e02";

describe("a stay's check-in status", () => {
  it("is not started, incomplete, or ready once the plan covers every cat and the agreement is signed", () => {
    const stayCatIds = [MISO, TOFU];
    expect(checkInStatus({ stayCatIds, planCatIds: null, signed: false })).toBe("not_started");
    expect(checkInStatus({ stayCatIds, planCatIds: [MISO, TOFU], signed: false })).toBe("incomplete");
    expect(checkInStatus({ stayCatIds, planCatIds: null, signed: true })).toBe("incomplete");
    expect(checkInStatus({ stayCatIds, planCatIds: [TOFU, MISO], signed: true })).toBe("ready");
    // A cat added to the stay after the plan was confirmed has no plan yet.
    expect(checkInStatus({ stayCatIds, planCatIds: [MISO], signed: true })).toBe("incomplete");
    expect(Object.values(CHECK_IN_STATUS_LABELS)).toEqual(["Not started", "Incomplete", "Ready"]);
  });

  it("is open for a booked stay until its arrival day", () => {
    expect(checkInOpen({ status: "confirmed", checkIn: "2031-05-02" }, "2031-05-02")).toBe(true);
    expect(checkInOpen({ status: "pending_review", checkIn: "2031-05-09" }, "2031-05-02")).toBe(true);
    expect(checkInOpen({ status: "confirmed", checkIn: "2031-05-01" }, "2031-05-02")).toBe(false);
    expect(checkInOpen({ status: "checked_in", checkIn: "2031-05-02" }, "2031-05-02")).toBe(false);
    expect(checkInOpen({ status: "cancelled", checkIn: "2031-05-09" }, "2031-05-02")).toBe(false);
  });
});

const plan = (more: Record<string, unknown> = {}) => ({
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
      plan({
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
    expect(messages(checkInPlanForm.safeParse(plan({ pickup: four })))).toEqual([`pickup: ${TOO_MANY_PICKUP_PEOPLE}`]);
    expect(messages(checkInPlanForm.safeParse(plan({ pickup: [{ name: "Cy Ruiz" }] })))).toEqual(["pickup.0.phone: Enter the person's mobile number"]);
    expect(messages(checkInPlanForm.safeParse(plan({ pickup: [{ name: "Cy Ruiz", phone: "555" }] })))).toEqual([
      "pickup.0.phone: Enter the mobile number as 10 digits",
    ]);
    const noDoses = plan({ cats: [{ catId: MISO, food: "Dry", amountPerMeal: "1/4 cup", medications: [{ name: "Methimazole", times: "8am" }] }] });
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
