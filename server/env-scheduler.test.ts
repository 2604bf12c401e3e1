import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("SCHEDULER_EMBED_URL", () => {
  it("is optional", () => {
    expect(loadEnv({}).SCHEDULER_EMBED_URL).toBeUndefined();
  });
  it("accepts an https URL on the scheduler origin the CSP frames", () => {
    const url = "https://api.leadconnectorhq.com/widget/booking/abc123";
    expect(loadEnv({ SCHEDULER_EMBED_URL: url }).SCHEDULER_EMBED_URL).toBe(url);
  });
  it("refuses other origins and plain http, naming the variable", () => {
    expect(() => loadEnv({ SCHEDULER_EMBED_URL: "https://evil.example/widget" })).toThrow(/SCHEDULER_EMBED_URL/);
    expect(() => loadEnv({ SCHEDULER_EMBED_URL: "http://api.leadconnectorhq.com/widget" })).toThrow(/SCHEDULER_EMBED_URL/);
  });
});
