import { Form, Link, redirect, useNavigation } from "react-router";
import { CatChoices, HiddenCatIds } from "~/features/cats/cat-choices";
import { requireUser } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { type Groom, BOOKING_HORIZON_DAYS, bookGroom, groomToMove, listGroomingServices, quoteGroom, rescheduleGroom } from "@server/grooming/grooming";
import { stayForGroom } from "@server/grooming/stay-groom";
import { listCats } from "@server/households/households";
import { AppError } from "@server/http/errors";
import { formDataOf, submitForm } from "@server/http/form-action";
import { formToken, redirectOnSuccess, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { CustomerPage } from "~/components/customer-page";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { VaccineBlockNotice } from "~/features/cats/vaccine-block-notice";
import { FormError, textareaClass } from "~/components/ui/field";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { bookGroomForm, groomDayForm, rescheduleGroomForm } from "~/features/grooming/schema";
import { noindexMeta } from "~/features/seo/seo";
import { formatCents } from "~/lib/money";
import { windowsText } from "~/domain/stay-view";
import { addBusinessDays, businessDate, formatBusinessDate, formatBusinessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import type { Route } from "./+types/book.groom";

export const meta: Route.MetaFunction = () => noindexMeta(`Book a Groom | ${business.name}`);

const minutesText = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : "", rest ? `${rest} min` : ""].filter(Boolean).join(" ");
};

/**
 * Book a Groom: the service, cats and day are a GET step in the address, the free start times the
 * next, so each works before the JavaScript arrives and the back button steps back. Only the POST
 * books (ADR 0131). With `move=<appointment id>` (My Appointments' "Move") the same times step moves
 * that groom: its service and cats are kept, the day and time are chosen again. With `stay=<stay id>`
 * (My Trips' "Add a groom on departure day") the day is that stay's departure day and its cats are
 * ticked; only the times inside the day's departure windows are offered (ADR 0134).
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const now = context.clock.now();
  const today = businessDate(now);
  const [services, cats, content] = await Promise.all([listGroomingServices(context.db), listCats(context.db, user.id), loadSiteContent(context.db)]);
  const moving = params.has("move") ? await groomToMove(context.db, user.id, params.get("move") ?? "") : null;
  // Another household's stay (or an id that is none) is a 404 page (mapRefusals); one that ended or was
  // cancelled leaves the first step open, with the reason.
  let stayRefused: string | null = null;
  const fromStay =
    !moving && params.has("stay")
      ? await stayForGroom(context.db, user.id, params.get("stay") ?? "", today).catch((error: unknown) => {
          if (!(error instanceof AppError) || error.status !== 409) throw error;
          stayRefused = error.message;
          return null;
        })
      : null;
  const asked = moving
    ? { serviceId: moving.serviceId, catIds: moving.catIds, day: params.get("day") ?? moving.day }
    : fromStay
      ? {
          serviceId: params.get("serviceId") ?? "",
          catIds: params.has("day") ? params.getAll("catIds") : fromStay.catIds,
          day: fromStay.checkOut,
          stayId: fromStay.id,
        }
      : { serviceId: params.get("serviceId") ?? "", catIds: params.getAll("catIds"), day: params.get("day") ?? "" };
  const base = {
    move: moving ? { id: moving.id, current: `${formatBusinessDate(moving.startsAt)} at ${formatBusinessTime(moving.startsAt)}` } : null,
    stay: fromStay
      ? {
          id: fromStay.id,
          day: formatCalendarDayWeekday(fromStay.checkOut),
          pickUp: fromStay.departureWindows.length > 0 ? windowsText(fromStay.departureWindows) : null,
        }
      : null,
    today,
    lastDay: addBusinessDays(today, BOOKING_HORIZON_DAYS),
    phone: content.business.phone.display,
    services: services.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      duration: minutesText(s.durationMinutes),
      price: formatCents(s.priceCents),
    })),
    cats: cats.map((c) => ({ id: c.id, name: c.name })),
    asked,
    formToken: formToken(),
  };
  const choose = (errors: Record<string, string> = stayRefused ? { form: stayRefused } : {}) => ({ ...base, step: "choose" as const, errors, quote: null });
  if ((!params.has("day") && !moving) || params.has("change")) return choose();

  const day = groomDayForm.safeParse(asked);
  if (!day.success) return choose(Object.fromEntries(day.error.issues.map((i) => [String(i.path[0]), i.message])));
  try {
    const quote = await quoteGroom(context.db, user.id, day.data, now, moving?.id);
    return {
      ...base,
      step: "times" as const,
      errors: {},
      quote: {
        serviceTitle: quote.service.title,
        cats: quote.cats,
        duration: minutesText(quote.durationMinutes),
        price: formatCents(quote.priceCents),
        blocked: quote.coverage.filter((c) => c.state === "not-covered").map((c) => ({ catId: c.catId, catName: c.catName, problems: c.problems })),
        pending: quote.coverage.filter((c) => c.state === "awaiting-review").map((c) => c.catName),
        times: quote.times.map((t) => ({ value: t.time, label: formatBusinessTime(t.startsAt), until: formatBusinessTime(t.endsAt) })),
      },
    };
  } catch (error) {
    // A hand-edited address (a past day, an unknown service, someone else's cat) comes back to the first step with the reason.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fields = (error.details?.fields as Record<string, string> | undefined) ?? {};
    return choose(Object.keys(fields).length > 0 ? fields : { form: error.message });
  }
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  if (form.get("intent") === "reschedule") {
    let moved: Groom | undefined;
    const reply = await submitForm(form, rescheduleGroomForm, async (input) => {
      moved = await rescheduleGroom(context.db, user, input, { siteUrl: context.env.PUBLIC_SITE_URL, now: context.clock.now() });
    });
    if (!moved) return reply;
    return redirect(`/appointments?moved=${moved.id}`);
  }
  const now = context.clock.now();
  const reply = await submitOnce({ db: context.db, form: "/book/groom", user, now }, form, bookGroomForm, async (input) => {
    const booked = await bookGroom(context.db, user, input, { siteUrl: context.env.PUBLIC_SITE_URL, now });
    return {
      kind: "success",
      title: "Your groom is booked.",
      redirectTo: `/appointments?booked=${booked.id}${input.stayId ? `&stay=${input.stayId}` : ""}`,
    };
  });
  return redirectOnSuccess(reply);
});

type LoaderData = Route.ComponentProps["loaderData"];

const cardClass = "mt-6 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6";

/** Booking from a stay: the day is its departure day, and the page says when pick-up is. */
function StayDayNotice({ stay }: { stay: NonNullable<LoaderData["stay"]> }) {
  return (
    <Notice tone="info" className="mt-4 text-base">
      <strong>On the departure day of your stay: {stay.day}.</strong>{" "}
      {stay.pickUp
        ? `Pick-up is ${stay.pickUp}; we offer the times that fit inside it, so your cat goes home freshly groomed.`
        : "The hotel has no pick-up times that day; please call us."}
    </Notice>
  );
}

function ChooseStep({ data }: { data: LoaderData }) {
  const errors = data.errors as Record<string, string | undefined>;
  return (
    <section aria-labelledby="choose-heading" className={cardClass}>
      <h2 id="choose-heading" className="text-2xl">
        Which groom, for whom, and when?
      </h2>
      {errors.form ? (
        <Notice tone="danger" role="alert" className="mt-4 text-base">
          {errors.form}
        </Notice>
      ) : null}
      {data.stay ? <StayDayNotice stay={data.stay} /> : null}
      <Form method="get" className="mt-4 grid gap-5">
        {data.stay ? <input type="hidden" name="stay" value={data.stay.id} /> : null}
        <fieldset aria-describedby={errors.serviceId ? "serviceId-error" : undefined}>
          <legend className="mb-1.5 text-sm font-bold text-brand-900">Service</legend>
          <ul className="grid gap-2">
            {data.services.map((s, i) => (
              <li key={s.id}>
                <label className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-xl border border-brand-200 px-4 py-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name="serviceId"
                    value={s.id}
                    required
                    defaultChecked={data.asked.serviceId ? data.asked.serviceId === s.id : i === 0}
                    className="row-span-3 mt-0.5 h-5 w-5 accent-brand-700"
                  />
                  <span className="font-semibold">{s.title}</span>
                  <span className="text-sm font-bold tabular-nums">
                    {s.price} per cat · {s.duration}
                  </span>
                  <span className="text-sm text-muted">{s.description}</span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError id="serviceId-error">{errors.serviceId}</FieldError>
        </fieldset>
        <CatChoices
          legend="Cats to groom"
          cats={data.cats}
          checked={data.asked.catIds}
          error={errors.catIds}
          hint="Several cats are groomed one after the other."
        />
        {data.stay ? (
          <div>
            <input type="hidden" name="day" value={data.asked.day} />
            <FieldError id="day-error">{errors.day}</FieldError>
          </div>
        ) : (
          <div>
            <Label htmlFor="day">Day</Label>
            <Input
              id="day"
              name="day"
              type="date"
              min={data.today}
              max={data.lastDay}
              defaultValue={data.asked.day}
              required
              className="sm:w-64"
              aria-invalid={errors.day ? true : undefined}
              aria-describedby={errors.day ? "day-error" : undefined}
            />
            <FieldError id="day-error">{errors.day}</FieldError>
          </div>
        )}
        <div>
          <Button type="submit">See free times</Button>
        </div>
      </Form>
    </section>
  );
}

function TimesStep({ data, reply }: { data: LoaderData & { step: "times" }; reply: FormReply | undefined }) {
  const { quote, asked } = data;
  const busy = useNavigation().state === "submitting";
  const change = new URLSearchParams({ serviceId: asked.serviceId, day: asked.day, change: "1" });
  if (data.stay) change.set("stay", data.stay.id);
  for (const id of asked.catIds) change.append("catIds", id);
  const blocked = quote.blocked.length > 0;
  const timeError = reply?.result.error?.time?.[0];
  return (
    <section aria-labelledby="times-heading" className={cardClass}>
      <h2 id="times-heading" className="text-2xl">
        {data.move ? "Choose a new time" : "Choose a time"}
      </h2>
      <p className="mt-1 text-muted">
        {quote.serviceTitle} · {quote.cats.map((c) => c.name).join(", ")} · {formatCalendarDayWeekday(asked.day)} · {quote.duration} · {quote.price}{" "}
        {data.move ? null : (
          <Link to={`?${change}`} className="font-semibold text-brand-700 underline underline-offset-4">
            Change
          </Link>
        )}
      </p>
      {data.stay ? <StayDayNotice stay={data.stay} /> : null}
      {data.move ? (
        <>
          <p className="mt-2">Now booked for {data.move.current}.</p>
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="move" value={data.move.id} />
            <div>
              <Label htmlFor="day">Day</Label>
              <Input id="day" name="day" type="date" min={data.today} max={data.lastDay} defaultValue={asked.day} required className="sm:w-64" />
            </div>
            <Button type="submit" variant="outline">
              See free times
            </Button>
          </Form>
        </>
      ) : null}
      {blocked ? (
        <VaccineBlockNotice heading="Before we can book this groom, the required vaccines must be valid on the day:" cats={quote.blocked} />
      ) : quote.pending.length > 0 ? (
        <Notice tone="info" className="mt-4 text-base">
          {quote.pending.join(" and ")}'s vaccine record is awaiting review: your time will be held as <strong>Pending</strong> and confirmed by e-mail once our
          team has checked it.
        </Notice>
      ) : null}
      {quote.times.length === 0 ? (
        <Notice tone="warning" role="status" className="mt-4 text-base">
          No free times on {formatCalendarDayWeekday(asked.day)}
          {data.stay ? " while you can collect your cat" : ""}.{" "}
          <Link to={data.stay ? "/book/groom" : `?${change}`} className="font-semibold underline underline-offset-4">
            Choose another day
          </Link>
          .
        </Notice>
      ) : (
        <Form method="post" className="mt-5 grid gap-5">
          <input type="hidden" name="day" value={asked.day} />
          {data.move ? (
            <>
              <input type="hidden" name="intent" value="reschedule" />
              <input type="hidden" name="appointmentId" value={data.move.id} />
            </>
          ) : (
            <>
              <input type="hidden" name="serviceId" value={asked.serviceId} />
              <FormToken token={data.formToken} />
              {data.stay ? <input type="hidden" name="stayId" value={data.stay.id} /> : null}
              <HiddenCatIds ids={asked.catIds} />
            </>
          )}
          <fieldset aria-describedby={timeError ? "time-error" : undefined}>
            <legend className="mb-2 text-sm font-bold text-brand-900">Free start times</legend>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Free start times">
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
            <FieldError id="time-error">{timeError}</FieldError>
          </fieldset>
          {data.move ? null : (
            <div>
              <Label htmlFor="notes">Notes for the groomer (optional)</Label>
              <textarea id="notes" name="notes" maxLength={1000} className={textareaClass} />
            </div>
          )}
          <FormError errors={reply?.result.error?.[""] ?? undefined} />
          <div>
            <Button type="submit" disabled={busy || blocked}>
              {data.move ? (busy ? "Moving..." : "Move to this time") : busy ? "Booking..." : "Confirm booking"}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

export default function BookGroomPage({ loaderData: data, actionData }: Route.ComponentProps) {
  return (
    <CustomerPage>
      <h1 className="text-3xl sm:text-4xl">Book a Groom</h1>
      {data.cats.length === 0 ? (
        <section className={`${cardClass} text-center`}>
          <h2 className="text-2xl">Add your cat first</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">Tell us about each cat to be groomed, with their vaccine records, and you can book right here.</p>
          <Button asChild className="mt-6">
            <Link to="/cats/new">Add a cat</Link>
          </Button>
        </section>
      ) : data.services.length === 0 ? (
        <section className={`${cardClass} text-center`}>
          <h2 className="text-2xl">Online grooming is not open yet</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">Please call us at {data.phone} to book a groom.</p>
        </section>
      ) : data.step === "times" ? (
        <TimesStep data={data} reply={actionData} />
      ) : (
        <ChooseStep data={data} />
      )}
    </CustomerPage>
  );
}
