import { z } from "~/lib/zod";
import { dollars, whole } from "~/features/stays/admin-schema";
import { catIdList } from "~/features/stays/schema";
import { idField } from "~/lib/ids";
import { calendarDateField, checkboxField } from "~/lib/validation";

/**
 * The groom booking forms' schemas, used by /book/groom (its GET steps and its POST) and by
 * server/grooming, so the browser and the server refuse the same input with the same words.
 */

const serviceId = z.string("Choose a service").trim().min(1, "Choose a service").max(100, "Choose a service");
const time = z.string("Choose a time").regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Choose a time");

/** Step one: the service, the cats and the day; with `stayId`, the day is that stay's departure day (ADR 0134). */
export const groomDayForm = z.object({
  serviceId,
  catIds: catIdList("Choose the cats to be groomed"),
  day: calendarDateField("Choose a day"),
  stayId: z.preprocess((v) => (v === "" || v === null ? undefined : v), idField("Choose a stay").optional()),
});
export type GroomDay = z.output<typeof groomDayForm>;

/** Confirming: the day's choices and a start time the page offered. */
export const bookGroomForm = groomDayForm.extend({
  time,
  notes: z.string().trim().max(1000, "Keep the notes under 1000 characters").optional(),
});
export type BookGroomRequest = z.output<typeof bookGroomForm>;

/** Admin: a groom booked by staff for a household, checked like the customer's own booking. */
export const staffGroomForm = bookGroomForm.extend({ intent: z.literal("bookForCustomer"), householdId: idField("Choose a customer") });

/** Moving a groom from /appointments: another day and start time, checked like a new booking. */
export const rescheduleGroomForm = z.object({
  intent: z.literal("reschedule"),
  appointmentId: idField("Choose an appointment"),
  day: calendarDateField("Choose a day"),
  time,
});
/** The move itself: My Appointments' "Request a different time" on a groom posts the same fields with its own intent. */
export type RescheduleGroomRequest = Omit<z.output<typeof rescheduleGroomForm>, "intent">;

/** Admin: a grooming service's duration and price per cat, and whether customers may book it online. */
export const groomingServiceForm = z.object({
  intent: z.literal("service"),
  serviceId,
  durationMinutes: whole("the minutes a groom takes", 15, 480).refine((m) => m % 15 === 0, "Use steps of 15 minutes"),
  price: dollars("the price per cat"),
  bookable: checkboxField(),
});

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const clock = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 09:00")
    .optional(),
);
const dayFields = Object.fromEntries(
  WEEKDAYS.flatMap((_, d) => [
    [`from${d}`, clock],
    [`to${d}`, clock],
    [`breakFrom${d}`, clock],
    [`breakTo${d}`, clock],
  ]),
) as Record<`${"from" | "to" | "breakFrom" | "breakTo"}${0 | 1 | 2 | 3 | 4 | 5 | 6}`, typeof clock>;

/** The four times of weekday `d` in the week form. */
const timesOf = (week: Record<string, unknown>, d: number) =>
  (["from", "to", "breakFrom", "breakTo"] as const).map((k) => week[`${k}${d}`] as string | undefined) as [string?, string?, string?, string?];

/**
 * Admin: a groomer's week, four times a weekday (hours from-to, a break from-to); a weekday without
 * hours is a day off every week. Read into the groomer's working hours and breaks.
 */
export const groomerWeekForm = z
  .object({ intent: z.literal("week"), groomerId: idField("Choose a groomer"), ...dayFields })
  .superRefine((week, ctx) => {
    WEEKDAYS.forEach((name, d) => {
      const [from, to, breakFrom, breakTo] = timesOf(week, d);
      if (Boolean(from) !== Boolean(to)) ctx.addIssue({ code: "custom", path: [`to${d}`], message: `Enter both times for ${name}, or neither` });
      else if (from && to && from >= to) ctx.addIssue({ code: "custom", path: [`to${d}`], message: `${name} must end after it starts` });
      if (Boolean(breakFrom) !== Boolean(breakTo))
        ctx.addIssue({ code: "custom", path: [`breakTo${d}`], message: `Enter both break times for ${name}, or neither` });
      else if (breakFrom && breakTo && (!from || !to || breakFrom >= breakTo || breakFrom < from || breakTo > to))
        ctx.addIssue({ code: "custom", path: [`breakTo${d}`], message: `${name}'s break must fall inside its hours` });
    });
  })
  .transform((week) => {
    const days = WEEKDAYS.map((_, d) => timesOf(week, d));
    return {
      groomerId: week.groomerId,
      workingHours: days.map(([from, to]) => (from && to ? [{ from, to }] : [])),
      breaks: days.map(([, , from, to]) => (from && to ? [{ from, to }] : [])),
    };
  });

export const dayOffForm = z.object({
  intent: z.literal("addDayOff"),
  groomerId: idField("Choose a groomer"),
  day: calendarDateField("Choose the day off"),
  reason: z.string().trim().max(100, "Keep the reason under 100 characters").optional(),
});

export const removeDayOffForm = z.object({
  intent: z.literal("removeDayOff"),
  groomerId: idField("Choose a groomer"),
  day: calendarDateField("Choose the day off"),
});

/**
 * Admin: the satisfaction guarantee on a completed groom (ADR 0166): what went wrong and the dollars
 * given back at the desk in cash or by check (a groom is paid at the salon, never online). At most
 * the groom's price, within the promised days, once: the server checks what needs the database.
 */
export const groomGuaranteeForm = z.object({
  intent: z.literal("groomGuarantee"),
  appointmentId: idField("Choose a groom"),
  reason: z.string("Say what went wrong").trim().min(1, "Say what went wrong").max(500, "Keep the reason to 500 characters"),
  amount: dollars("the amount given back").pipe(z.number().min(1, "Enter an amount above $0.00")),
  method: z.enum(["cash", "check"], "Choose cash or check"),
});
export type GroomGuaranteeInput = z.output<typeof groomGuaranteeForm>;
