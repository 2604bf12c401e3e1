import { describe, expect, it } from "vitest";
import { z } from "./zod";

describe("z.string()", () => {
  it("strips NUL and the other control characters before its own checks", () => {
    expect(z.string().parse("Mo\u0000chi")).toBe("Mochi");
    expect(z.string().parse("\u0001a\u0008b\u000Bc\u000Cd\u001Fe\u007F")).toBe("abcde");
    // Empty once stripped: a required field says so, as for an empty one.
    expect(z.string().trim().min(1, "Enter a name").safeParse(" \u0000 ").error?.issues[0]?.message).toBe("Enter a name");
    expect(z.string().max(3).parse("ab\u0000c")).toBe("abc");
  });

  it("keeps tab, line feed and carriage return, and everything printable", () => {
    expect(z.string().parse("a\tb\r\nc é 🐈 \u00A0")).toBe("a\tb\r\nc é 🐈 \u00A0");
  });

  it("keeps its methods and Zod's other members", () => {
    expect(z.string().trim().toLowerCase().optional().parse(" A\u0000B ")).toBe("ab");
    expect(z.object({ a: z.array(z.string()) }).parse({ a: ["x\u0000"] })).toEqual({ a: ["x"] });
    expect(z.email().safeParse("a\u0000@b.co").success).toBe(false);
  });
});
