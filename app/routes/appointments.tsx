import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { customerViews } from "@server/appointments/customer-views";
import { listCustomerAppointments } from "@server/appointments/appointments";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { CancelDialog, ProposeChangeDialog, ReminderDialog } from "~/features/appointments/appointment-dialogs";
import { AppointmentsTable } from "~/features/appointments/appointments-table";
import type { AppointmentView } from "~/features/appointments/view";
import { noindexMeta } from "~/features/seo/seo";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () => noindexMeta(`My Appointments | ${business.name}`);

export const loader = ({ request, context }: Route.LoaderArgs) => customerViews(request, context, listCustomerAppointments);

export default function AppointmentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-5xl px-4 py-10 sm:px-6">
      <p className="mb-2">
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
          ← {business.name}
        </Link>
      </p>
      <h1 className="text-3xl sm:text-4xl">My Appointments</h1>
      {loaderData.signedIn ? <SignedIn {...loaderData} /> : <SignedOut />}
    </main>
  );
}

function SignedOut() {
  return (
    <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
      <h2 className="text-2xl">Sign in to see your appointments</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Use the e-mail address you gave us when booking. We'll send you a sign-in link — no password needed.
      </p>
      <Button asChild className="mt-6">
        <Link to="/auth?redirectTo=/appointments">Sign In or Join</Link>
      </Button>
    </section>
  );
}

function SignedIn({ upcoming, past }: { upcoming: AppointmentView[]; past: AppointmentView[] }) {
  const revalidator = useRevalidator();
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [reminding, setReminding] = useState<AppointmentView | null>(null);
  const [editing, setEditing] = useState<AppointmentView | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendReminder(input: { appointmentId: string; phoneNumber: string; message: string }) {
    setReminding(null);
    setSendingId(input.appointmentId);
    try {
      await apiFetch("/api/appointments/send-sms-reminder", { body: input });
      toast.success("Reminder Sent", { description: "We've texted your reminder." });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast.error("Authentication required", { description: "Please sign in to send reminders" });
      } else if (error instanceof ApiError && error.status === 429) {
        toast.error("Error", { description: error.message });
      } else {
        toast.error("Error", { description: "Failed to send reminder. Please try again." });
      }
    } finally {
      setSendingId(null);
    }
  }

  async function mutate(path: string, body: unknown, done: string) {
    setBusy(true);
    try {
      await apiFetch(path, { body });
      toast.success(done);
      setEditing(null);
      setCancelling(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Error", { description: error instanceof ApiError ? error.message : "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  const handlers = { sendingId, onRemind: setReminding, onEdit: setEditing, onCancel: setCancelling };
  return (
    <>
      {upcoming.length === 0 && past.length === 0 ? (
        <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">No appointments yet</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">When you book a stay or a groom with us, it will appear here.</p>
          <Button asChild className="mt-6">
            <a href="/#services">Book a service</a>
          </Button>
        </section>
      ) : null}
      {upcoming.length > 0 ? (
        <section className="mt-8" aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading" className="mb-4 text-2xl">
            Upcoming
          </h2>
          <AppointmentsTable caption="Upcoming appointments" appointments={upcoming} {...handlers} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section className="mt-10" aria-labelledby="past-heading">
          <h2 id="past-heading" className="mb-4 text-2xl">
            Past
          </h2>
          <AppointmentsTable caption="Past appointments" appointments={past} {...handlers} />
        </section>
      ) : null}
      <ReminderDialog appointment={reminding} onOpenChange={(o) => !o && setReminding(null)} onSend={sendReminder} businessName={business.name} />
      <ProposeChangeDialog
        appointment={editing}
        busy={busy}
        onOpenChange={(o) => !o && setEditing(null)}
        onSubmit={(input) => mutate(`/api/appointments/${editing!.id}/propose`, input, "Change requested — we'll confirm it soon.")}
      />
      <CancelDialog
        appointment={cancelling}
        busy={busy}
        onOpenChange={(o) => !o && setCancelling(null)}
        onConfirm={() => mutate(`/api/appointments/${cancelling!.id}/cancel`, {}, "Appointment cancelled.")}
      />
    </>
  );
}
