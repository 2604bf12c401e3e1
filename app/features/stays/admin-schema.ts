import { z } from "~/lib/zod";
import { UPLOAD_LIMITS } from "~/domain/images";
import { calendarDateField, checkboxField, moneyField, moneyInDollarsField, usPhoneField } from "~/lib/validation";
import type { TimeWindow } from "~/domain/calendar";
import { windowsText } from "~/domain/stay-view";
import { idField } from "~/lib/ids";
import { bookStayForm } from "./schema";

/** The forms of admin Rooms (suite types, suites, calendar rules, house rules): one schema each, for the page and the server. */

export const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number(`Enter ${label} as a whole number`)
    .int(`Enter ${label} as a whole number`)
    .min(min, `${label} is at least ${min}`)
    .max(max, `${label} is at most ${max}`);
/** Dollars as typed ("65", "65.50", "$65") to whole cents, below $100,000 (the one money field, `moneyField`). */
export const dollars = (label: string) =>
  moneyField({
    missing: `Enter ${label}`,
    invalid: `Enter ${label} in dollars, like 65 or 65.50`,
    max: { cents: 9_999_999, message: `Enter ${label} in dollars, like 65 or 65.50` },
  });
const name = (label: string, max: number) => z.string(`Enter ${label}`).trim().min(1, `Enter ${label}`).max(max, `Keep ${label} under ${max} characters`);

export const suiteTypeForm = z.object({
  intent: z.literal("saveType"),
  suiteTypeId: z.string().uuid().optional(),
  name: name("the suite type's name", 60),
  description: z.string().trim().max(300, "Keep the description under 300 characters").optional(),
  size: z.string().trim().max(60, "Keep the size under 60 characters").optional(),
  maxCats: whole("the most cats per suite", 1, 6),
  nightlyRate: dollars("the nightly rate"),
  extraCatRate: dollars("the rate for each further cat"),
  // Checked by its bytes and processed on the server (processUpload); the size is checked here
  // first so a large photo is refused before it is sent.
  photo: z
    .file()
    .max(UPLOAD_LIMITS.maxBytes, `The photo is larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB. Please choose a smaller file.`)
    .optional(),
  removePhoto: checkboxField(),
});

export const suiteForm = z.object({
  intent: z.literal("addSuite"),
  suiteTypeId: z.string("Choose a suite type").uuid("Choose a suite type"),
  name: name("the suite's name or number", 40),
});

export const suiteServiceForm = z.object({
  intent: z.literal("suiteService"),
  suiteId: z.string().uuid(),
  inService: checkboxField(),
});

export const CALENDAR_RULE_KINDS = ["peak", "blackout", "closed"] as const;
export const CALENDAR_RULE_LABELS = { peak: "Peak period", blackout: "Blackout (no stays)", closed: "Closed for arrivals or departures" } as const;

export const calendarRuleForm = z
  .object({
    intent: z.literal("addRule"),
    kind: z.enum(CALENDAR_RULE_KINDS, "Choose the kind of rule"),
    name: name("a name (it is shown to customers)", 60),
    startsOn: calendarDateField("Choose the first day"),
    endsOn: calendarDateField("Choose the last day"),
    surchargePercent: whole("the surcharge", 0, 500).default(0),
    minNights: whole("the minimum nights", 1, 60).default(1),
    freeCancellationDays: z.preprocess((v) => (v === "" ? undefined : v), whole("the free cancellation days", 0, 365).optional()),
    lateCancellationFeePercent: z.preprocess((v) => (v === "" ? undefined : v), whole("the cancellation fee", 0, 100).optional()),
    /** A deposit taken at booking: a share of the price, or a fixed amount in dollars (ADR 0132). */
    depositPercent: z.preprocess((v) => (v === "" ? undefined : v), whole("the deposit", 1, 100).optional()),
    depositDollars: z.preprocess(
      (v) => (v === "" ? undefined : v),
      moneyInDollarsField({
        missing: "Enter the deposit in dollars",
        invalid: "Enter the deposit in dollars and cents, like 50 or 50.00",
        min: { cents: 100, message: "The deposit is at least $1" },
        max: { cents: 1_000_000, message: "The deposit is at most $10,000" },
      }).optional(),
    ),
    closedForArrival: checkboxField(),
    closedForDeparture: checkboxField(),
  })
  .refine((r) => r.endsOn >= r.startsOn, { message: "The last day can't be before the first", path: ["endsOn"] })
  .refine((r) => r.depositPercent === undefined || r.depositDollars === undefined, {
    message: "Choose a share of the price or a fixed amount, not both",
    path: ["depositDollars"],
  })
  .refine((r) => r.kind !== "closed" || r.closedForArrival || r.closedForDeparture, {
    message: "Choose arrivals, departures or both",
    path: ["closedForArrival"],
  });

export const deleteRuleForm = z.object({ intent: z.literal("deleteRule"), ruleId: z.string().uuid() });

export const houseRulesForm = z.object({
  intent: z.literal("houseRules"),
  maxNights: whole("the longest stay", 1, 365),
  freeCancellationDays: whole("the free cancellation days", 0, 365),
  lateCancellationFeePercent: whole("the cancellation fee", 0, 100),
  medicationRate: dollars("the medication rate"),
  waitlistOfferHours: whole("the hours an offer is held", 1, 168),
  /** Empty: the first night free is off. */
  firstNightFreeMinNights: whole("the nights a stay needs for the first night free", 1, 365).optional(),
  /** Texted when a dose is still not given an hour after its window (ADR 0164). Empty: no text. */
  managerMobile: usPhoneField("Enter the manager's mobile as 10 digits").optional(),
  /** Added once to a stay whose cat is not collected by the end of its departure window (ADR 0182). Empty: none. */
  latePickupFee: dollars("the late-pickup fee").optional(),
  /** Texted when an urgent care alert is not acknowledged within 30 minutes (ADR 0188). Empty: no text. */
  ownerMobile: usPhoneField("Enter the owner's mobile as 10 digits").optional(),
});

/** How many arrival (or departure) windows the editor offers a day: morning and afternoon. */
export const WINDOWS_PER_DAY = 2;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeField = z.string().trim().regex(HH_MM, "Enter a time like 09:00").optional();

type TypedWindow = { from?: string; to?: string };

/** One window as typed: both times, or neither (no window). */
const windowInput = z.object({ from: timeField, to: timeField }).superRefine((w, ctx) => {
  if (w.from && !w.to) ctx.addIssue({ code: "custom", message: "Enter the end time too, or clear the start", path: ["to"] });
  if (w.to && !w.from) ctx.addIssue({ code: "custom", message: "Enter the start time too, or clear the end", path: ["from"] });
  if (w.from && w.to && w.from >= w.to) ctx.addIssue({ code: "custom", message: "The end must be after the start", path: ["to"] });
});

/** A day's windows in time order; none means closed that day. Windows may touch but not overlap. */
const dayWindows = z
  .array(windowInput)
  .transform((typed) => typed.filter((w): w is TimeWindow => Boolean(w.from && w.to)).sort((a, b) => a.from.localeCompare(b.from)))
  .superRefine((windows, ctx) => {
    windows.forEach((w, i) => {
      const before = windows[i - 1];
      if (before && w.from < before.to) ctx.addIssue({ code: "custom", message: `These windows overlap: ${windowsText([before])} and ${windowsText([w])}` });
    });
  });

/**
 * A whole week of windows as the form posts it (`arrival[1][0].from`…). A day whose fields are all
 * blank may arrive as nothing at all, so every day and window is filled in before checking.
 */
const weekOfWindows = z.preprocess(
  (value: TypedWindow[][] | undefined) => Array.from({ length: 7 }, (_, day) => Array.from({ length: WINDOWS_PER_DAY }, (_, i) => value?.[day]?.[i] ?? {})),
  z.array(dayWindows).length(7),
);

/** Arrival and departure windows per weekday (index 0 = Sunday); a day left blank is closed. */
export const stayWindowsForm = z.object({
  intent: z.literal("windows"),
  arrival: weekOfWindows,
  departure: weekOfWindows,
});

/** Staff give back part of a paid deposit: the amount in dollars, at most what is left (the server checks). */
export const staffRefundForm = z.object({
  intent: z.literal("refund"),
  paymentId: z.string().uuid(),
  amount: moneyInDollarsField({
    missing: "Enter the amount in dollars",
    invalid: "Enter the amount in dollars and cents, like 20 or 20.50",
    min: { cents: 1, message: "Enter an amount above $0.00" },
    max: { cents: 10_000_000, message: "Enter the amount in dollars" },
  }),
});

/**
 * The satisfaction guarantee on a checked-out stay: what went wrong and the dollars to give back, at
 * most what is left of what was paid (the server checks).
 */
export const guaranteeForm = z.object({
  intent: z.literal("guarantee"),
  stayId: z.string().uuid(),
  reason: z.string("Say what went wrong").trim().min(1, "Say what went wrong").max(500, "Keep the reason to 500 characters"),
  amount: staffRefundForm.shape.amount,
});

/** Staff book a stay for a customer (admin Book a stay): the customer's own booking, and whose household it is for. */
export const staffStayForm = bookStayForm.extend({ intent: z.literal("bookForCustomer"), householdId: idField("Choose a customer") });

/** Staff find a customer by the address they sign in with: their household, created when they have none yet. */
export const customerByEmailForm = z.object({
  intent: z.literal("customerByEmail"),
  email: z
    .string("Enter the customer's e-mail address")
    .trim()
    .toLowerCase()
    .max(254, "Enter the customer's e-mail address")
    .pipe(z.email("Enter the customer's e-mail address, like name@example.com")),
});
