import type { z } from "~/lib/zod";

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

/** The id of the form field bound to `path` ("address.street" -> "field-address-street"); links from elsewhere point at it. */
export const fieldId = (path: string) => `field-${path.replace(/\./g, "-")}`;

export function getAtPath(value: unknown, path: string): unknown {
  if (path === "") return value;
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

/** A copy of `items` with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** A short id for an item added in a form ("new-k3x9q2"); the schema refuses duplicates. */
export const newItemId = () => `new-${Math.random().toString(36).slice(2, 10)}`;
