import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { addDayOff, listGroomers, listGroomingServices, removeDayOff, saveGroomerWeek, saveGroomingService } from "@server/grooming/grooming";
import { recentlyCompletedGrooms, recordGroomGuarantee } from "@server/grooming/guarantee";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { WEEKDAYS, dayOffForm, groomGuaranteeForm, groomerWeekForm, groomingServiceForm, removeDayOffForm } from "~/features/grooming/schema";
import { GroomPaidSummary } from "~/features/stays/groom-payment-form";
import { GUARANTEE_DAYS } from "~/domain/guarantee";
import { formatCents } from "~/lib/money";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { businessDate, formatBusinessDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/grooming";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Groomers and services");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "rates");
  const today = businessDate(context.clock.now());
  const [services, groomers, completed] = await Promise.all([
    listGroomingServices(context.db, { all: true }),
    listGroomers(context.db, today),
    recentlyCompletedGrooms(context.db, today),
  ]);
  return { services, groomers, completed, today };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "rates");
  const form = await formDataOf(request);
  const { db } = context;
  switch (form.get("intent")) {
    case "service":
      return submitForm(form, groomingServiceForm, async ({ serviceId, durationMinutes, price, bookable }) => {
        await saveGroomingService(db, { serviceId, durationMinutes, priceCents: price, bookable }, admin.user.email, context.clock.now());
        return { kind: "success", title: "Service saved" };
      });
    case "week":
      return submitForm(form, groomerWeekForm, async (input) => {
        const groomer = await saveGroomerWeek(db, input, context.clock.now());
        return { kind: "success", title: `${groomer.name}'s week saved` };
      });
    case "addDayOff":
      return submitForm(form, dayOffForm, async (input) => {
        await addDayOff(db, input);
        return { kind: "success", title: `${formatCalendarDayWeekday(input.day)} is a day off` };
      });
    case "removeDayOff":
      return submitForm(form, removeDayOffForm, async (input) => {
        await removeDayOff(db, input);
        return { kind: "success", title: "Day off removed" };
      });
    case "groomGuarantee":
      return submitForm(form, groomGuaranteeForm, async ({ amount, ...input }) => {
        const given = await recordGroomGuarantee(
          db,
          { ...input, amountCents: amount, staffEmail: admin.user.email },
          { siteUrl: context.env.PUBLIC_SITE_URL, now: context.clock.now() },
        );
        return {
          kind: "success",
          title: `${formatCents(given.amountCents)} given back under the satisfaction guarantee; the customer is told by e-mail`,
          description: `Hand it over at the desk ${given.method === "check" ? "as a check" : "in cash"}.`,
        };
      });
    default:
      return unknownIntent();
  }
});

type LoaderData = Route.ComponentProps["loaderData"];

function ServiceForm({ service }: { service: LoaderData["services"][number] }) {
  const fetcher = useFetcher<FormReply>({ key: `service-${service.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(groomingServiceForm, {
    id: `service-${service.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: {
      intent: "service",
      serviceId: service.id,
      durationMinutes: service.durationMinutes ? String(service.durationMinutes) : "",
      price: service.durationMinutes ? (service.priceCents / 100).toFixed(2) : "",
    },
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={service.title}
      className="grid items-end gap-3 rounded-xl border border-brand-100 p-4 sm:grid-cols-[2fr_1fr_1fr_auto_auto]"
    >
      <input type="hidden" name="intent" value="service" />
      <input type="hidden" name="serviceId" value={service.id} />
      <p className="font-semibold sm:self-center">{service.title}</p>
      <Field label="Minutes per cat" field={fields.durationMinutes} type="number" min={15} max={480} step={15} />
      <Field label="Price per cat ($)" field={fields.price} inputMode="decimal" />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="bookable" defaultChecked={service.bookable} className="h-5 w-5 accent-brand-700" /> Book online
      </label>
      <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
      <FormError className="sm:col-span-5" errors={form.errors} />
    </fetcher.Form>
  );
}

function WeekForm({ groomer }: { groomer: LoaderData["groomers"][number] }) {
  const fetcher = useFetcher<FormReply>({ key: `week-${groomer.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const defaults: Record<string, string> = { intent: "week", groomerId: groomer.id };
  WEEKDAYS.forEach((_, d) => {
    defaults[`from${d}`] = groomer.workingHours[d]?.[0]?.from ?? "";
    defaults[`to${d}`] = groomer.workingHours[d]?.[0]?.to ?? "";
    defaults[`breakFrom${d}`] = groomer.breaks[d]?.[0]?.from ?? "";
    defaults[`breakTo${d}`] = groomer.breaks[d]?.[0]?.to ?? "";
  });
  const [form, fields] = useZodForm(groomerWeekForm, { id: `week-${groomer.id}`, lastResult: fetcher.data?.result, defaultValue: defaults });
  const field = (name: string) => fields[name as keyof typeof fields] as (typeof fields)["from0"];
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="week" />
      <input type="hidden" name="groomerId" value={groomer.id} />
      <p className="text-sm text-muted">Leave a day's hours empty for a day off every week. Grooms already booked keep their times.</p>
      {WEEKDAYS.map((name, d) => (
        <fieldset key={name} className="grid gap-3 rounded-xl border border-brand-100 p-3 sm:grid-cols-4">
          <legend className="px-1 text-sm font-bold text-brand-900">{name}</legend>
          <Field label={`${name} from`} field={field(`from${d}`)} type="time" step={900} />
          <Field label={`${name} until`} field={field(`to${d}`)} type="time" step={900} />
          <Field label={`${name} break from`} field={field(`breakFrom${d}`)} type="time" step={900} />
          <Field label={`${name} break until`} field={field(`breakTo${d}`)} type="time" step={900} />
        </fieldset>
      ))}
      <FormError errors={form.errors} />
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save the week
        </Button>
      </div>
    </fetcher.Form>
  );
}

function DayOffForm({ groomerId, today }: { groomerId: string; today: string }) {
  const fetcher = useFetcher<FormReply>({ key: `day-off-${groomerId}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(dayOffForm, {
    id: `day-off-${groomerId}`,
    lastResult: fetcher.data?.result,
    defaultValue: { intent: "addDayOff", groomerId },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
      <input type="hidden" name="intent" value="addDayOff" />
      <input type="hidden" name="groomerId" value={groomerId} />
      <Field label="Day off" field={fields.day} type="date" min={today} />
      <Field label="Reason (optional)" field={fields.reason} placeholder="Vacation" />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Add day off
      </Button>
      <FormError className="sm:col-span-3" errors={form.errors} />
    </fetcher.Form>
  );
}

/**
 * The satisfaction guarantee on a completed groom (ADR 0166): what went wrong and what staff give back
 * at the desk. Nothing was paid online for a groom, so the money goes back in cash or by check.
 */
function GroomGuaranteeForm({ groom }: { groom: LoaderData["completed"][number] }) {
  const fetcher = useFetcher<FormReply>({ key: `guarantee-${groom.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(groomGuaranteeForm, {
    id: `guarantee-${groom.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { intent: "groomGuarantee", appointmentId: groom.id, method: "cash" },
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Satisfaction guarantee: ${groom.catNames || groom.customerEmail}`}
      className="mt-3 grid gap-3 rounded-lg bg-brand-50 p-3"
    >
      <p className="font-semibold">Satisfaction guarantee</p>
      <p className="text-sm text-muted">
        Nothing was paid online for a groom: give the amount back at the desk, in cash or by check, then record it here. The customer gets an e-mail confirming
        it.
      </p>
      <input type="hidden" name="intent" value="groomGuarantee" />
      <input type="hidden" name="appointmentId" value={groom.id} />
      <Field label="What went wrong" field={fields.reason} maxLength={500} />
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Field label={`Given back ($, up to ${formatCents(groom.paid?.amountCents ?? groom.priceCents)})`} field={fields.amount} inputMode="decimal" />
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Given back as</legend>
          <div className="flex min-h-11 flex-wrap items-center gap-4">
            {(["cash", "check"] as const).map((method) => (
              <label key={method} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.method.name}
                  value={method}
                  defaultChecked={fields.method.initialValue === method}
                  className="h-5 w-5 accent-brand-700"
                />
                {method === "cash" ? "Cash" : "Check"}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          Record the guarantee
        </Button>
      </div>
      <FormError errors={form.errors} />
    </fetcher.Form>
  );
}

export default function GroomingPage({ loaderData: { services, groomers, completed, today } }: Route.ComponentProps) {
  const posted = useActionData<FormReply>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl">Groomers and services</h1>
        <p className="mt-1 text-muted">The grooming services' durations and prices, and the groomers' calendars that Book a Groom follows.</p>
        <Button asChild className="mt-4">
          <Link to="/admin/grooming/book">Book a groom for a customer</Link>
        </Button>
        <ActionNotice className="mt-4" />
        {posted?.result.status === "error" && !posted.notice ? <FormError className="mt-4" errors={posted.result.error?.[""] ?? undefined} /> : null}
      </div>
      <Panel
        title="Completed grooms"
        description={`Grooms completed in the last ${GUARANTEE_DAYS} days, latest first. The satisfaction guarantee is promised for ${GUARANTEE_DAYS} days after a groom, once per groom.`}
      >
        {completed.length === 0 ? (
          <p className="text-muted">No grooms completed in the last {GUARANTEE_DAYS} days.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Completed grooms">
            {completed.map((g) => (
              <li key={g.id} className="rounded-xl border border-brand-100 p-3 break-words">
                <GroomPaidSummary
                  groom={g}
                  unpaid={
                    <p className="mt-2 text-sm">
                      Not paid yet: {formatCents(g.priceCents)}, taken at the desk on{" "}
                      <Link
                        to={`/admin/stays?date=${businessDate(new Date(g.startsAt))}`}
                        className="font-semibold text-brand-700 underline underline-offset-4"
                      >
                        Stays
                      </Link>
                      .
                    </p>
                  }
                />
                {g.billedOnStayId || !g.paid ? null : g.guarantee ? (
                  <p className="mt-2 text-sm">
                    Satisfaction guarantee: {formatCents(g.guarantee.amountCents)} given back {g.guarantee.method === "check" ? "by check" : "in cash"} (
                    {g.guarantee.reason}), {formatBusinessDateTime(new Date(g.guarantee.createdAt))}
                  </p>
                ) : (
                  <GroomGuaranteeForm groom={g} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title="Services"
        description="The grooming services customers book on Book a Groom: how long each cat's groom takes and what it costs. Several cats are groomed one after the other."
      >
        <div className="grid gap-3">
          {services.map((s) => (
            <ServiceForm key={s.id} service={s} />
          ))}
        </div>
      </Panel>
      {groomers.map((g) => (
        <Panel
          key={g.id}
          title={`${g.name}'s calendar`}
          description="Working hours and a break per weekday, and days off. Customers see the free start times that fit."
        >
          <WeekForm groomer={g} />
          <h3 className="mt-6 text-lg">Days off</h3>
          {g.daysOff.length === 0 ? (
            <p className="text-muted">No days off ahead.</p>
          ) : (
            <ul className="mt-2 grid gap-2">
              {g.daysOff.map((o) => (
                <li key={o.day} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 px-3 py-2">
                  <span>
                    <span className="font-semibold">{formatCalendarDayWeekday(o.day)}</span>
                    {o.reason ? <span className="text-muted"> · {o.reason}</span> : null}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="removeDayOff" />
                    <input type="hidden" name="groomerId" value={g.id} />
                    <input type="hidden" name="day" value={o.day} />
                    <Button type="submit" size="sm" variant="ghost-danger" aria-label={`Remove the day off on ${formatCalendarDayWeekday(o.day)}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <DayOffForm groomerId={g.id} today={today} />
        </Panel>
      ))}
    </div>
  );
}
