import { useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import {
  confirmProposal,
  createAppointment,
  listChangeRequests,
  listForDay,
  listUpcoming,
  setStatus,
  staffActor,
  updateAppointment,
} from "@server/appointments/appointments";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { APPOINTMENT_STATUSES } from "~/domain/appointment-statuses";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { AppointmentForm, BOOK_STAY_FOR_CUSTOMER } from "~/features/appointments/appointment-form";
import { appointmentEditForm, appointmentIdForm, appointmentInput } from "~/features/appointments/schema";
import { serviceTitle } from "~/domain/service-catalogue";
import { StatusBadge } from "~/features/appointments/status-badge";
import { type AppointmentView, toAppointmentView } from "~/domain/appointment-view";
import { formatUsPhone } from "~/lib/phone";
import { type FormReply, useNotice } from "~/lib/forms";
import { businessDate } from "~/lib/business-time";
import { isCalendarDate } from "~/lib/validation";
import { ActionNotice } from "~/components/action-notice";
import type { Route } from "./+types/bookings";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Bookings");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const admin = await requirePermission(request, context, "customers");
  const url = new URL(request.url);
  const day = isCalendarDate(url.searchParams.get("day") ?? "") ? url.searchParams.get("day")! : businessDate(context.clock.now());
  const statusParam = url.searchParams.get("status");
  const status = APPOINTMENT_STATUSES.find((s) => s === statusParam);
  const staff = staffActor(admin.user);
  const [rows, upcoming, requests] = await Promise.all([
    listForDay(context.db, staff, day, status),
    listUpcoming(context.db, staff, context.clock.now()),
    listChangeRequests(context.db, staff),
  ]);
  const view = (a: (typeof rows)[number]) => toAppointmentView(a, serviceTitle);
  return {
    day,
    status: status ?? "",
    appointments: rows.map(view),
    upcoming: upcoming.map(view),
    requests: requests.map(view),
    formToken: formToken(),
  };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "customers");
  const staff = staffActor(admin.user);
  const db = context.db;
  const form = await formDataOf(request);
  const done = (title: string) => ({ kind: "success" as const, title });
  switch (form.get("intent")) {
    case "create": {
      const now = context.clock.now();
      return submitOnce({ db, form: "/admin/bookings create", user: admin.user, now }, form, appointmentInput, async (input) => {
        await createAppointment(db, staff, input, now);
        return done("Appointment created");
      });
    }
    case "update":
      return submitForm(form, appointmentEditForm, async ({ appointmentId, ...input }) => {
        await updateAppointment(db, staff, appointmentId, input, context.clock.now());
        return done("Appointment updated");
      });
    case "confirm":
      return submitForm(form, appointmentIdForm, async ({ appointmentId }) => {
        await confirmProposal(db, staff, appointmentId, context.clock.now());
        return done("New time confirmed");
      });
    case "complete":
      return submitForm(form, appointmentIdForm, async ({ appointmentId }) => {
        await setStatus(db, staff, appointmentId, "Completed", context.clock.now());
        return done("Marked completed");
      });
    case "cancel":
      return submitForm(form, appointmentIdForm, async ({ appointmentId }) => {
        await setStatus(db, staff, appointmentId, "Cancelled", context.clock.now());
        return done("Appointment cancelled");
      });
    default:
      return unknownIntent();
  }
});

/** One line of an overview list; it opens the appointment's day, where staff act on it. */
function OverviewItem({ a, children }: { a: AppointmentView; children?: React.ReactNode }) {
  return (
    <li>
      <Link to={`?day=${a.localDate}`} className="block rounded-xl px-3 py-2 hover:bg-brand-50">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-semibold">
            {a.date} · {a.time} · {a.serviceTitle}
            {a.catNames ? ` · ${a.catNames}` : ""}
          </span>
          <StatusBadge status={a.status} />
        </span>
        <span className="block text-sm break-words text-muted">{a.customerEmail}</span>
        {children}
      </Link>
    </li>
  );
}

function Overview({
  title,
  empty,
  items,
  render,
}: {
  title: string;
  empty: string;
  items: AppointmentView[];
  render?: (a: AppointmentView) => React.ReactNode;
}) {
  const id = `overview-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
      <h2 id={id} className="text-xl">
        {title} <span className="text-base font-normal text-muted">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 max-h-96 space-y-1 overflow-y-auto">
          {items.map((a) => (
            <OverviewItem key={a.id} a={a}>
              {render?.(a)}
            </OverviewItem>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminAppointments({ loaderData }: Route.ComponentProps) {
  const { day, status, appointments, upcoming, requests, formToken } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AppointmentView | null>(null);

  return (
    <div>
      <h1 className="mb-4 text-3xl">Bookings</h1>
      <ActionNotice className="mt-4" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl">Appointments</h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={BOOK_STAY_FOR_CUSTOMER.to}>{BOOK_STAY_FOR_CUSTOMER.label}</Link>
          </Button>
          <Button onClick={() => setCreating(true)}>New appointment</Button>
        </div>
      </div>
      <p className="mt-2 text-muted">Appointments are grooms and visits; overnight stays are booked as stays and listed on Stays.</p>

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

      <section className="mt-6" aria-live="polite" aria-label="Appointments on this day">
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
                  <StatusBadge status={a.status} />
                </div>
                <RowActions appointment={a} onEdit={() => setEditing(a)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <Overview
          title="Change requests"
          empty="No customer is waiting for an answer."
          items={requests}
          render={(a) =>
            a.proposed ? (
              <span className="mt-1 block text-sm font-semibold text-accent-700">
                Customer asks for {a.proposed.date} at {a.proposed.time}
              </span>
            ) : null
          }
        />
        <Overview title="Next 30 days" empty="Nothing booked in the next 30 days." items={upcoming} />
      </div>

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent width="xl">
          <DialogTitle>New appointment</DialogTitle>
          <div className="mt-4">
            <AppointmentForm
              submitLabel="Create appointment"
              formToken={formToken}
              onDone={(createdDay) => {
                setCreating(false);
                setSearchParams({ day: createdDay });
              }}
            />
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent width="xl">
          <DialogTitle>Edit appointment</DialogTitle>
          <div className="mt-4">{editing ? <AppointmentForm initial={editing} submitLabel="Save changes" onDone={() => setEditing(null)} /> : null}</div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The buttons under one appointment: each posts its intent to the action; the list reloads after. */
function RowActions({ appointment: a, onEdit }: { appointment: AppointmentView; onEdit(): void }) {
  const fetcher = useFetcher<FormReply>({ key: `appointment-${a.id}` });
  useNotice(fetcher.data);
  const busy = fetcher.state !== "idle";
  const open = a.status !== "Completed" && a.status !== "Cancelled";
  return (
    <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
      <input type="hidden" name="appointmentId" value={a.id} />
      {a.proposed ? (
        <Button type="submit" size="sm" name="intent" value="confirm" disabled={busy}>
          Confirm new time
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onEdit}>
        Edit
      </Button>
      {open ? (
        <>
          <Button type="submit" size="sm" variant="ghost" name="intent" value="complete" disabled={busy}>
            Mark completed
          </Button>
          <Button type="submit" size="sm" variant="ghost-danger" name="intent" value="cancel" disabled={busy}>
            Cancel
          </Button>
        </>
      ) : null}
    </fetcher.Form>
  );
}
