import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nanpRejection } from "~/lib/phone";
import { callbackListQuerySchema, callbackRequestSchema, callbackUpdateSchema } from "./schema";

describe("the callback request", () => {
  it("accepts an arbitrary string only as +1 and a valid 10-digit number", () => {
    const digitsLike = fc.stringMatching(/^\+?1?[ ().-]?[0-9]{3}[ ().-]{0,2}[0-9]{3}[ .-]?[0-9]{4}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), digitsLike), (input) => {
        const result = callbackRequestSchema.safeParse({ phoneNumber: input });
        if (!result.success) return true;
        const stored = result.data.phoneNumber;
        return /^\+1[2-9][0-9]{2}[2-9][0-9]{6}$/.test(stored) && nanpRejection(stored.slice(2)) === null;
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the inbox's filters and update", () => {
  it("refuse a filter they do not understand, a page too long, and an update of nothing or to an unknown status", () => {
    expect(callbackListQuerySchema.safeParse({ staffStatus: "deleted" }).success).toBe(false);
    expect(callbackListQuerySchema.safeParse({ limit: 10_000 }).success).toBe(false);
    expect(callbackListQuerySchema.safeParse({ phone: "(949)" }).data).toMatchObject({ phone: "949", limit: 50, offset: 0 });
    expect(callbackUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe("Nothing to update.");
    expect(callbackUpdateSchema.safeParse({ staffStatus: "spam" }).success).toBe(false);
    expect(callbackUpdateSchema.safeParse({ staffNote: "  Booked 3 nights  " }).data).toEqual({ staffNote: "Booked 3 nights" });
  });
});
