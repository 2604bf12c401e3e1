// eslint-disable-next-line no-restricted-imports -- with app/lib/zod.ts, the one module that imports Zod itself
import { z as zod } from "zod";

// Zod probes `new Function` when a schema is defined, to compile faster parsers; our
// Content-Security-Policy forbids it, and the browser reports every probe as a policy violation
// although Zod catches it. Every schema imports `z` from app/lib/zod.ts, which reads this module
// first, so the setting comes first. (It is global: the server, which has no such policy, parses
// without the compiled parsers too.)
zod.config({ jitless: true });

// A module's own export takes the place of a star export of the same name (ECMAScript's rule).
// eslint-disable-next-line no-restricted-imports, import-x/export -- every member of Zod, with `string` below in place of Zod's own
export * from "zod";

/**
 * Control characters a person never means to type: NUL (which PostgreSQL refuses in text, a 500
 * before) and the rest of C0 and DEL, keeping tab, line feed and carriage return (a textarea's).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text without the control characters no field keeps (see CONTROL_CHARACTERS). */
const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "");

/**
 * Zod's `z.string()`, which first strips the control characters no field keeps (ADR 0170): every
 * text field of every form, API body and JSON value is clean before its own checks (`.trim()`,
 * `.min()`, a pattern) read it, in the browser and on the server alike.
 */
// eslint-disable-next-line import-x/export -- replaces Zod's `string` from the star export above
export function string(params?: Parameters<typeof zod.string>[0]): zod.ZodString {
  return zod.string(params).overwrite(withoutControlCharacters);
}
