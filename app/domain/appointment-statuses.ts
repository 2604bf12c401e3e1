/**
 * An appointment's statuses: shared by the database schema (its CHECK), the API and the pages.
 * No imports: the schema loads this file outside the app's build (drizzle-kit), and browsers load it too.
 */
export const APPOINTMENT_STATUSES = ["Confirmed", "Pending", "Cancelled", "Completed"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
