import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { FieldError, Label } from "~/components/ui/input";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { formatUsPhone } from "~/lib/phone";
import { appointmentEditForm, appointmentInput } from "./schema";
import { serviceOptions } from "~/domain/service-catalogue";
import type { AppointmentView } from "~/domain/appointment-view";

const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/** Where staff book an overnight stay for a customer: stays are stays, not appointments (ADR 0146). */
export const BOOK_STAY_FOR_CUSTOMER = { to: "/admin/stays/book", label: "Book a stay for a customer" } as const;

/**
 * Staff's create and edit form, posted to the Bookings page's action (`intent` create or update)
 * and validated with the same schema there. `onDone` gets the appointment's day after it saved.
 * Overnight services are not offered: staff book a stay on admin Stays instead (an appointment made
 * with one before keeps it when edited). A new appointment is a record: its form posts the page's
 * token (`formToken`, ADR 0179).
 */
export function AppointmentForm({
  initial,
  submitLabel,
  formToken,
  onDone,
}: {
  initial?: AppointmentView;
  submitLabel: string;
  formToken?: string;
  onDone(day: string): void;
}) {
  const fetcher = useFetcher<FormReply>({ key: initial ? `edit-${initial.id}` : "new-appointment" });
  // The day of the last submission, to open it once it has saved.
  const [submittedDay, setSubmittedDay] = useState("");
  useNotice(fetcher.data, () => onDone(submittedDay), { errorsShownInForm: true });
  const [form, fields] = useZodForm(initial ? appointmentEditForm : appointmentInput, {
    id: initial ? `appointment-${initial.id}` : "appointment-new",
    lastResult: fetcher.data?.result,
    defaultValue: initial
      ? {
          customerEmail: initial.customerEmail,
          serviceId: serviceOptions.find((s) => s.title === initial.serviceTitle)?.id ?? "",
          catNames: initial.catNames,
          date: initial.localDate,
          time: initial.localTime,
          reminderPhone: initial.reminderPhone ? formatUsPhone(initial.reminderPhone) : "",
          notes: initial.notes,
          autoReminder: initial.autoReminder ? "on" : undefined,
        }
      : undefined,
  });
  const services = serviceOptions.filter((s) => !s.overnight || s.title === initial?.serviceTitle);
  const busy = fetcher.state !== "idle";
  const formProps = getFormProps(form);

  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 sm:grid-cols-2"
      {...formProps}
      onSubmit={(event) => {
        setSubmittedDay(String(new FormData(event.currentTarget).get("date") ?? ""));
        formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value={initial ? "update" : "create"} />
      {initial ? <input type="hidden" name="appointmentId" value={initial.id} /> : null}
      {formToken ? <FormToken token={formToken} /> : null}
      <Field className="sm:col-span-2" label="Customer e-mail" field={fields.customerEmail} type="email" autoComplete="off" />
      <div>
        <Label htmlFor={fields.serviceId.id}>Service</Label>
        <select {...getSelectProps(fields.serviceId, { ariaAttributes: true })} key={fields.serviceId.key} className={selectClass}>
          <option value="">Choose a service</option>
          {services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
        <FieldError id={fields.serviceId.errorId}>{fields.serviceId.errors?.[0]}</FieldError>
        <p className="mt-1 text-sm text-muted">
          Overnight stays are booked as stays:{" "}
          <Link to={BOOK_STAY_FOR_CUSTOMER.to} className="font-semibold underline">
            {BOOK_STAY_FOR_CUSTOMER.label}
          </Link>
          .
        </p>
      </div>
      <Field label="Cat name(s)" field={fields.catNames} />
      <Field label="Date" field={fields.date} type="date" />
      <Field label="Time" field={fields.time} type="time" step={900} />
      <Field label="Mobile for reminders (optional)" field={fields.reminderPhone} type="tel" autoComplete="off" />
      <div className="flex items-end pb-2">
        <label className="flex items-center gap-2 font-semibold">
          <input {...getInputProps(fields.autoReminder, { type: "checkbox" })} key={fields.autoReminder.key} className="h-5 w-5 accent-brand-700" />
          Text a reminder the day before
        </label>
      </div>
      <TextareaField className="sm:col-span-2" label="Notes" field={fields.notes} />
      <FormError className="sm:col-span-2" id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
