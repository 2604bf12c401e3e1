import type { z } from "~/lib/zod";

/**
 * The most rows a list of a form may have when its schema sets no maximum (or a larger one). A form
 * posts a list as `medications[3].name`; Conform builds an array as long as the highest index, and
 * the page renders one row for each, so one short field (`medications[9999].name=x`) would otherwise
 * make the server render ten thousand rows (ADR 0170).
 */
export const MAX_FORM_LIST_ROWS = 50;

/** What a person reads when a form posts more rows than its list takes (a hand-made or stale form). */
export const listTooLongMessage = (max: number) => `This form sent more rows than it takes (at most ${max}). Reload the page and try again.`;

/** A list of the form posted past its last row: the list's name as the form names it, and how many rows it takes. */
export interface ListOverflow {
  name: string;
  max: number;
}

/**
 * The first list of `form` posted with an index past what `schema` holds (its `.max()` or
 * `.length()`, at most MAX_FORM_LIST_ROWS), or null. Fields the schema does not know are held to
 * MAX_FORM_LIST_ROWS too: Conform echoes them back to the page as well.
 */
export function listOverflow(form: FormData, schema: z.ZodType): ListOverflow | null {
  for (const key of new Set(form.keys())) {
    const overflow = overflowOf(key, schema);
    if (overflow) return overflow;
  }
  return null;
}

/** `form` without the fields posted past their list's last row: what a refused form may echo back. */
export function withinLists(form: FormData, schema: z.ZodType): FormData {
  const kept = new FormData();
  for (const [key, value] of form.entries()) if (!overflowOf(key, schema)) kept.append(key, value);
  return kept;
}

function overflowOf(key: string, schema: z.ZodType): ListOverflow | null {
  const segments = pathSegments(key);
  if (!segments) return null;
  let current: Schema | undefined = schema as unknown as Schema;
  let name = "";
  for (const segment of segments) {
    if (typeof segment === "number") {
      const list: List | undefined = current && findList(current);
      const max = Math.min(list?.max ?? MAX_FORM_LIST_ROWS, MAX_FORM_LIST_ROWS);
      if (segment >= max) return { name, max };
      current = list?.element;
      name = `${name}[${segment}]`;
    } else {
      current = current && findField(current, segment);
      name = name ? `${name}.${segment}` : segment;
    }
  }
  return null;
}

/**
 * A field's name as Conform reads it (`cats[0].medications[2].name` → cats, 0, medications, 2,
 * name); null for a name Conform ignores.
 */
function pathSegments(name: string): Array<string | number> | null {
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Array<string | number> = [];
  let last = 0;
  for (let match = token.exec(name); match; match = token.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === ".")) return null;
    const [, key, index] = match;
    if (key !== undefined) segments.push(key);
    else if (index) segments.push(Number(index));
    last = token.lastIndex;
  }
  return last === name.length ? segments : null;
}

// What this walk reads of a zod schema's definition (zod 4's `_zod.def`).
interface Schema {
  _zod: {
    def: {
      type: string;
      innerType?: Schema;
      in?: Schema;
      out?: Schema;
      options?: Schema[];
      left?: Schema;
      right?: Schema;
      shape?: Record<string, Schema>;
      element?: Schema;
      getter?: () => Schema;
      checks?: Array<{ _zod: { def: { check: string; maximum?: number; length?: number } } }>;
    };
  };
}

/** The schemas a value passes through: a wrapper's inner schema, both ends of a pipe (a transform, a preprocess), every option of a union. */
function inner(schema: Schema): Schema[] {
  const { def } = schema._zod;
  if (def.innerType) return [def.innerType];
  if (def.type === "pipe") return [def.in, def.out].filter((s): s is Schema => Boolean(s));
  if (def.type === "union") return def.options ?? [];
  if (def.type === "intersection") return [def.left, def.right].filter((s): s is Schema => Boolean(s));
  if (def.type === "lazy" && def.getter) return [def.getter()];
  return [];
}

function find<T>(schema: Schema, pick: (s: Schema) => T | undefined, depth = 0): T | undefined {
  if (depth > 20) return undefined;
  const here = pick(schema);
  if (here !== undefined) return here;
  for (const next of inner(schema)) {
    const found = find(next, pick, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

interface List {
  element?: Schema;
  max?: number;
}

function findList(schema: Schema): List | undefined {
  return find(schema, (s) => {
    if (s._zod.def.type !== "array") return undefined;
    let max: number | undefined;
    for (const check of s._zod.def.checks ?? []) {
      const { maximum, length } = check._zod.def;
      const limit = check._zod.def.check === "length_equals" ? length : check._zod.def.check === "max_length" ? maximum : undefined;
      if (limit !== undefined) max = Math.min(max ?? limit, limit);
    }
    return { element: s._zod.def.element, max };
  });
}

function findField(schema: Schema, key: string): Schema | undefined {
  return find(schema, (s) => (s._zod.def.type === "object" && s._zod.def.shape && Object.hasOwn(s._zod.def.shape, key) ? s._zod.def.shape[key] : undefined));
}
