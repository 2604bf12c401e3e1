import { Form, Link, redirect, useNavigation } from "react-router";
import { CatChoices, HiddenCatIds } from "~/features/cats/cat-choices";
import { requireUser } from "@server/auth/guards.server";
import { listCats } from "@server/households/households";
import { formDataOf, submitForm } from "@server/http/form-action";
import { formToken, redirectOnSuccess, submitOnce } from "@server/http/form-once";
import { settleStaysInBackground } from "@server/stays/background";
import { loadStaySettings, stayCalendar } from "@server/stays/calendar";
import { startDepositCheckout } from "@server/payments/payments";
import { bookStay } from "@server/stays/book";
import { quoteStay } from "@server/stays/quote";
import type { Stay } from "@server/stays/stay";
import { joinWaitlist } from "@server/stays/waitlist";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { VaccineBlockNotice } from "~/features/cats/vaccine-block-notice";
import { DateInput, FieldError, FormError, Input, Label, textareaClass } from "~/components/ui/input";
import { Badge, Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { WAITLIST_FLEX_DAYS, WEEK_FROM_MONDAY } from "~/domain/calendar";
import { formatCents } from "~/lib/money";
import { PriceSummary } from "~/features/stays/price-summary";
import { bookStayForm, joinWaitlistForm, stayDatesForm } from "~/features/stays/schema";
import { StayCalendar } from "~/features/stays/stay-calendar";
import { dayWindowsText, nightsText, suitePhotoImage, windowsText } from "~/domain/stay-view";
import { arrangementText, medicationText } from "~/domain/stay-wording";
import { noindexMeta } from "~/features/seo/seo";
import { addBusinessDays, businessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import { CustomerPage } from "~/components/customer-page";
import type { FormReply } from "~/lib/forms";
import type { Route } from "./+types/book.stay";

export const meta: Route.MetaFunction = () => noindexMeta(`Book a Stay | ${business.name}`);

/** How many days the availability calendar shows. */
const CALENDAR_DAYS = 42;

/**
 * Book a Stay: three steps in the address (dates and cats, then a suite, then the review), so every
 * step is a plain GET form that works before the JavaScript arrives and the back button steps back.
 * Only the last step changes anything: its POST books the stay (ADR 0125).
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const now = context.clock.now();
  const today = businessDate(now);
  const [cats, calendar, settings] = await Promise.all([
    listCats(context.db, user.id),
    stayCalendar(context.db, today, CALENDAR_DAYS),
    loadStaySettings(context.db),
  ]);
  const asked = {
    checkIn: params.get("checkIn") ?? undefined,
    checkOut: params.get("checkOut") ?? undefined,
    catIds: params.getAll("catIds"),
  };
  const base = {
    today,
    cats: cats.map((c) => ({ id: c.id, name: c.name })),
    calendar,
    asked,
    medicationRateCents: settings.medicationRateCents,
    paymentHoldMinutes: context.env.STAY_PAYMENT_HOLD_MINUTES,
    arrivalWindows: settings.arrivalWindows,
    departureWindows: settings.departureWindows,
    notes: params.get("notes") ?? "",
    formToken: formToken(),
  };
  // "Change" on the suite step comes back here with the dates and cats filled in.
  if (!params.has("checkIn") || params.has("change")) return { ...base, step: "dates" as const, errors: {} };

  const dates = stayDatesForm.safeParse(asked);
  if (!dates.success) return { ...base, step: "dates" as const, errors: Object.fromEntries(dates.error.issues.map((i) => [String(i.path[0]), i.message])) };
  const quote = await quoteStay(context.db, user.id, dates.data, now);
  if (quote.problems.length > 0) return { ...base, step: "dates" as const, errors: Object.fromEntries(quote.problems.map((p) => [p.field, p.message])) };

  // The suite step's choice arrives as one radio value, "<suite type id>:<arrangement>".
  const [suiteTypeId, arrangement] = (params.get("option") ?? "").split(":");
  const chosen = quote.options.find((o) => o.suiteTypeId === suiteTypeId && o.arrangement === arrangement);
  if (chosen) return { ...base, step: "review" as const, errors: {}, quote, chosen };
  return { ...base, step: "suite" as const, errors: {}, quote, chosen: null };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  if (form.get("intent") === "waitlist") {
    const now = context.clock.now();
    const reply = await submitOnce({ db: context.db, form: "/book/stay waitlist", user, now }, form, joinWaitlistForm, async (input) => {
      const entry = await joinWaitlist(context.db, user.id, input, now);
      return { kind: "success", title: "You are on the waitlist.", redirectTo: `/trips?waitlisted=${entry.id}` };
    });
    return redirectOnSuccess(reply);
  }
  let booked: Stay | undefined;
  const reply = await submitForm(form, bookStayForm, async (input) => {
    booked = await bookStay(context.db, user.id, input, {
      siteUrl: context.env.PUBLIC_SITE_URL,
      paymentHoldMinutes: context.env.STAY_PAYMENT_HOLD_MINUTES,
      now: context.clock.now(),
    });
  });
  if (!booked) return reply;
  if (booked.status === "awaiting_payment") {
    // The amount is the stay's stored deposit, priced on the server; the provider's page takes the card.
    const checkout = await startDepositCheckout(context.db, context.payments, user.id, booked.id, {
      siteUrl: context.env.PUBLIC_SITE_URL,
      logger: context.logger,
      now: context.clock.now(),
    }).catch(() => null);
    // Without a checkout (the provider unreachable) the stay waits on My Trips with its "Pay deposit" button.
    return redirect(checkout ? checkout.url : `/trips?booked=${booked.id}`);
  }
  // The confirmation is queued with the stay; send it now rather than at the queue's next pass.
  settleStaysInBackground(context);
  return redirect(`/trips?booked=${booked.id}`);
});

type LoaderData = Route.ComponentProps["loaderData"];

function hiddenDates(asked: LoaderData["asked"]) {
  return (
    <>
      <input type="hidden" name="checkIn" value={asked.checkIn} />
      <input type="hidden" name="checkOut" value={asked.checkOut} />
      <HiddenCatIds ids={asked.catIds} />
    </>
  );
}

function DatesStep({ data }: { data: LoaderData }) {
  const errors = data.errors as Record<string, string | undefined>;
  return (
    <section aria-labelledby="dates-heading" className="mt-6 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id="dates-heading" className="text-2xl">
        When, and who is staying?
      </h2>
      <Form method="get" className="mt-4 grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput name="checkIn" label="Check-in date" min={data.today} value={data.asked.checkIn ?? ""} error={errors.checkIn} />
          <DateInput name="checkOut" label="Check-out date" min={addBusinessDays(data.today, 1)} value={data.asked.checkOut ?? ""} error={errors.checkOut} />
        </div>
        <CatChoices legend="Cats staying" cats={data.cats} checked={data.asked.catIds} error={errors.catIds} />
        <div>
          <Button type="submit">See available suites</Button>
        </div>
      </Form>
      <h3 className="mt-8 text-lg">The next six weeks</h3>
      <StayCalendar days={data.calendar} />
      <WeeklyHours arrivals={data.arrivalWindows} departures={data.departureWindows} />
    </section>
  );
}

/** When cats may arrive and be collected on each weekday (the house's windows; a holiday may close a day). */
function WeeklyHours({ arrivals, departures }: { arrivals: LoaderData["arrivalWindows"]; departures: LoaderData["departureWindows"] }) {
  return (
    <>
      <h3 className="mt-8 text-lg">Check-in and check-out hours</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {WEEK_FROM_MONDAY.map(({ day, name }) => (
          <div key={day} className="contents">
            <dt className="font-bold">{name}</dt>
            <dd className="mb-1 sm:mb-0">
              <span className="block">Check-in: {dayWindowsText(arrivals[day] ?? [])}</span>
              <span className="block">Check-out: {dayWindowsText(departures[day] ?? [])}</span>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function SuiteStep({ data }: { data: LoaderData & { step: "suite" } }) {
  const { quote } = data;
  const blocked = quote.coverage.filter((c) => c.state === "not-covered");
  const pending = quote.coverage.filter((c) => c.state === "awaiting-review");
  const catCount = quote.cats.length;
  return (
    <section aria-labelledby="suite-heading" className="mt-6 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id="suite-heading" className="text-2xl">
        Choose a suite
      </h2>
      <p className="mt-1 text-muted">
        {formatCalendarDayWeekday(data.asked.checkIn!)} to {formatCalendarDayWeekday(data.asked.checkOut!)} · {nightsText(quote.nights)} ·{" "}
        {quote.cats.map((c) => c.name).join(", ")}{" "}
        <Link to={`?${suiteStepSearch(data.asked)}&change=dates`} className="font-semibold text-brand-700 underline underline-offset-4">
          Change
        </Link>
      </p>
      {blocked.length > 0 ? (
        <VaccineBlockNotice heading="Before we can book these dates, the required vaccines must be valid through check-out:" cats={blocked} />
      ) : null}
      {blocked.length === 0 && pending.length > 0 ? (
        <Notice tone="info" className="mt-4 text-base">
          {pending.map((c) => c.catName).join(" and ")}'s vaccine record is awaiting review: your suite will be held as <strong>Pending review</strong> and
          confirmed by e-mail once our team has checked it.
        </Notice>
      ) : null}
      {quote.options.length === 0 ? (
        <div className="mt-4">
          <Notice tone="warning" role="status" className="text-base">
            No suite is free for every one of those nights.
          </Notice>
          {quote.alternatives.length > 0 ? (
            <>
              <p className="mt-4 font-semibold">The nearest dates with a free suite:</p>
              <ul className="mt-2 grid gap-2">
                {quote.alternatives.map((a) => {
                  const search = suiteStepSearch({ ...data.asked, ...a });
                  return (
                    <li key={a.checkIn}>
                      <Link to={`?${search}`} className="font-semibold text-brand-700 underline underline-offset-4">
                        {formatCalendarDayWeekday(a.checkIn)} to {formatCalendarDayWeekday(a.checkOut)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
          <WaitlistForm asked={data.asked} formToken={data.formToken} />
        </div>
      ) : (
        <Form method="get" className="mt-5 grid gap-5">
          {hiddenDates(data.asked)}
          <fieldset>
            <legend className="mb-2 text-sm font-bold text-brand-900">Suites free for all {nightsText(quote.nights)}</legend>
            <ul className="grid gap-3">
              {quote.options.map((o, i) => {
                const value = `${o.suiteTypeId}:${o.arrangement}`;
                const photo = o.photoImageId ? suitePhotoImage(o.photoImageId, "(min-width: 640px) 192px, calc(100vw - 7rem)") : null;
                return (
                  <li key={value}>
                    <label className="flex flex-wrap gap-3 rounded-2xl border-2 border-brand-100 p-4 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 sm:flex-nowrap">
                      <input
                        type="radio"
                        name="option"
                        value={value}
                        defaultChecked={i === 0}
                        disabled={blocked.length > 0}
                        className="mt-1.5 h-5 w-5 shrink-0 accent-brand-700"
                      />
                      {photo ? (
                        <img
                          {...photo}
                          alt={o.name}
                          loading={i < 2 ? undefined : "lazy"}
                          className="order-last aspect-[3/2] w-full rounded-xl object-cover sm:order-none sm:w-48 sm:shrink-0"
                        />
                      ) : null}
                      <span className="grid min-w-0 flex-1 content-start gap-1">
                        <span className="flex flex-wrap items-baseline justify-between gap-2">
                          <span className="font-display text-xl text-brand-900">{o.arrangement === "together" ? o.name : `${o.suitesNeeded} × ${o.name}`}</span>
                          <span className="font-bold tabular-nums">{formatCents(o.totalCents)}</span>
                        </span>
                        <span className="text-sm text-muted">
                          {catCount === 1 ? "" : `${arrangementText(catCount, o.arrangement)} `}
                          {o.description} {o.size ? `(${o.size}, up to ${o.maxCats} cats)` : null}
                        </span>
                        {o.priceLines.some((l) => l.label.includes("surcharge")) ? (
                          <Badge tone="warning" className="w-fit">
                            Peak dates
                          </Badge>
                        ) : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <p className="text-sm">
            {medicationText(
              quote.medicatedCats.map((c) => c.name),
              data.medicationRateCents,
            )}
          </p>
          <div>
            <Label htmlFor="notes">Notes for our team (optional)</Label>
            <textarea id="notes" name="notes" maxLength={1000} defaultValue={data.notes} className={textareaClass} />
          </div>
          <div>
            <Button type="submit" disabled={blocked.length > 0}>
              Review booking
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Full nights: wait for a suite to free up, with some give on the dates. */
function WaitlistForm({ asked, formToken }: { asked: LoaderData["asked"]; formToken: string }) {
  return (
    <Form method="post" className="mt-6 grid gap-3 rounded-xl border border-brand-200 p-4">
      <h3 className="text-lg">Join the waitlist</h3>
      <p className="text-sm text-muted">
        When a suite frees up for these nights, we hold it for you and e-mail you an offer. The first on the list gets the first offer.
      </p>
      <input type="hidden" name="intent" value="waitlist" />
      <FormToken token={formToken} />
      {hiddenDates(asked)}
      <div>
        <Label htmlFor="flexDays">How flexible are your dates?</Label>
        <select id="flexDays" name="flexDays" className="h-11 w-full rounded-xl border border-brand-200 bg-white px-3 sm:w-72" defaultValue="0">
          {WAITLIST_FLEX_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? "These dates only" : `Up to ${d} ${d === 1 ? "day" : "days"} earlier or later`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" variant="outline">
          Join the waitlist
        </Button>
      </div>
    </Form>
  );
}

function ReviewStep({ data, reply }: { data: LoaderData & { step: "review" }; reply: FormReply | undefined }) {
  const { chosen, quote } = data;
  const busy = useNavigation().state === "submitting";
  const voucherError = reply?.result.error?.voucherCode?.[0];
  return (
    <section aria-labelledby="review-heading" className="mt-6 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id="review-heading" className="text-2xl">
        Review and confirm
      </h2>
      {/* Stacked on a phone: a term sits by its own value, apart from the one before. */}
      <dl className="mt-4 grid gap-x-6 gap-y-0.5 sm:grid-cols-[auto_1fr] sm:gap-y-2 max-sm:[&>dt:not(:first-child)]:mt-2">
        <dt className="font-bold">Check-in</dt>
        <dd>
          {formatCalendarDayWeekday(data.asked.checkIn!)}, {windowsText(quote.arrivalWindows)}
        </dd>
        <dt className="font-bold">Check-out</dt>
        <dd>
          {formatCalendarDayWeekday(data.asked.checkOut!)}, {windowsText(quote.departureWindows)}
        </dd>
        <dt className="font-bold">Cats</dt>
        <dd>{quote.cats.map((c) => c.name).join(", ")}</dd>
        <dt className="font-bold">Suite</dt>
        <dd>{chosen.arrangement === "together" ? chosen.name : `${chosen.suitesNeeded} × ${chosen.name}, one for each cat`}</dd>
        {data.notes ? (
          <>
            <dt className="font-bold">Notes</dt>
            <dd className="whitespace-pre-line">{data.notes}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-5">
        <PriceSummary lines={chosen.priceLines} totalCents={chosen.totalCents} tiers={chosen.cancellationTiers} />
        <p className="mt-2 text-sm text-muted">
          {medicationText(
            quote.medicatedCats.map((c) => c.name),
            data.medicationRateCents,
          )}
        </p>
      </div>
      {chosen.depositCents > 0 ? (
        <Notice tone="info" className="mt-4">
          <p className="font-bold">Deposit due now: {formatCents(chosen.depositCents)}</p>
          <p className="mt-1 text-sm">
            You pay it on the next page. We hold the suite for {data.paymentHoldMinutes} minutes while you do; the rest of the price is due at check-out.
          </p>
        </Notice>
      ) : null}
      <Form method="post" className="mt-6 grid gap-4">
        {hiddenDates(data.asked)}
        <input type="hidden" name="suiteTypeId" value={chosen.suiteTypeId} />
        <input type="hidden" name="arrangement" value={chosen.arrangement} />
        {data.notes ? <input type="hidden" name="notes" value={data.notes} /> : null}
        <div className="max-w-sm">
          <Label htmlFor="voucherCode">Voucher code (optional)</Label>
          <Input
            id="voucherCode"
            name="voucherCode"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="FN-XXXXXX"
            defaultValue={typeof reply?.result.initialValue?.voucherCode === "string" ? reply.result.initialValue.voucherCode : undefined}
            aria-invalid={voucherError ? true : undefined}
            aria-describedby={voucherError ? "voucherCode-error voucherCode-hint" : "voucherCode-hint"}
          />
          <FieldError id="voucherCode-error">{voucherError}</FieldError>
          <p id="voucherCode-hint" className="mt-1.5 text-sm text-muted">
            From your free-night voucher e-mail. A new customer&apos;s first night is free with or without it.
          </p>
        </div>
        {/* A refused voucher is said under its field; the form's error would say it twice. */}
        <FormError errors={reply?.result.error?.[""]?.filter((message) => message !== voucherError)} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Booking..." : chosen.depositCents > 0 ? "Book and pay deposit" : "Confirm booking"}
          </Button>
          <Button asChild variant="outline">
            <Link to={`?${suiteStepSearch(data.asked)}`}>Back</Link>
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The suite step's address for the same dates and cats. */
function suiteStepSearch(asked: LoaderData["asked"]) {
  const search = new URLSearchParams({ checkIn: asked.checkIn ?? "", checkOut: asked.checkOut ?? "" });
  for (const id of asked.catIds) search.append("catIds", id);
  return search;
}

export default function BookStayPage({ loaderData: data, actionData }: Route.ComponentProps) {
  return (
    <CustomerPage>
      <h1 className="text-3xl sm:text-4xl">Book a Stay</h1>
      {data.cats.length === 0 ? (
        <section className="mt-6 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">Add your cat first</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">Tell us about each cat who is staying, with their vaccine records, and you can book right here.</p>
          <Button asChild className="mt-6">
            <Link to="/cats/new">Add a cat</Link>
          </Button>
        </section>
      ) : data.step === "dates" ? (
        <DatesStep data={data} />
      ) : data.step === "suite" ? (
        <SuiteStep data={data} />
      ) : (
        <ReviewStep data={data} reply={actionData} />
      )}
    </CustomerPage>
  );
}
