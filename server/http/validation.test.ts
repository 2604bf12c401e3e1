import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";
import { AppError } from "./errors";
import { MAX_FIELD_PROBLEMS, parseBody } from "./validation";

describe("parseBody", () => {
  const schema = z.object({ email: z.email("Enter a valid e-mail"), age: z.number().int("Age is a whole number") });

  it("returns the parsed value", () => {
    expect(parseBody(schema, { email: "a@b.co", age: 3 })).toEqual({ email: "a@b.co", age: 3 });
  });

  it("refuses with a 400 naming the first problem and every field", () => {
    try {
      parseBody(schema, { email: "nope", age: 1.5 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 400,
        code: "VALIDATION_FAILED",
        message: "Enter a valid e-mail",
        details: { fields: { email: "Enter a valid e-mail", age: "Age is a whole number" } },
      });
    }
  });

  it("treats a missing body as an empty object", () => {
    expect(() => parseBody(schema, undefined)).toThrow(AppError);
  });

  it("names at most a few fields, however long a list of bad rows is", () => {
    const rows = z.object({ rows: z.array(z.object({ name: z.string("Enter a name") })) });
    const started = performance.now();
    try {
      parseBody(rows, { rows: Array.from({ length: 50_000 }, () => ({})) });
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as AppError).details!.fields as object)).toHaveLength(MAX_FIELD_PROBLEMS);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
