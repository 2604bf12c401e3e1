import { Form, Link, useActionData, useNavigation } from "react-router";
import { CatChoices, HiddenCatIds } from "~/features/cats/cat-choices";
import { customerActor, listCustomerAppointments } from "@server/appointments/appointments";
import { requirePermission } from "@server/auth/guards.server";
import { findCustomersToBookFor } from "@server/customers/customers";
import { BOOKING_HORIZON_DAYS, bookGroom, listGroomingServices, quoteGroom } from "@server/grooming/grooming";
import { householdAccount, listCats } from "@server/households/households";
import { AppError } from "@server/http/errors";
import { formDataOf, unknownIntent } from "@server/http/form-action";
import { formToken, redirectOnSuccess, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { FormError } from "~/components/ui/field";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Notice, Panel } from "~/components/ui/panel";
import { CustomerFinder } from "~/features/customers/customer-finder";
import { customerSearchOf } from "~/features/customers/schema";
import { groomDayForm, staffGroomForm } from "~/features/grooming/schema";
import { formatCents } from "~/lib/money";
import { addBusinessDays, businessDate, formatBusinessDate, formatBusinessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import type { Route } from "./+types/grooming.book";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Book a groom for a customer");

/**
 * Staff book a groom for a customer (a call at the desk): find the household, then the same steps
 * as Book a Groom (service, cats and day as a GET step, the free times from the same slot function)
 * and the same booking: the groomer's exclusion constraint, the vaccine rule, the customer's
 * confirmation mail. The groom is the customer's, on their My Appointments (ADR 0134).
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "customers");
  const params = new URL(request.url).searchParams;
  const householdId = params.get("household");
  if (!householdId) {
    const { search, searchError } = customerSearchOf(params);
    return { step: "find" as const, q: search.q ?? "", searchError, found: await findCustomersToBookFor(context.db, search) };
  }
  const now = context.clock.now();
  const today = businessDate(now);
  const account = await householdAccount(context.db, householdId);
  const [services, cats] = await Promise.all([listGroomingServices(context.db), listCats(context.db, account.id)]);
  const asked = { serviceId: params.get("serviceId") ?? "", catIds: params.getAll("catIds"), day: params.get("day") ?? "" };
  const bookedId = params.get("booked");
  const booked = bookedId ? (await listCustomerAppointments(context.db, customerActor(account), now)).upcoming.find((a) => a.id === bookedId) : undefined;
  const base = {
    step: "book" as const,
    household: { id: householdId, name: account.name ?? account.email, email: account.email },
    services: services.map((s) => ({ id: s.id, title: s.title, price: formatCents(s.priceCents) })),
    cats: cats.map((c) => ({ id: c.id, name: c.name })),
    asked,
    today,
    lastDay: addBusinessDays(today, BOOKING_HORIZON_DAYS),
    booked: booked
      ? {
          serviceTitle: services.find((s) => s.id === booked.serviceId)?.title ?? booked.serviceId,
          catNames: booked.catNames,
          date: formatBusinessDate(booked.startsAt),
          time: formatBusinessTime(booked.startsAt),
          status: booked.status,
        }
      : null,
    errors: {} as Record<string, string>,
    quote: null,
    formToken: formToken(),
  };
  if (!params.has("day")) return base;
  const day = groomDayForm.safeParse(asked);
  if (!day.success) return { ...base, errors: Object.fromEntries(day.error.issues.map((i) => [String(i.path[0]), i.message])) };
  try {
    const quote = await quoteGroom(context.db, account.id, day.data, now);
    return {
      ...base,
      quote: {
        summary: `${quote.service.title} · ${quote.cats.map((c) => c.name).join(", ")} · ${formatCalendarDayWeekday(day.data.day)} · ${formatCents(quote.priceCents)}`,
        blocked: quote.coverage.filter((c) => c.state === "not-covered").flatMap((c) => c.problems.map((p) => `${c.catName}: ${p}`)),
        pending: quote.coverage.filter((c) => c.state === "awaiting-review").map((c) => c.catName),
        times: quote.times.map((t) => ({ value: t.time, label: formatBusinessTime(t.startsAt), until: formatBusinessTime(t.endsAt) })),
      },
    };
  } catch (error) {
    // A past day, an unknown service, a cat that is not the household's: back to the choices with the reason.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fields = (error.details?.fields as Record<string, string> | undefined) ?? {};
    return { ...base, errors: Object.keys(fields).length > 0 ? fields : { form: error.message } };
  }
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "customers");
  const form = await formDataOf(request);
  if (form.get("intent") !== "bookForCustomer") return unknownIntent();
  const now = context.clock.now();
  const once = { db: context.db, form: "/admin/grooming/book", user: admin.user, now };
  const reply = await submitOnce(once, form, staffGroomForm, async ({ householdId, ...input }) => {
    const account = await householdAccount(context.db, householdId);
    const groom = await bookGroom(context.db, account, input, { siteUrl: context.env.PUBLIC_SITE_URL, bookedBy: admin.user.email, now });
    return { kind: "success", title: "Groom booked.", redirectTo: `/admin/grooming/book?household=${householdId}&booked=${groom.id}` };
  });
  return redirectOnSuccess(reply);
});

type LoaderData = Route.ComponentProps["loaderData"];
type BookData = Extract<LoaderData, { step: "book" }>;

function ChooseGroom({ data }: { data: BookData }) {
  const { errors } = data;
  return (
    <Panel title="Service, cats and day">
      {errors.form ? (
        <Notice tone="danger" role="alert" className="mb-4 text-base">
          {errors.form}
        </Notice>
      ) : null}
      <Form method="get" className="grid gap-5">
        <input type="hidden" name="household" value={data.household.id} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-bold text-brand-900">Service</legend>
          <ul className="grid gap-2 sm:grid-cols-3">
            {data.services.map((s, i) => (
              <li key={s.id}>
                <label className="grid min-h-11 grid-cols-[auto_1fr] items-center gap-x-3 rounded-xl border border-brand-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name="serviceId"
                    value={s.id}
                    required
                    defaultChecked={data.asked.serviceId ? data.asked.serviceId === s.id : i === 0}
                    className="row-span-2 h-5 w-5 accent-brand-700"
                  />
                  <span className="font-semibold">{s.title}</span>
                  <span className="text-sm text-muted">{s.price} per cat</span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError id="serviceId-error">{errors.serviceId}</FieldError>
        </fieldset>
        {data.cats.length === 0 ? <p className="text-muted">This household has no cats yet: add them on the customer's page first.</p> : null}
        <CatChoices legend="Cats to groom" cats={data.cats} checked={data.asked.catIds} error={errors.catIds} wide />
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <Label htmlFor="staff-day">Day</Label>
            <Input
              id="staff-day"
              name="day"
              type="date"
              min={data.today}
              max={data.lastDay}
              defaultValue={data.asked.day}
              required
              className="sm:w-64"
              aria-invalid={errors.day ? true : undefined}
              aria-describedby={errors.day ? "staff-day-error" : undefined}
            />
            <FieldError id="staff-day-error">{errors.day}</FieldError>
          </div>
          <Button type="submit" variant="outline">
            See free times
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

function ChooseTime({ data, quote }: { data: BookData; quote: NonNullable<BookData["quote"]> }) {
  const posted = useActionData<FormReply>();
  const busy = useNavigation().state === "submitting";
  const blocked = quote.blocked.length > 0;
  return (
    <Panel title="Free start times" description={quote.summary}>
      {blocked ? (
        <Notice tone="danger" role="alert" className="mb-4 text-base">
          <p className="font-semibold">This groom can't be booked until the required vaccines are valid on the day:</p>
          <ul className="mt-1 list-disc pl-5">
            {quote.blocked.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <Link to={`/admin/customers/${data.household.id}`} className="font-semibold underline underline-offset-4">
            Open the customer's vaccine records
          </Link>
        </Notice>
      ) : quote.pending.length > 0 ? (
        <Notice tone="info" className="mb-4 text-base">
          {quote.pending.join(" and ")}'s vaccine record is awaiting review: the groom will be held as <strong>Pending</strong> until it is verified.
        </Notice>
      ) : null}
      {quote.times.length === 0 ? (
        <p role="status" className="text-muted">
          No free times that day. Choose another day above.
        </p>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="bookForCustomer" />
          <FormToken token={data.formToken} />
          <input type="hidden" name="householdId" value={data.household.id} />
          <input type="hidden" name="serviceId" value={data.asked.serviceId} />
          <input type="hidden" name="day" value={data.asked.day} />
          <HiddenCatIds ids={data.asked.catIds} />
          <fieldset>
            <legend className="sr-only">Start time</legend>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-6" aria-label="Free start times">
              {quote.times.map((t, i) => (
                <li key={t.value}>
                  <label className="flex min-h-11 items-center gap-2 rounded-xl border border-brand-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                    <input type="radio" name="time" value={t.value} defaultChecked={i === 0} disabled={blocked} required className="h-5 w-5 accent-brand-700" />
                    <span className="font-semibold tabular-nums">{t.label}</span>
                    <span className="sr-only">, until {t.until}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div>
            <Label htmlFor="staff-notes">Notes for the groomer (optional)</Label>
            <textarea id="staff-notes" name="notes" maxLength={1000} className="min-h-20 w-full rounded-xl border border-brand-200 px-3 py-2" />
          </div>
          <FormError errors={posted?.result.error?.[""] ?? undefined} />
          <div>
            <Button type="submit" disabled={busy || blocked}>
              {busy ? "Booking..." : `Book for ${data.household.name}`}
            </Button>
          </div>
        </Form>
      )}
    </Panel>
  );
}

export default function StaffBookGroomPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div>
        <p>
          <Link to="/admin/grooming" className="font-semibold text-brand-700 underline underline-offset-4">
            Grooming
          </Link>
        </p>
        <h1 className="mt-1 text-3xl">Book a groom for a customer</h1>
        <p className="mt-1 text-muted">
          The same free times, vaccine rule and confirmation e-mail as booking online; the groom appears on the customer's My Appointments.
        </p>
      </div>
      {data.step === "find" ? (
        <CustomerFinder q={data.q} searchError={data.searchError} found={data.found} what="a groom" />
      ) : (
        <>
          <Notice tone="info" className="text-base">
            For <strong>{data.household.name}</strong> ({data.household.email}).{" "}
            <Link to="/admin/grooming/book" className="font-semibold underline underline-offset-4">
              Another customer
            </Link>
          </Notice>
          {data.booked ? (
            <Notice tone="success" role="status" className="text-base font-semibold">
              Booked: {data.booked.serviceTitle} for {data.booked.catNames} on {data.booked.date} at {data.booked.time} ({data.booked.status}). The customer has
              been e-mailed the confirmation.
            </Notice>
          ) : null}
          {data.services.length === 0 ? (
            <p className="text-muted">No grooming service is bookable yet: set a duration and price on Groomers and services.</p>
          ) : (
            <ChooseGroom data={data} />
          )}
          {data.quote ? <ChooseTime data={data} quote={data.quote} /> : null}
        </>
      )}
    </div>
  );
}
