import { z } from "zod";

/** Shared by the forms and the API: dates and times are Los Angeles wall-clock values. */
export const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD");
export const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:MM");
export const usPhone = z.string().regex(/^\+1[2-9]\d{2}[2-9]\d{6}$/, "Enter a valid US phone number");

export const appointmentInput = z
  .object({
    customerEmail: z.email("Enter the customer's e-mail address").transform((e) => e.trim().toLowerCase()),
    serviceId: z.string().min(1, "Choose a service"),
    catNames: z.string().trim().max(200).default(""),
    date: localDate,
    time: localTime,
    endDate: localDate.optional(),
    endTime: localTime.optional(),
    reminderPhone: usPhone.optional(),
    notes: z.string().trim().max(2000).default(""),
    autoReminder: z.boolean().default(false),
  })
  .refine((v) => !v.endDate === !v.endTime, { message: "Give both an end date and an end time", path: ["endDate"] });
export type AppointmentInput = z.infer<typeof appointmentInput>;

export const proposeChangeInput = z
  .object({ date: localDate, time: localTime, endDate: localDate.optional(), endTime: localTime.optional() })
  .refine((v) => !v.endDate === !v.endTime, { message: "Give both an end date and an end time", path: ["endDate"] });

/** Spec call 8: send-sms-reminder. */
export const reminderInput = z.object({
  appointmentId: z.uuid("Unknown appointment"),
  phoneNumber: usPhone,
  message: z.string().trim().min(1, "Write a message").max(320, "Keep the message under 320 characters"),
});
