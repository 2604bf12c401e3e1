import { useState } from "react";
import { Form, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { requireAdmin } from "@server/auth/guards.server";
import { listForDay } from "@server/appointments/appointments";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "~/features/appointments/statuses";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { AppointmentForm } from "~/features/appointments/appointment-form";
import type { AppointmentInput } from "~/features/appointments/schema";
import { serviceTitle } from "~/features/appointments/service-catalogue";
import { StatusBadge } from "~/features/appointments/status-badge";
import { type AppointmentView, formatUsPhone, toAppointmentView } from "~/features/appointments/view";
import { ApiError, apiFetch } from "~/lib/api-client";
import { businessDate } from "~/lib/business-time";
import { BookingsNav } from "~/features/admin/bookings-nav";
import type { Route } from "./+types/bookings";
import { adminMeta } from "./shared";

export const meta: Route.MetaFunction = () => adminMeta("Bookings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(url.searchParams.get("day") ?? "") ? url.searchParams.get("day")! : businessDate(new Date());
  const statusParam = url.searchParams.get("status");
  const status = APPOINTMENT_STATUSES.find((s) => s === statusParam);
  const rows = await listForDay(context.db, { email: admin.user.email, isAdmin: true }, day, status);
  return { day, status: status ?? "", appointments: rows.map((a) => toAppointmentView(a, serviceTitle)) };
}

export default function AdminAppointments({ loaderData }: Route.ComponentProps) {
  const { day, status, appointments } = loaderData;
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AppointmentView | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(label: string, call: () => Promise<unknown>) {
    setBusy(true);
    try {
      await call();
      toast.success(label);
      setCreating(false);
      setEditing(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Error", { description: error instanceof ApiError ? error.message : "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  }
  const create = (input: AppointmentInput) =>
    run("Appointment created", async () => {
      await apiFetch("/api/admin/appointments", { body: input });
      setSearchParams({ day: input.date });
    });
  const update = (id: string) => (input: AppointmentInput) =>
    run("Appointment updated", () => apiFetch(`/api/admin/appointments/${id}`, { method: "PUT", body: input }));
  const act = (a: AppointmentView, path: string, body: unknown, label: string) =>
    run(label, () => apiFetch(`/api/admin/appointments/${a.id}/${path}`, { body }));

  return (
    <div>
      <h1 className="mb-4 text-3xl">Bookings</h1>
      <BookingsNav />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl">Appointments</h2>
        <Button onClick={() => setCreating(true)}>New appointment</Button>
      </div>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter appointments">
        <div className="w-44">
          <Label htmlFor="filter-day">Day</Label>
          <Input id="filter-day" name="day" type="date" defaultValue={day} />
        </div>
        <div>
          <Label htmlFor="filter-status">Status</Label>
          <select id="filter-status" name="status" defaultValue={status} className="h-11 rounded-xl border border-brand-200 bg-white px-3">
            <option value="">All</option>
            {APPOINTMENT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>

      <section className="mt-6" aria-live="polite">
        {appointments.length === 0 ? (
          <p className="rounded-[var(--radius-card)] bg-white p-6 text-muted shadow-[var(--shadow-card)]">No appointments on this day.</p>
        ) : (
          <ul className="space-y-3">
            {appointments.map((a) => (
              <li key={a.id} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-bold">
                      {a.time} · {a.serviceTitle}
                      {a.catNames ? ` · ${a.catNames}` : ""}
                    </p>
                    <p className="text-sm text-muted">
                      {a.customerEmail}
                      {a.reminderPhone ? ` · ${formatUsPhone(a.reminderPhone)}` : ""}
                      {a.endDate ? ` · until ${a.endDate} ${a.endTime}` : ""}
                    </p>
                    {a.proposed ? (
                      <p className="mt-1 text-sm font-semibold text-accent-700">
                        Customer asks for {a.proposed.date} at {a.proposed.time}
                      </p>
                    ) : null}
                  </div>
                  <StatusBadge status={a.status as AppointmentStatus} />
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  {a.proposed ? (
                    <Button size="sm" disabled={busy} onClick={() => act(a, "confirm", {}, "New time confirmed")}>
                      Confirm new time
                    </Button>
                  ) : null}
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => setEditing(a)}>
                    Edit
                  </Button>
                  {a.status !== "Completed" && a.status !== "Cancelled" ? (
                    <>
                      <Button size="sm" variant="ghost" disabled={busy} onClick={() => act(a, "status", { status: "Completed" }, "Marked completed")}>
                        Mark completed
                      </Button>
                      <Button size="sm" variant="ghost-danger" disabled={busy} onClick={() => act(a, "status", { status: "Cancelled" }, "Appointment cancelled")}>
                        Cancel
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent width="xl">
          <DialogTitle>New appointment</DialogTitle>
          <div className="mt-4">
            <AppointmentForm busy={busy} submitLabel="Create appointment" onSubmit={create} />
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent width="xl">
          <DialogTitle>Edit appointment</DialogTitle>
          <div className="mt-4">{editing ? <AppointmentForm initial={editing} busy={busy} submitLabel="Save changes" onSubmit={update(editing.id)} /> : null}</div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
