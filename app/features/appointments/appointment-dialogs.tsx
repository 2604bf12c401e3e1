import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { FieldError, Input, Label } from "~/components/ui/input";
import { formatUsPhone, type AppointmentView } from "./view";

interface DialogProps {
  appointment: AppointmentView | null;
  onOpenChange(open: boolean): void;
}

/** Digits typed by a person -> +1XXXXXXXXXX, or null when it is not 10 digits. */
export function toE164(typed: string): string | null {
  const digits = typed.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? `+1${digits}` : null;
}

export function ReminderDialog({
  appointment,
  onOpenChange,
  onSend,
  businessName,
}: DialogProps & { onSend(input: { appointmentId: string; phoneNumber: string; message: string }): void; businessName: string }) {
  const [phone, setPhone] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [lastId, setLastId] = useState<string | null>(null);
  if (appointment && appointment.id !== lastId) {
    setLastId(appointment.id);
    setPhone(appointment.reminderPhone ? formatUsPhone(appointment.reminderPhone) : "");
    setMessage(`Reminder from ${businessName}: ${appointment.serviceTitle} on ${appointment.date} at ${appointment.time}.`);
    setError(null);
  }
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogTitle>Send a reminder</DialogTitle>
        <DialogDescription>We'll text this reminder to the number below.</DialogDescription>
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            const phoneNumber = toE164(phone);
            if (!phoneNumber) return setError("Please enter a valid 10-digit phone number");
            onSend({ appointmentId: appointment!.id, phoneNumber, message: message.trim() });
          }}
        >
          <div>
            <Label htmlFor="reminder-phone">Mobile number</Label>
            <Input id="reminder-phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? "reminder-phone-error" : undefined} required />
            <FieldError id="reminder-phone-error">{error}</FieldError>
          </div>
          <div>
            <Label htmlFor="reminder-message">Message</Label>
            <textarea
              id="reminder-message"
              className="min-h-24 w-full rounded-xl border border-brand-200 bg-white p-3 focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none"
              maxLength={320}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              required
            />
          </div>
          <Button type="submit" className="w-full">
            Send reminder
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function ProposeChangeDialog({
  appointment,
  onOpenChange,
  onSubmit,
  busy,
}: DialogProps & { onSubmit(input: { date: string; time: string }): void; busy: boolean }) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogTitle>Request a different time</DialogTitle>
        <DialogDescription>
          We'll mark your appointment Pending until our team confirms the new time, usually within one business day.
        </DialogDescription>
        {appointment ? (
          <form
            className="mt-4 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              onSubmit({ date: String(data.get("date")), time: String(data.get("time")) });
            }}
          >
            <div className="grid grid-cols-2 gap-3">
              <div>
                <Label htmlFor="propose-date">New date</Label>
                <Input id="propose-date" name="date" type="date" defaultValue={appointment.localDate} required />
              </div>
              <div>
                <Label htmlFor="propose-time">New time</Label>
                <Input id="propose-time" name="time" type="time" step={900} defaultValue={appointment.localTime} required />
              </div>
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Sending..." : "Request this time"}
            </Button>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function CancelDialog({ appointment, onOpenChange, onConfirm, busy }: DialogProps & { onConfirm(): void; busy: boolean }) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      <DialogContent width="sm">
        <DialogTitle>Cancel this appointment?</DialogTitle>
        <DialogDescription>
          {appointment ? `${appointment.serviceTitle} on ${appointment.date} at ${appointment.time}.` : null}
        </DialogDescription>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? "Cancelling..." : "Yes, cancel it"}
          </Button>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
