import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { appointmentInput, type AppointmentInput } from "./schema";
import { serviceOptions } from "./service-catalogue";
import { toE164 } from "./appointment-dialogs";
import type { AppointmentView } from "./view";

const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none";

/** Staff's create/edit form; validated with the same schema the API uses. */
export function AppointmentForm({
  initial,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial?: AppointmentView;
  busy: boolean;
  submitLabel: string;
  onSubmit(input: AppointmentInput): void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serviceId, setServiceId] = useState(initial ? (serviceOptions.find((s) => s.title === initial.serviceTitle)?.id ?? "") : "");
  const overnight = serviceOptions.find((s) => s.id === serviceId)?.overnight ?? false;
  const field = (name: string) => ({
    id: `appt-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `appt-${name}-error` : undefined,
  });

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
        const phone = data.reminderPhone?.trim() ? (toE164(data.reminderPhone) ?? "invalid") : undefined;
        const parsed = appointmentInput.safeParse({
          customerEmail: data.customerEmail,
          serviceId: data.serviceId,
          catNames: data.catNames,
          date: data.date,
          time: data.time,
          endDate: overnight && data.endDate ? data.endDate : undefined,
          endTime: overnight && data.endTime ? data.endTime : undefined,
          reminderPhone: phone,
          notes: data.notes,
          autoReminder: data.autoReminder === "on",
        });
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        onSubmit(parsed.data);
      }}
    >
      <div className="sm:col-span-2">
        <Label htmlFor="appt-customerEmail">Customer e-mail</Label>
        <Input {...field("customerEmail")} type="email" autoComplete="off" defaultValue={initial?.customerEmail} required />
        <FieldError id="appt-customerEmail-error">{errors.customerEmail}</FieldError>
      </div>
      <div>
        <Label htmlFor="appt-serviceId">Service</Label>
        <select {...field("serviceId")} className={selectClass} value={serviceId} onChange={(e) => setServiceId(e.target.value)} required>
          <option value="">Choose a service</option>
          {serviceOptions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        <FieldError id="appt-serviceId-error">{errors.serviceId}</FieldError>
      </div>
      <div>
        <Label htmlFor="appt-catNames">Cat name(s)</Label>
        <Input {...field("catNames")} defaultValue={initial?.catNames} />
      </div>
      <div>
        <Label htmlFor="appt-date">{overnight ? "Check-in date" : "Date"}</Label>
        <Input {...field("date")} type="date" defaultValue={initial?.localDate} required />
        <FieldError id="appt-date-error">{errors.date}</FieldError>
      </div>
      <div>
        <Label htmlFor="appt-time">{overnight ? "Check-in time" : "Time"}</Label>
        <Input {...field("time")} type="time" step={900} defaultValue={initial?.localTime} required />
        <FieldError id="appt-time-error">{errors.time}</FieldError>
      </div>
      {overnight ? (
        <>
          <div>
            <Label htmlFor="appt-endDate">Check-out date</Label>
            <Input {...field("endDate")} type="date" required />
            <FieldError id="appt-endDate-error">{errors.endDate}</FieldError>
          </div>
          <div>
            <Label htmlFor="appt-endTime">Check-out time</Label>
            <Input {...field("endTime")} type="time" step={900} required />
          </div>
        </>
      ) : null}
      <div>
        <Label htmlFor="appt-reminderPhone">Mobile for reminders (optional)</Label>
        <Input {...field("reminderPhone")} type="tel" autoComplete="off" defaultValue={initial?.reminderPhone ?? ""} />
        <FieldError id="appt-reminderPhone-error">{errors.reminderPhone ? "Please enter a valid 10-digit phone number" : undefined}</FieldError>
      </div>
      <div className="flex items-end pb-2">
        <label className="flex items-center gap-2 font-semibold">
          <input type="checkbox" name="autoReminder" defaultChecked={initial?.autoReminder} className="h-5 w-5 accent-brand-700" />
          Text a reminder the day before
        </label>
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor="appt-notes">Notes</Label>
        <textarea
          {...field("notes")}
          defaultValue={initial?.notes}
          className="min-h-20 w-full rounded-xl border border-brand-200 bg-white p-3 focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none"
        />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}
