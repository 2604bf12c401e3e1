import { describe, expect, it } from "vitest";
import { businessContentSchema, styleContentSchema, telFromDisplay, textStyleSchema } from "./schema";
import { defaultEditableContent } from "./site-content";

const ok = { fontSize: 32, letterSpacing: 0, align: "left", fontWeight: 700 };
const message = (input: unknown) => {
  const result = textStyleSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the style editor's bounds", () => {
  it("accepts the bounds themselves and steps of 0.1", () => {
    for (const style of [
      ok,
      { ...ok, fontSize: 10, letterSpacing: -2, fontWeight: 300 },
      { ...ok, fontSize: 72, letterSpacing: 10, fontWeight: 900 },
      { ...ok, letterSpacing: 0.3 },
      { ...ok, letterSpacing: -1.7 },
    ]) {
      expect(message(style)).toBeNull();
    }
    expect(styleContentSchema.safeParse({ headings: null, promo: null }).success).toBe(true);
  });

  it("refuses values outside them with messages that name the bounds", () => {
    expect(message({ ...ok, fontSize: 9.9 })).toBe("Font size must be between 10 and 72");
    expect(message({ ...ok, fontSize: 100 })).toBe("Font size must be between 10 and 72");
    expect(message({ ...ok, letterSpacing: -3 })).toBe("Letter spacing must be between -2 and 10");
    expect(message({ ...ok, letterSpacing: 0.05 })).toBe("Letter spacing must be in steps of 0.1");
    expect(message({ ...ok, fontWeight: 950 })).toBe("Font weight must be between 300 and 900");
    expect(message({ ...ok, fontWeight: 450 })).toBe("Font weight must be a multiple of 100");
    expect(message({ ...ok, align: "justify" })).toBe("Alignment must be left, center or right");
    expect(message({ ...ok, fontSize: Number.NaN })).toBe("Font size must be a number");
  });
});

describe("the business profile", () => {
  it("accepts the module's defaults and derives the dialled number", () => {
    expect(businessContentSchema.safeParse(defaultEditableContent.business).success).toBe(true);
    expect(telFromDisplay("(949) 555-0199")).toBe("+19495550199");
    expect(telFromDisplay("1-949-555-0199")).toBe("+19495550199");
  });

  it("refuses a short phone number and a non-web booking link", () => {
    const bad = businessContentSchema.safeParse({
      ...defaultEditableContent.business,
      phone: "555-0100",
      booking: {
        roomUrl: "javascript:alert(1)",
        groomUrl: "https://x.example",
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Main phone must be a 10-digit US phone number",
      "Room booking URL must be a full web address starting with https://",
    ]);
  });
});
