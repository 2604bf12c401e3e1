import { describe, expect, it } from "vitest";
import { PAGE_SCRIPT_ORIGINS, SCHEDULER_SCRIPT_URL, contentSecurityPolicy } from "./security-headers";

const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";

describe("page-specific script origins", () => {
  it("allows the scheduler's form-embed script on /book-online only", () => {
    const origin = new URL(SCHEDULER_SCRIPT_URL).origin;
    expect(PAGE_SCRIPT_ORIGINS["/book-online"]).toEqual([origin]);
    expect(scriptSrc(contentSecurityPolicy("n", false, PAGE_SCRIPT_ORIGINS["/book-online"]))).toBe(`script-src 'self' 'nonce-n' ${origin}`);
    for (const path of ["/", "/cat-boarding-laguna-niguel", "/book-online.data", "/book-online/"]) {
      expect(scriptSrc(contentSecurityPolicy("n", false, PAGE_SCRIPT_ORIGINS[path]))).toBe("script-src 'self' 'nonce-n'");
    }
  });
});
