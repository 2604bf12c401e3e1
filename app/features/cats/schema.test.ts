import { describe, expect, it } from "vitest";
import { type CatInput, catForm, householdForm } from "./schema";

const firstProblem = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe("the household and cat forms' schemas", () => {
  it("refuses the owner's own mobile as the emergency contact, however it is written", () => {
    const household = { name: "Ana Ruiz", mobilePhone: "(949) 249-1234", emergencyContactPhone: "+1 949 249 1234" };
    expect(firstProblem(householdForm.safeParse(household))).toBe("Your emergency contact needs a phone number other than your own mobile");
    expect(householdForm.parse({ ...household, emergencyContactPhone: "949-249-5678" })).toMatchObject({ emergencyContactPhone: "+19492495678" });
  });

  it("refuses a cat's profile with words a person can act on", () => {
    const miso: CatInput = { name: "Miso", sex: "female", spayedNeutered: "yes" };
    const cases: Array<[CatInput, string]> = [
      [{ ...miso, name: "   " }, "Enter your cat's name"],
      [{ ...miso, name: "M".repeat(51) }, "Keep the name under 50 characters"],
      [{ ...miso, microchip: "12" }, "A microchip number is 9 to 15 letters or digits"],
    ];
    for (const [input, message] of cases) expect(firstProblem(catForm.safeParse(input))).toBe(message);
    expect(catForm.parse(miso)).toMatchObject({ felvFivStatus: "unknown", medications: [] });
  });

  it("refuses a medication time that is not of the day, which would otherwise be skipped and the dose given at 8 AM", () => {
    const withTimes = (times: string): CatInput => ({
      name: "Miso",
      sex: "female",
      spayedNeutered: "yes",
      medications: [{ name: "Methimazole", dose: "2.5 mg", times }],
    });
    expect(firstProblem(catForm.safeParse(withTimes("8am and 25:00")))).toBe("“25:00” is not a time of day: write times like 8am, 8:30pm or 20:00");
    expect(firstProblem(catForm.safeParse(withTimes("13pm")))).toBe("“13pm” is not a time of day: write times like 8am, 8:30pm or 20:00");
    expect(firstProblem(catForm.safeParse(withTimes("8:75 am")))).toBe("“8:75 am” is not a time of day: write times like 8am, 8:30pm or 20:00");
    expect(catForm.parse(withTimes("8am and 20:00")).medications).toEqual([{ name: "Methimazole", dose: "2.5 mg", times: "8am and 20:00" }]);
    expect(catForm.parse(withTimes("twice daily, with breakfast")).medications).toHaveLength(1);
  });
});
