import { z } from "~/lib/zod";
import { INVALID_PHONE_MESSAGE, toE164 } from "./phone";

/**
 * Zod fields more than one form needs, so each rule and its message are written once and the
 * browser and the server refuse the same input with the same words.
 */

/** A US phone number as a person types it, stored as E.164 ("+19495550100"). */
export const usPhoneField = (message: string = INVALID_PHONE_MESSAGE) =>
  z
    .string(message)
    .trim()
    .transform((value, ctx) => {
      const e164 = toE164(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return e164;
    });

/** What a person reads for a weight that is not kilograms with up to two decimals. */
export const WEIGHT_MISSING = "Enter the weight in kilograms, e.g. 4.25";

/**
 * A weight typed in kilograms with up to two decimals ("4.25", "4,25"), kept as whole grams, between
 * `minGrams` and `maxGrams`: the desk's hand-over (ADR 0161) and the care log's weigh-in (ADR 0169).
 */
export const kilogramsField = ({ minGrams, maxGrams }: { minGrams: number; maxGrams: number }) =>
  z
    .string(WEIGHT_MISSING)
    .trim()
    .regex(/^\d{1,2}([.,]\d{1,2})?$/, WEIGHT_MISSING)
    .transform((kg) => Math.round(Number(kg.replace(",", ".")) * 1000))
    .refine((grams) => grams >= minGrams && grams <= maxGrams, `Enter a weight between ${minGrams / 1000} and ${maxGrams / 1000} kg`);

/** A checkbox: "on" when ticked (a browser's form), absent when not; `true` from a caller in code. */
export const checkboxField = () =>
  z
    .union([z.literal("on"), z.literal("true"), z.boolean()])
    .optional()
    .transform((v) => v === "on" || v === "true" || v === true);

/** What a person reads for a day the calendar does not have (2027-02-30). */
export const REAL_DATE_MESSAGE = "Enter a real date.";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a YYYY-MM-DD day the calendar has: no February 30th, no month 13, no year 0. */
export function isCalendarDate(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar day as a date input sends it (YYYY-MM-DD), and one the calendar has: "2027-02-30" is
 * refused with words a person can act on rather than reaching the database, which refuses it with a
 * 500. `missing` is read when the field is empty, `wrongFormat` when it is not YYYY-MM-DD.
 */
export const calendarDateField = (missing = "Choose a date", wrongFormat = missing) =>
  z.string(missing).regex(DAY_PATTERN, { message: wrongFormat, abort: true }).refine(isCalendarDate, { message: REAL_DATE_MESSAGE, abort: true });

/** True when `ids` names something twice; for the domain functions a caller other than a form may reach too. */
export const hasRepeats = (ids: readonly string[]) => new Set(ids).size !== ids.length;

/**
 * Ids chosen with checkboxes (uuids), each at most once: a form sends one ticked box as a string,
 * several as a list, none at all. A repeated id is refused with `repeated`, so nothing downstream
 * counts one thing twice (a groom priced for the same cat twice, a stay that holds a cat twice).
 */
export const idListField = (options: { missing: string; repeated: string; max?: { count: number; message: string } }) =>
  z
    .union([z.string(), z.array(z.string())], options.missing)
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(z.uuid(options.missing))
        .min(1, { message: options.missing, abort: true })
        .max(options.max?.count ?? Number.MAX_SAFE_INTEGER, options.max?.message ?? options.missing)
        .refine((ids) => !hasRepeats(ids), options.repeated),
    );

/** Dollars as a person types them: an optional "$", digits, and a cent or two ("65", "$65.5", "65.50"). */
const DOLLARS_PATTERN = /^\$?(\d{1,9})(?:\.(\d{1,2}))?$/;
const WHOLE_DOLLARS_PATTERN = /^\$?(\d{1,9})$/;

/**
 * An amount of money typed in dollars, kept as whole cents: the one money field of every form
 * (ADR 0170). Plain decimals only: `12`, `12.5`, `12.50`, `$12.50`, spaces around it trimmed; not
 * `0x10`, `1e2`, `Infinity`, `-5` or `12.345`, which a number coercion took ($16, $100). `missing`
 * is read for an empty field, `invalid` for anything else that is not such an amount (defaults to
 * `missing`); `min` and `max` bound it in cents.
 */
export const moneyField = (options: {
  missing: string;
  invalid?: string;
  wholeDollars?: boolean;
  min?: { cents: number; message: string };
  max?: { cents: number; message: string };
}) =>
  z
    .string(options.missing)
    .trim()
    .min(1, { message: options.missing, abort: true })
    .regex(options.wholeDollars ? WHOLE_DOLLARS_PATTERN : DOLLARS_PATTERN, { message: options.invalid ?? options.missing, abort: true })
    .transform((typed) => {
      const [, dollars, cents = ""] = (options.wholeDollars ? WHOLE_DOLLARS_PATTERN : DOLLARS_PATTERN).exec(typed)!;
      return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
    })
    .pipe(
      z
        .number()
        .min(options.min?.cents ?? 0, options.min?.message ?? options.missing)
        .max(options.max?.cents ?? Number.MAX_SAFE_INTEGER, options.max?.message ?? options.missing),
    );

/** `moneyField` in dollars (cents / 100), for the forms whose change takes dollars. */
export const moneyInDollarsField = (options: Parameters<typeof moneyField>[0]) => moneyField(options).transform((cents) => cents / 100);
