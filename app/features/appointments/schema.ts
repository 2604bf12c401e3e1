import { z } from "~/lib/zod";
import { calendarDateField, usPhoneField } from "~/lib/validation";

/** Shared by the forms and the API: dates and times are Los Angeles wall-clock values. */
export const localDate = calendarDateField("Choose a date", "Enter a date as YYYY-MM-DD");
export const localTime = z.string("Choose a time").regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:MM");

const appointmentId = z.uuid("Unknown appointment");
const proposedTime = { date: localDate, time: localTime, endDate: localDate.optional(), endTime: localTime.optional() };
const bothEnds = (v: { endDate?: string; endTime?: string }) => !v.endDate === !v.endTime;
const bothEndsMessage = { message: "Give both an end date and an end time", path: ["endDate"] };

const appointmentFields = {
  customerEmail: z.email("Enter the customer's e-mail address").transform((e) => e.trim().toLowerCase()),
  serviceId: z.string("Choose a service").min(1, "Choose a service"),
  catNames: z.string().trim().max(200).default(""),
  date: localDate,
  time: localTime,
  endDate: localDate.optional(),
  endTime: localTime.optional(),
  reminderPhone: usPhoneField().optional(),
  notes: z.string().trim().max(2000).default(""),
  autoReminder: z.boolean().default(false),
};

/** Staff's new-appointment form, and the admin API's body. */
export const appointmentInput = z.object(appointmentFields).refine(bothEnds, bothEndsMessage);
/** Staff's edit form: the same fields and the appointment they change. */
export const appointmentEditForm = z.object({ appointmentId, ...appointmentFields }).refine(bothEnds, bothEndsMessage);
export type AppointmentInput = z.infer<typeof appointmentInput>;

/** The body of the API's propose call (the appointment is in its path). */
export const proposeChangeInput = z.object(proposedTime).refine(bothEnds, bothEndsMessage);
export type ProposeChangeInput = z.infer<typeof proposeChangeInput>;
/** The customer's "Request a different time" form. */
export const proposeChangeForm = z.object({ appointmentId, ...proposedTime }).refine(bothEnds, bothEndsMessage);
/** The customer's "Yes, cancel it" and staff's confirm buttons. */
export const appointmentIdForm = z.object({ appointmentId });

/** A text reminder sent now: the API's send-sms-reminder call and the customer's reminder form. */
export const reminderInput = z.object({
  appointmentId,
  phoneNumber: usPhoneField(),
  message: z.string().trim().min(1, "Write a message").max(320, "Keep the message under 320 characters"),
});
export type ReminderInput = z.infer<typeof reminderInput>;
