import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./zod";

/**
 * Every text field of every form and API body is clean of NUL and the other control characters
 * (ADR 0170): the schemas live in app/features and app/lib (docs/architecture.md, "Validate input"),
 * and a rule in app/domain may carry one (the revenue report's query), so this reads every module there, walks every zod schema it exports down to its text fields, and
 * parses each with a NUL in it. A field made with Zod's own `string` (or a format that lets a NUL
 * through, like `z.url()`) fails here, named by module, export and path.
 */
const ROOTS = ["app/features", "app/lib", "app/domain"];
const modules = ROOTS.flatMap((root) =>
  fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.ts$/.test(file) && !/\.(test|server)\.ts$/.test(file))
    .map((file) => path.join(root, file)),
);

interface Node {
  _zod: { def: Record<string, unknown> & { type: string } };
  safeParse(value: unknown): { success: boolean; data?: unknown };
}
const isSchema = (value: unknown): value is Node => typeof value === "object" && value !== null && "_zod" in value && "safeParse" in value;

/** Every text field under `schema`, with its path. */
function textFields(schema: Node, at: string, seen = new Set<Node>()): Array<{ at: string; field: Node }> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === "string") return [{ at, field: schema }];
  const children: Array<[string, unknown]> = [];
  if (def.type === "object") for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) children.push([`${at}.${key}`, child]);
  if (def.type === "array") children.push([`${at}[]`, def.element]);
  if (def.type === "record") children.push([`${at}{}`, def.valueType]);
  if (def.type === "tuple") for (const [i, item] of (def.items as unknown[]).entries()) children.push([`${at}[${i}]`, item]);
  if (def.type === "union") for (const option of def.options as unknown[]) children.push([at, option]);
  if (def.type === "intersection") children.push([at, def.left], [at, def.right]);
  if (def.type === "pipe") children.push([at, def.in], [at, def.out]);
  if (def.type === "lazy") children.push([at, (def.getter as () => unknown)()]);
  if ("innerType" in def) children.push([at, def.innerType]);
  return children.flatMap(([where, child]) => (isSchema(child) ? textFields(child, where, seen) : []));
}

/** A NUL where a person's text, an e-mail address, a link or a token would have it. */
const WITH_NUL = ["\u0000", "Mo\u0000chi", "mo\u0000chi@example.com", "https://example.com/a\u0000b", "\u0000".repeat(3) + "12"];

describe("every text field of every form and API", () => {
  it("finds the schemas", async () => {
    let fields = 0;
    for (const file of modules) {
      const exported = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) if (isSchema(value)) fields += textFields(value, `${file} ${name}`).length;
    }
    expect(fields).toBeGreaterThan(100);
  });

  it("never keeps a NUL or another control character", async () => {
    const kept: string[] = [];
    for (const file of modules) {
      const exported = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if (!isSchema(value)) continue;
        for (const { at, field } of textFields(value, `${file} ${name}`))
          for (const typed of [...WITH_NUL, "a\u0007b\u001Bc"]) {
            const parsed = field.safeParse(typed);
            // eslint-disable-next-line no-control-regex -- what no field may keep
            if (parsed.success && /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(String(parsed.data))) kept.push(`${at} kept ${JSON.stringify(typed)}`);
          }
      }
    }
    expect(kept, "make these text fields with z.string() from ~/lib/zod").toEqual([]);
  });

  it("is what z.string() gives", () => {
    expect(z.string().safeParse("a\u0000b").data).toBe("ab");
  });
});
