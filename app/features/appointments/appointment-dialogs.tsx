import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { formatUsPhone } from "~/lib/phone";
import { appointmentIdForm, proposeChangeForm, reminderInput } from "./schema";
import type { AppointmentView } from "~/domain/appointment-view";

interface DialogProps {
  appointment: AppointmentView | null;
  onOpenChange(open: boolean): void;
}

/** A reminder (a text) and a proposal (a mail for a groom) post the page's form token (ADR 0179). */
interface OnceProps {
  formToken: string;
}

/**
 * The customer's three changes on /appointments, each posted to the page's action with an
 * `intent`. The reminder's fetcher has one key for the page: the dialog closes as it is sent, and
 * the table shows that row as sending until the answer comes (`useFetchers`).
 */
export const REMINDER_FETCHER_KEY = "appointment-reminder";

export function ReminderDialog({ appointment, onOpenChange, businessName, formToken }: DialogProps & OnceProps & { businessName: string }) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogTitle>Send a reminder</DialogTitle>
        <DialogDescription>We'll text this reminder to the number below.</DialogDescription>
        {appointment ? (
          <ReminderForm key={appointment.id} appointment={appointment} businessName={businessName} formToken={formToken} onSent={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReminderForm({ appointment, businessName, formToken, onSent }: OnceProps & { appointment: AppointmentView; businessName: string; onSent(): void }) {
  const fetcher = useFetcher<FormReply>({ key: REMINDER_FETCHER_KEY });
  const [form, fields] = useZodForm(reminderInput, {
    id: `reminder-${appointment.id}`,
    defaultValue: {
      phoneNumber: appointment.reminderPhone ? formatUsPhone(appointment.reminderPhone) : "",
      message: `Reminder from ${businessName}: ${appointment.serviceTitle} on ${appointment.date} at ${appointment.time}.`,
    },
    onValid(formData) {
      formData.set("intent", "remind");
      void fetcher.submit(formData, { method: "post" });
      onSent();
    },
  });
  return (
    <form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="appointmentId" value={appointment.id} />
      <FormToken token={formToken} />
      <Field label="Mobile number" field={fields.phoneNumber} type="tel" inputMode="tel" autoComplete="tel" />
      <TextareaField label="Message" field={fields.message} maxLength={320} />
      <Button type="submit" className="w-full">
        Send reminder
      </Button>
    </form>
  );
}

export function ProposeChangeDialog({ appointment, onOpenChange, formToken }: DialogProps & OnceProps) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogTitle>Request a different time</DialogTitle>
        <DialogDescription>We'll mark your appointment Pending until our team confirms the new time, usually within one business day.</DialogDescription>
        {appointment ? <ProposeChangeForm key={appointment.id} appointment={appointment} formToken={formToken} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProposeChangeForm({ appointment, formToken, onDone }: OnceProps & { appointment: AppointmentView; onDone(): void }) {
  const fetcher = useFetcher<FormReply>({ key: `propose-${appointment.id}` });
  useNotice(fetcher.data, onDone, { errorsShownInForm: true });
  const [form, fields] = useZodForm(proposeChangeForm, {
    id: `propose-${appointment.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { date: appointment.localDate, time: appointment.localTime },
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="propose" />
      <input type="hidden" name="appointmentId" value={appointment.id} />
      <FormToken token={formToken} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="New date" field={fields.date} type="date" />
        <Field label="New time" field={fields.time} type="time" step={900} />
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Request this time"}
      </Button>
    </fetcher.Form>
  );
}

export function CancelDialog({ appointment, onOpenChange }: DialogProps) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="sm">
        <DialogTitle>Cancel this appointment?</DialogTitle>
        <DialogDescription>{appointment ? `${appointment.serviceTitle} on ${appointment.date} at ${appointment.time}.` : null}</DialogDescription>
        {appointment ? (
          <CancelForm key={appointment.id} appointment={appointment} onDone={() => onOpenChange(false)} onKeep={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({ appointment, onDone, onKeep }: { appointment: AppointmentView; onDone(): void; onKeep(): void }) {
  const fetcher = useFetcher<FormReply>({ key: `cancel-${appointment.id}` });
  useNotice(fetcher.data, onDone, { errorsShownInForm: true });
  const [form] = useZodForm(appointmentIdForm, { id: `cancel-${appointment.id}`, lastResult: fetcher.data?.result });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="appointmentId" value={appointment.id} />
      <FormError id={form.errorId} errors={form.errors} className="mt-4" />
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Cancelling..." : "Yes, cancel it"}
        </Button>
        <Button type="button" variant="outline" onClick={onKeep}>
          Keep it
        </Button>
      </div>
    </fetcher.Form>
  );
}
