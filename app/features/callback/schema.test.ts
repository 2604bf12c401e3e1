import fc from "fast-check";
import { describe, it } from "vitest";
import { nanpRejection } from "~/lib/phone";
import { callbackRequestSchema } from "./schema";

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
