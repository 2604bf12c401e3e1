import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message per field path ("address.city", "hours.0.days"), as the forms show them. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) out[issue.path.join(".") || "_"] ??= issue.message;
  return out;
}

/** A copy of `value` with the leaf at `path` replaced (paths are dot-separated keys and array indexes; "" is the value itself). */
export function setAtPath<T>(value: T, path: string, leaf: unknown): T {
  if (path === "") return leaf as T;
  const copy = structuredClone(value) as Record<string, unknown>;
  const keys = path.split(".");
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = leaf;
  return copy as T;
}

export function getAtPath(value: unknown, path: string): unknown {
  if (path === "") return value;
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}
