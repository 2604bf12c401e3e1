import type { z } from "~/lib/zod";
import { AppError } from "./errors";

/** The most fields a refusal names: enough to fix a form, never a copy of a hand-made list. */
export const MAX_FIELD_PROBLEMS = 20;

/**
 * Validates client input at the edge. A refusal is a 400 whose message is the first problem in
 * words a person can act on, with every problem by field in `details`.
 */
export function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A body is capped in bytes, not in items: a list of 50,000 bad rows names the first few (ADR 0170).
    if (Object.keys(fields).length >= MAX_FIELD_PROBLEMS) break;
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  throw new AppError(400, "VALIDATION_FAILED", result.error.issues[0]?.message ?? "The request is not valid.", { fields });
}
