import { describe, expect, it } from "vitest";
import { NEWSLETTER_CONSENT_TEXT, VOUCHER_CONSENT_TEXT, looksLikeEmail, newsletterSignupSchema, voucherRequestSchema } from "./schema";

const voucher = {
  name: "  Ana Cat ",
  email: " Ana@Example.COM ",
  phone: "(949) 555-0199",
  consent: true,
  consentText: VOUCHER_CONSENT_TEXT,
  sourcePage: "/",
};

describe("voucher request schema", () => {
  it("trims, lower-cases the e-mail and normalizes the phone", () => {
    expect(voucherRequestSchema.parse(voucher)).toEqual({
      name: "Ana Cat",
      email: "ana@example.com",
      phone: "+19495550199",
      consent: true,
      consentText: VOUCHER_CONSENT_TEXT,
      sourcePage: "/",
    });
  });

  it.each([
    ["name", { name: "   " }, "Please enter your full name"],
    ["email", { email: "not-an-email" }, "Please enter a valid email"],
    ["phone", { phone: "555-0100" }, "Please enter a valid 10-digit phone number"],
    ["consent", { consent: false }, "Please agree to receive promotional emails"],
    ["consentText", { consentText: "something else" }, "Consent text does not match"],
  ])("refuses a bad %s", (_field, patch, message) => {
    const result = voucherRequestSchema.safeParse({ ...voucher, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("newsletter signup", () => {
  it("accepts an e-mail with the shown consent", () => {
    expect(newsletterSignupSchema.parse({ email: "A@B.co", consentText: NEWSLETTER_CONSENT_TEXT })).toEqual({
      email: "a@b.co",
      consentText: NEWSLETTER_CONSENT_TEXT,
      sourcePage: "/",
    });
  });

  it("applies the spec's client rule: empty or no '@' is invalid", () => {
    expect(looksLikeEmail("")).toBe(false);
    expect(looksLikeEmail("   ")).toBe(false);
    expect(looksLikeEmail("cat.example.com")).toBe(false);
    expect(looksLikeEmail("cat@example.com")).toBe(true);
  });
});
