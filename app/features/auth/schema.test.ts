import { describe, expect, it } from "vitest";
import { SIGN_IN_INPUT_TEXT, signInCodeForm, signInLinkForm } from "./schema";

describe("the sign-in form", () => {
  it("takes an address trimmed and lower-cased, and keeps the return path as text", () => {
    expect(signInLinkForm.parse({ email: " Someone@Example.COM ", redirectTo: "/book-stay" })).toEqual({
      email: "someone@example.com",
      redirectTo: "/book-stay",
    });
    expect(signInLinkForm.parse({ email: "a@example.com" })).toEqual({ email: "a@example.com", redirectTo: "" });
  });

  it.each([["not-an-email"], [""], [undefined], [42], [`${"x".repeat(250)}@b.co`]])("refuses the address %j in words a person can act on", (email) => {
    const result = signInLinkForm.safeParse({ email });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["email", "Please enter a valid email address."]]);
  });
});

describe("the typed code", () => {
  it("takes six digits, spaces aside", () => {
    expect(signInCodeForm.parse({ email: "A@example.com", code: " 123 456 " })).toEqual({ email: "a@example.com", code: "123456" });
  });

  it.each([["12"], ["1234567"], ["12345a"], [""], [undefined], [123456]])("refuses the code %j with the code's words", (code) => {
    const result = signInCodeForm.safeParse({ email: "a@example.com", code });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["code", SIGN_IN_INPUT_TEXT.codeFormat]]);
    expect(SIGN_IN_INPUT_TEXT.codeFormat).toBe("Please enter the 6-digit code from the e-mail.");
  });
});
