import { businessDate, businessTime, formatBusinessDate, formatBusinessTime } from "~/lib/business-time";
import type { AppointmentStatus } from "./appointment-statuses";

/** What the browser gets for one appointment: already in Los Angeles time, no internal fields. */
export interface AppointmentView {
  id: string;
  serviceTitle: string;
  catNames: string;
  status: AppointmentStatus;
  date: string;
  time: string;
  /** YYYY-MM-DD / HH:MM, to pre-fill edit forms. */
  localDate: string;
  localTime: string;
  endDate: string | null;
  endTime: string | null;
  proposed: { date: string; time: string } | null;
  reminderPhone: string | null;
  customerEmail: string;
  notes: string;
  autoReminder: boolean;
  /** A groom booked online: moved on Book a Groom among its free times, not proposed to staff. */
  groom: boolean;
}

interface AppointmentRow {
  id: string;
  serviceId: string;
  catNames: string;
  status: AppointmentView["status"];
  startsAt: Date;
  endsAt: Date | null;
  /** Set for a groom booked online: its end is a time that day, not a check-out. */
  groomerId?: string | null;
  proposedStartsAt: Date | null;
  reminderPhone: string | null;
  customerEmail: string;
  notes: string;
  autoReminder: boolean;
}

export function toAppointmentView(row: AppointmentRow, serviceTitle: (id: string) => string): AppointmentView {
  return {
    id: row.id,
    serviceTitle: serviceTitle(row.serviceId),
    catNames: row.catNames,
    status: row.status,
    date: formatBusinessDate(row.startsAt),
    time: formatBusinessTime(row.startsAt),
    localDate: businessDate(row.startsAt),
    localTime: businessTime(row.startsAt),
    endDate: row.endsAt && !row.groomerId ? formatBusinessDate(row.endsAt) : null,
    endTime: row.endsAt ? formatBusinessTime(row.endsAt) : null,
    proposed: row.proposedStartsAt ? { date: formatBusinessDate(row.proposedStartsAt), time: formatBusinessTime(row.proposedStartsAt) } : null,
    reminderPhone: row.reminderPhone,
    customerEmail: row.customerEmail,
    notes: row.notes,
    autoReminder: row.autoReminder,
    groom: Boolean(row.groomerId),
  };
}
