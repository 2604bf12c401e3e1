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
});
