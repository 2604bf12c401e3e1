import { describe, expect, it } from "vitest";
import { balanceDeskForm } from "./balance-schema";

const stayId = "6f1c1c2e-3f0a-4b8e-9d57-2f1f4a0c9b11";
const posted = (fields: Record<string, unknown>) => balanceDeskForm.safeParse({ intent: "balanceDesk", stayId, ...fields });

describe("the balance taken at the desk", () => {
  it("takes cash, and a check with its number trimmed", () => {
    expect(posted({ method: "cash" }).data).toEqual({ intent: "balanceDesk", stayId, method: "cash" });
    expect(posted({ method: "check", checkNumber: " 1042 " }).data).toEqual({ intent: "balanceDesk", stayId, method: "check", checkNumber: "1042" });
  });

  it.each([[undefined], [""], ["   "]])("refuses a check whose number is %j, by the number's field", (checkNumber) => {
    expect(posted({ method: "check", checkNumber }).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["checkNumber", "Enter the check's number"],
    ]);
  });
});
