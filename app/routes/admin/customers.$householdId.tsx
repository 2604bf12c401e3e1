import { Link } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { getCustomer } from "@server/customers/customers";
import { mapRefusals } from "@server/http/refusals";
import { householdOwed } from "@server/stays/owed";
import { formatCents } from "~/lib/money";
import { serviceTitle } from "~/domain/service-catalogue";
import { StatusBadge } from "~/features/appointments/status-badge";
import { toAppointmentView } from "~/domain/appointment-view";
import { FELV_FIV_LABELS, FIXED_LABELS, SEX_LABELS } from "~/domain/cat-options";
import { ageLabel } from "~/domain/cat-profile";
import { STATUS_TONES } from "~/features/cats/vaccine-records";
import { RECORD_STATUS_LABELS, VACCINE_LABELS, recordStatus } from "~/domain/vaccines";
import { Badge } from "~/components/ui/panel";
import { CUSTOMER_APPOINTMENTS_SHOWN } from "~/features/customers/schema";
import { businessDate, formatBusinessDate, formatBusinessLongDate, formatBusinessLongDateTime, formatCalendarDay } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { formatUsPhone } from "~/lib/phone";
import type { Route } from "./+types/customers.$householdId";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = ({ data: loaded }) => adminMeta(loaded?.household.name ?? loaded?.account.email ?? "Customer");

export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  await requirePermission(request, context, "customers");
  // A household that does not exist (or an id that is not one) is getCustomer's 404.
  const customer = await getCustomer(context.db, params.householdId);
  return {
    ...customer,
    // The household's one balance (ADR 0182): what its checked-out stays still owe.
    owed: await householdOwed(context.db, customer.household.id),
    today: businessDate(context.clock.now()),
    appointments: customer.appointments.map((a) => toAppointmentView(a, serviceTitle)),
  };
});

const phone = (e164: string | null) => (e164 ? formatUsPhone(e164) : null);

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm font-bold text-brand-900">{label}</dt>
      <dd className="break-words sm:col-span-2">{children || <span className="text-muted">Not given</span>}</dd>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { household: h, account, cats, appointments, today, owed } = loaderData;
  const address = [h.addressLine1, h.addressLine2, [h.city, [h.state, h.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean);
  return (
    <div>
      <p className="mb-2">
        <Link to="/admin/customers" className="font-semibold text-brand-700 underline underline-offset-4">
          ← Customers
        </Link>
      </p>
      <h1 className="text-3xl break-words">{h.name ?? account.email}</h1>
      <p className="mt-1 text-muted">
        Joined {formatBusinessLongDate(new Date(account.joinedAt))}
        {account.lastSignInAt ? ` · last signed in ${formatBusinessLongDateTime(new Date(account.lastSignInAt))}` : ""}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title={owed.totalCents > 0 ? `Owed: ${formatCents(owed.totalCents)}` : "Balance"} id="owed-heading">
          {owed.totalCents > 0 ? (
            <>
              <ul className="mt-2 divide-y divide-brand-100">
                {owed.stays.map((s) => (
                  <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      {s.catNames.join(" & ")} · {formatCalendarDay(s.checkIn)} – {formatCalendarDay(s.checkOut)}
                    </span>
                    <span className="font-semibold whitespace-nowrap">{formatCents(s.dueCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm text-muted">
                Left unpaid at check-out. The customer can pay by card from My Trips; take it at the desk under{" "}
                <Link to="/admin/stays" className="text-brand-700 underline underline-offset-4">
                  Stays → Owed
                </Link>
                .
              </p>
            </>
          ) : (
            <p className="mt-2 text-muted">Nothing is owed.</p>
          )}
        </Card>
        <Card title="Contact" id="contact-heading">
          <dl className="mt-2 divide-y divide-brand-100">
            <Detail label="E-mail">
              <a href={`mailto:${account.email}`} className="break-all text-brand-700 underline underline-offset-4">
                {account.email}
              </a>
            </Detail>
            <Detail label="Mobile">
              {h.mobilePhone ? (
                <a href={`tel:${h.mobilePhone}`} className="text-brand-700 underline underline-offset-4">
                  {phone(h.mobilePhone)}
                </a>
              ) : null}
            </Detail>
            <Detail label="Address">
              {address.length
                ? address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                : null}
            </Detail>
          </dl>
        </Card>
        <Card title="Emergency contact and vet" id="emergency-heading">
          <dl className="mt-2 divide-y divide-brand-100">
            <Detail label="Emergency contact">{[h.emergencyContactName, phone(h.emergencyContactPhone)].filter(Boolean).join(" · ")}</Detail>
            <Detail label="Vet">{[h.vetClinic, phone(h.vetPhone)].filter(Boolean).join(" · ")}</Detail>
          </dl>
        </Card>
      </div>

      <section aria-labelledby="cats-heading" className="mt-8">
        <h2 id="cats-heading" className="text-2xl">
          Cats
        </h2>
        {cats.length === 0 ? (
          <p className="mt-2 rounded-[var(--radius-card)] bg-white p-4 text-muted shadow-[var(--shadow-card)]">No cats added yet.</p>
        ) : (
          <ul className="mt-3 grid gap-4 lg:grid-cols-2" aria-label="Cats">
            {cats.map((cat) => (
              <li key={cat.id} className={cn("rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6", cat.archivedAt && "opacity-90")}>
                <div className="flex items-start gap-4">
                  {cat.photo ? <img {...cat.photo} alt="" className="h-16 w-16 shrink-0 rounded-2xl object-cover" /> : null}
                  <div className="min-w-0">
                    <h3 className="text-lg font-bold break-words text-brand-900">{cat.name}</h3>
                    <p className="text-sm">
                      {[SEX_LABELS[cat.sex], cat.breed, cat.birthDate ? ageLabel(cat.birthDate, cat.birthDateEstimated, today) : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {cat.archivedAt ? (
                      <p className="mt-1 inline-block rounded-full bg-gray-200 px-3 py-0.5 text-sm font-bold text-gray-800">
                        Archived {formatBusinessDate(new Date(cat.archivedAt))}
                      </p>
                    ) : null}
                  </div>
                </div>
                <dl className="mt-3 divide-y divide-brand-100 text-sm">
                  <Detail label="Spayed/neutered">{FIXED_LABELS[cat.spayedNeutered]}</Detail>
                  <Detail label="FeLV/FIV">{FELV_FIV_LABELS[cat.felvFivStatus]}</Detail>
                  <Detail label="Microchip">{cat.microchip}</Detail>
                  <Detail label="Colour">{cat.colourMarkings}</Detail>
                  <Detail label="Feeding">{cat.feedingInstructions}</Detail>
                  <Detail label="Medications">
                    {cat.medications.length
                      ? cat.medications.map((m, i) => (
                          <span key={i} className="block">
                            {[m.name, m.dose, m.times].filter(Boolean).join(" · ")}
                          </span>
                        ))
                      : "None"}
                  </Detail>
                  <Detail label="Behaviour">{cat.behaviourNotes}</Detail>
                </dl>
                <h4 className="mt-4 font-bold text-brand-900">Vaccine records</h4>
                {cat.vaccineRecords.length === 0 ? (
                  <p className="mt-1 text-sm text-muted">None uploaded.</p>
                ) : (
                  <ul className="mt-2 space-y-2 text-sm">
                    {cat.vaccineRecords.map((r) => {
                      const status = recordStatus(r, today);
                      return (
                        <li key={r.id} className={cn("rounded-xl border border-brand-100 p-3", r.replacedAt && "text-muted")}>
                          <div className="flex flex-wrap items-center gap-2">
                            <span className="font-bold">{VACCINE_LABELS[r.vaccine]}</span>
                            <Badge tone={STATUS_TONES[status]}>{RECORD_STATUS_LABELS[status]}</Badge>
                            {r.replacedAt ? <span className="text-xs">Replaced {formatBusinessDate(new Date(r.replacedAt))}</span> : null}
                          </div>
                          <p className="mt-1">Expires {formatCalendarDay(r.expiresOn)}</p>
                          {r.rejectionReason ? <p className="mt-1">Rejected: {r.rejectionReason}</p> : null}
                          <a
                            href={`/vaccine-records/${r.id}/document`}
                            target="_blank"
                            rel="noreferrer"
                            className="mt-1 inline-block break-all text-brand-700 underline underline-offset-4"
                          >
                            {r.documentName}
                            <span className="sr-only">
                              {" "}
                              ({VACCINE_LABELS[r.vaccine]} certificate of {cat.name}, opens in a new tab)
                            </span>
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="bookings-heading" className="mt-8">
        <h2 id="bookings-heading" className="text-2xl">
          Bookings
        </h2>
        <p className="mt-1 text-muted">Appointments booked for {account.email}, newest first.</p>
        {appointments.length === 0 ? (
          <p className="mt-2 rounded-[var(--radius-card)] bg-white p-4 text-muted shadow-[var(--shadow-card)]">No appointments yet.</p>
        ) : (
          <>
            <ul className="mt-3 divide-y divide-brand-100 rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]" aria-label="Appointments">
              {appointments.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
                  <span className="font-bold">
                    {a.date} · {a.time}
                    {a.endDate ? ` – ${a.endDate}` : ""}
                  </span>
                  <span>{a.serviceTitle}</span>
                  {a.catNames ? <span className="text-muted">{a.catNames}</span> : null}
                  <span className="ml-auto">
                    <StatusBadge status={a.status} />
                  </span>
                </li>
              ))}
            </ul>
            {appointments.length === CUSTOMER_APPOINTMENTS_SHOWN ? (
              <p className="mt-2 text-sm text-muted">Showing the newest {CUSTOMER_APPOINTMENTS_SHOWN}; Bookings has every day.</p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
