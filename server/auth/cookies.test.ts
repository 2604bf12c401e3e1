import { describe, expect, it } from "vitest";
import { redactSecrets } from "../logger";
import { readCookie, sessionCookies } from "./cookies";

describe("cookies", () => {
  it("reads one cookie among several", () => {
    expect(readCookie("a=1; cat_hotel_session=abc; b=2", "cat_hotel_session")).toBe("abc");
    expect(readCookie("xcat_hotel_session=abc", "cat_hotel_session")).toBeNull();
    expect(readCookie(undefined, "cat_hotel_session")).toBeNull();
  });

  it("are HttpOnly and Lax everywhere, Secure with the __Host- prefix in production; the hint beside it holds no secret", () => {
    const now = new Date(0);
    const expires = new Date(30 * 24 * 3600 * 1000);
    expect(sessionCookies({ isProduction: false }, "t", expires, now)).toEqual([
      "cat_hotel_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000",
      "cat_hotel_signed_in=1; Path=/; SameSite=Lax; Max-Age=2592000",
    ]);
    expect(sessionCookies({ isProduction: true }, "t", expires, now)).toEqual([
      "__Host-cat_hotel_session=t; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure",
      "cat_hotel_signed_in=1; Path=/; SameSite=Lax; Max-Age=2592000; Secure",
    ]);
  });
});

describe("request logs", () => {
  it("never contain a sign-in token", () => {
    expect(redactSecrets("/auth/verify?token=abc_DEF-123&x=1")).toBe("/auth/verify?token=[redacted]&x=1");
    expect(redactSecrets("/auth/verify.data?a=1&token=abc")).toBe("/auth/verify.data?a=1&token=[redacted]");
  });
});
