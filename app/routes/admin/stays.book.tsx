import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { CatChoices, HiddenCatIds } from "~/features/cats/cat-choices";
import { requirePermission } from "@server/auth/guards.server";
import { findCustomersToBookFor } from "@server/customers/customers";
import { householdAccount, householdForEmail, listCats } from "@server/households/households";
import { AppError } from "@server/http/errors";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { loadStaySettings } from "@server/stays/calendar";
import { bookStayForHousehold } from "@server/stays/staff";
import { quoteStay } from "@server/stays/quote";
import type { Stay } from "@server/stays/stay";
import { listHouseholdStays } from "@server/stays/views";
import { Button } from "~/components/ui/button";
import { FormError, textareaClass } from "~/components/ui/field";
import { DateInput, FieldError, Input, Label } from "~/components/ui/input";
import { Notice, Panel } from "~/components/ui/panel";
import { CustomerFinder } from "~/features/customers/customer-finder";
import { customerSearchOf } from "~/features/customers/schema";
import { customerByEmailForm, staffStayForm } from "~/features/stays/admin-schema";
import { formatCents } from "~/lib/money";
import { PriceSummary } from "~/features/stays/price-summary";
import { stayDatesForm } from "~/features/stays/schema";
import { StayStatusBadge } from "~/features/stays/stay-card";
import { nightsText, windowsText } from "~/domain/stay-view";
import { arrangementText, medicationText } from "~/domain/stay-wording";
import { addBusinessDays, businessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import type { Route } from "./+types/stays.book";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Book a stay for a customer");

/**
 * Staff book a stay for a customer (a call at the desk): find the household (or make one for an
 * e-mail address), then the steps of Book a Stay as GET steps (dates and cats, a suite from the
 * same quote, then the review) and the same booking, `bookStay` through `bookStayForHousehold`: the
 * suites, prices, rules, locks and constraints of an online booking, the customer's mail, and the
 * stay on their My Trips. No online deposit: the desk settles it (ADR 0145).
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
  const [cats, settings] = await Promise.all([listCats(context.db, account.id), loadStaySettings(context.db)]);
  const asked = { checkIn: params.get("checkIn") ?? "", checkOut: params.get("checkOut") ?? "", catIds: params.getAll("catIds") };
  const notes = params.get("notes") ?? "";
  const bookedId = params.get("booked");
  const booked = bookedId ? (await listHouseholdStays(context.db, account.id)).find((s) => s.id === bookedId) : undefined;
  const base = {
    step: "book" as const,
    household: { id: householdId, name: account.name ?? account.email, email: account.email },
    cats: cats.map((c) => ({ id: c.id, name: c.name })),
    asked,
    notes,
    today,
    medicationRateCents: settings.medicationRateCents,
    booked: booked
      ? {
          catNames: booked.catNames.join(", "),
          dates: `${formatCalendarDayWeekday(booked.checkIn)} to ${formatCalendarDayWeekday(booked.checkOut)}`,
          suites: booked.suites.map((s) => s.name).join(", "),
          status: booked.status,
        }
      : null,
    errors: {} as Record<string, string>,
    quote: null,
    chosen: null,
  };
  if (!params.has("checkIn") || cats.length === 0) return base;
  const dates = stayDatesForm.safeParse(asked);
  if (!dates.success) return { ...base, errors: Object.fromEntries(dates.error.issues.map((i) => [String(i.path[0]), i.message])) };
  try {
    const quote = await quoteStay(context.db, account.id, dates.data, now);
    if (quote.problems.length > 0) return { ...base, errors: Object.fromEntries(quote.problems.map((p) => [p.field, p.message])) };
    // The suite step's choice arrives as one radio value, "<suite type id>:<arrangement>" (as on Book a Stay).
    const [suiteTypeId, arrangement] = (params.get("option") ?? "").split(":");
    const chosen = quote.options.find((o) => o.suiteTypeId === suiteTypeId && o.arrangement === arrangement) ?? null;
    return {
      ...base,
      quote: {
        nights: quote.nights,
        catNames: quote.cats.map((c) => c.name),
        medicatedCats: quote.medicatedCats,
        blocked: quote.coverage.filter((c) => c.state === "not-covered").flatMap((c) => c.problems.map((p) => `${c.catName}: ${p}`)),
        pending: quote.coverage.filter((c) => c.state === "awaiting-review").map((c) => c.catName),
        options: quote.options,
        alternatives: quote.alternatives,
        arrivalWindows: quote.arrivalWindows,
        departureWindows: quote.departureWindows,
      },
      chosen,
    };
  } catch (error) {
    // A cat that is not the household's, or named twice: back to the choices with the reason.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fields = (error.details?.fields as Record<string, string> | undefined) ?? {};
    return { ...base, errors: Object.keys(fields).length > 0 ? fields : { form: error.message } };
  }
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "customers");
  const form = await formDataOf(request);
  const intent = form.get("intent");
  if (intent === "customerByEmail") {
    let householdId: string | undefined;
    const reply = await submitForm(form, customerByEmailForm, async ({ email }) => {
      householdId = (await householdForEmail(context.db, email)).householdId;
    });
    return householdId ? redirect(`/admin/stays/book?household=${householdId}`) : reply;
  }
  if (intent !== "bookForCustomer") return unknownIntent();
  let booked: Stay | undefined;
  const reply = await submitForm(form, staffStayForm, async ({ householdId, ...input }) => {
    booked = await bookStayForHousehold(context.db, householdId, input, admin.user.email, { siteUrl: context.env.PUBLIC_SITE_URL, now: context.clock.now() });
  });
  if (!booked) return reply;
  return redirect(`/admin/stays/book?household=${booked.householdId}&booked=${booked.id}`);
});

type LoaderData = Route.ComponentProps["loaderData"];
type BookData = Extract<LoaderData, { step: "book" }>;
type Quote = NonNullable<BookData["quote"]>;

const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

function FindHousehold({ data }: { data: Extract<LoaderData, { step: "find" }> }) {
  const posted = useActionData<FormReply>();
  const emailError = posted?.result.error?.email?.[0] ?? posted?.result.error?.[""]?.[0];
  return (
    <>
      <CustomerFinder q={data.q} searchError={data.searchError} found={data.found} what="a stay" />
      <Panel
        title="A customer without an account"
        description="Their e-mail address becomes their account: the stay is theirs when they sign in with it. Their cats must be on file before a stay is booked."
      >
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="customerByEmail" />
          <div className="sm:flex-1">
            <Label htmlFor="book-email">Customer's e-mail</Label>
            <Input
              id="book-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? "book-email-error" : undefined}
            />
            <FieldError id="book-email-error">{emailError}</FieldError>
          </div>
          <Button type="submit" variant="outline" className="sm:mt-6">
            Continue
          </Button>
        </Form>
      </Panel>
    </>
  );
}

/** The dates and the cats: a GET form, so the loader's checks come back as these errors. */
function ChooseDates({ data }: { data: BookData }) {
  const { errors } = data;
  return (
    <Panel title="Dates and cats">
      {errors.form ? (
        <Notice tone="danger" role="alert" className="mb-4 text-base">
          {errors.form}
        </Notice>
      ) : null}
      <Form method="get" className="grid gap-5">
        <input type="hidden" name="household" value={data.household.id} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateInput name="checkIn" label="Check-in date" min={data.today} value={data.asked.checkIn} error={errors.checkIn} />
          <DateInput name="checkOut" label="Check-out date" min={addBusinessDays(data.today, 1)} value={data.asked.checkOut} error={errors.checkOut} />
        </div>
        <CatChoices legend="Cats staying" cats={data.cats} checked={data.asked.catIds} error={errors.catIds} wide />
        <div>
          <Button type="submit" variant="outline">
            See available suites
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

/** The household, dates and cats every later step carries. */
function HiddenChoice({ data }: { data: BookData }) {
  return (
    <>
      <input type="hidden" name="household" value={data.household.id} />
      <input type="hidden" name="checkIn" value={data.asked.checkIn} />
      <input type="hidden" name="checkOut" value={data.asked.checkOut} />
      <HiddenCatIds ids={data.asked.catIds} />
    </>
  );
}

/** The suite step's address for other dates with the same household and cats. */
function datesSearch(data: BookData, dates: { checkIn: string; checkOut: string }) {
  const search = new URLSearchParams({ household: data.household.id, ...dates });
  for (const id of data.asked.catIds) search.append("catIds", id);
  return `?${search}`;
}

function ChooseSuite({ data, quote }: { data: BookData; quote: Quote }) {
  const blocked = quote.blocked.length > 0;
  const catCount = quote.catNames.length;
  const summary = `${formatCalendarDayWeekday(data.asked.checkIn)} to ${formatCalendarDayWeekday(data.asked.checkOut)} · ${nightsText(quote.nights)} · ${quote.catNames.join(", ")}`;
  return (
    <Panel title="Suite" description={summary}>
      {blocked ? (
        <Notice tone="danger" role="alert" className="mb-4 text-base">
          <p className="font-semibold">This stay can't be booked until the required vaccines are valid through check-out:</p>
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
          {quote.pending.join(" and ")}'s vaccine record is awaiting review: the suite will be held as <strong>Pending review</strong> until it is verified in
          Vaccine records.
        </Notice>
      ) : null}
      {quote.options.length === 0 ? (
        <div>
          <Notice tone="warning" role="status" className="text-base">
            No suite is free for every one of those nights.
          </Notice>
          {quote.alternatives.length > 0 ? (
            <>
              <p className="mt-4 font-semibold">The nearest dates with a free suite:</p>
              <ul className="mt-2 grid gap-2">
                {quote.alternatives.map((a) => (
                  <li key={a.checkIn}>
                    <Link to={datesSearch(data, a)} className={linkClass}>
                      {formatCalendarDayWeekday(a.checkIn)} to {formatCalendarDayWeekday(a.checkOut)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <Form method="get" className="grid gap-5">
          <HiddenChoice data={data} />
          <fieldset>
            <legend className="mb-2 text-sm font-bold text-brand-900">Suites free for all {nightsText(quote.nights)}</legend>
            <ul className="grid gap-2">
              {quote.options.map((o, i) => {
                const value = `${o.suiteTypeId}:${o.arrangement}`;
                const checked = data.chosen ? data.chosen.suiteTypeId === o.suiteTypeId && data.chosen.arrangement === o.arrangement : i === 0;
                return (
                  <li key={value}>
                    <label className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-0.5 rounded-xl border border-brand-200 px-3 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                      <input
                        type="radio"
                        name="option"
                        value={value}
                        defaultChecked={checked}
                        disabled={blocked}
                        required
                        className="h-5 w-5 self-center accent-brand-700"
                      />
                      <span className="min-w-0 font-semibold">{o.arrangement === "together" ? o.name : `${o.suitesNeeded} × ${o.name}`}</span>
                      <span className="font-bold tabular-nums">{formatCents(o.totalCents)}</span>
                      <span className="col-span-2 col-start-2 text-sm text-muted">
                        {catCount === 1 ? "" : `${arrangementText(catCount, o.arrangement)} `}
                        {o.size ? `${o.size}, up to ${o.maxCats} cats` : `Up to ${o.maxCats} cats`}
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
            <Label htmlFor="notes">Notes for the team (optional)</Label>
            <textarea id="notes" name="notes" maxLength={1000} defaultValue={data.notes} className={textareaClass} />
          </div>
          <div>
            <Button type="submit" variant="outline" disabled={blocked}>
              Review booking
            </Button>
          </div>
        </Form>
      )}
    </Panel>
  );
}

function Review({ data, quote, chosen }: { data: BookData; quote: Quote; chosen: NonNullable<BookData["chosen"]> }) {
  const posted = useActionData<FormReply>();
  const busy = useNavigation().state === "submitting";
  const refusal = posted?.result.error ? Object.values(posted.result.error).flat()[0] : undefined;
  return (
    <Panel title="Review and book" description={`For ${data.household.name}: read the price and the terms to them before booking.`}>
      {/* Stacked on a phone: a term sits by its own value, apart from the one before. */}
      <dl className="grid gap-x-6 gap-y-0.5 sm:grid-cols-[auto_1fr] sm:gap-y-2 max-sm:[&>dt:not(:first-child)]:mt-2">
        <dt className="font-bold">Check-in</dt>
        <dd>
          {formatCalendarDayWeekday(data.asked.checkIn)}, {windowsText(quote.arrivalWindows)}
        </dd>
        <dt className="font-bold">Check-out</dt>
        <dd>
          {formatCalendarDayWeekday(data.asked.checkOut)}, {windowsText(quote.departureWindows)}
        </dd>
        <dt className="font-bold">Cats</dt>
        <dd>{quote.catNames.join(", ")}</dd>
        <dt className="font-bold">Suite</dt>
        <dd>{chosen.arrangement === "together" ? chosen.name : `${chosen.suitesNeeded} × ${chosen.name}, one for each cat`}</dd>
        {data.notes ? (
          <>
            <dt className="font-bold">Notes</dt>
            <dd className="break-words whitespace-pre-line">{data.notes}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-5">
        <PriceSummary lines={chosen.priceLines} totalCents={chosen.totalCents} tiers={chosen.cancellationTiers} />
      </div>
      {chosen.depositCents > 0 ? (
        <Notice tone="info" className="mt-4 text-base">
          Online, these dates take a deposit of {formatCents(chosen.depositCents)}. Booked here, the stay is held without one: take the deposit at the desk.
        </Notice>
      ) : null}
      <Form method="post" className="mt-5 grid gap-4">
        <input type="hidden" name="intent" value="bookForCustomer" />
        <input type="hidden" name="householdId" value={data.household.id} />
        <input type="hidden" name="checkIn" value={data.asked.checkIn} />
        <input type="hidden" name="checkOut" value={data.asked.checkOut} />
        <HiddenCatIds ids={data.asked.catIds} />
        <input type="hidden" name="suiteTypeId" value={chosen.suiteTypeId} />
        <input type="hidden" name="arrangement" value={chosen.arrangement} />
        {data.notes ? <input type="hidden" name="notes" value={data.notes} /> : null}
        <FormError errors={refusal ? [refusal] : undefined} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Booking..." : `Book for ${data.household.name}`}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

export default function StaffBookStayPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <p>
          <Link to="/admin/stays" className={linkClass}>
            Stays
          </Link>
        </p>
        <h1 className="mt-1 text-3xl">Book a stay for a customer</h1>
        <p className="mt-1 text-muted">
          The same suites, prices, rules and confirmation e-mail as booking online; the stay appears on the customer's My Trips. No deposit is taken online.
        </p>
      </div>
      {data.step === "find" ? (
        <FindHousehold data={data} />
      ) : (
        <>
          <Notice tone="info" className="text-base break-words">
            For <strong>{data.household.name}</strong> ({data.household.email}).{" "}
            <Link to="/admin/stays/book" className="font-semibold underline underline-offset-4">
              Another customer
            </Link>
          </Notice>
          {data.booked ? (
            <Notice tone="success" role="status" className="text-base">
              <p className="font-semibold">
                Booked: {data.booked.catNames}, {data.booked.dates}, {data.booked.suites}. The customer has been e-mailed.
              </p>
              <p className="mt-2">
                <StayStatusBadge status={data.booked.status} />
              </p>
            </Notice>
          ) : null}
          {data.cats.length === 0 ? (
            <Notice tone="warning" role="status" className="text-base">
              {data.household.name} has no cats on file yet, so a stay can't be booked. The customer adds their cats and vaccine records at My Cats, signing in
              with {data.household.email}.{" "}
              <Link to={`/admin/customers/${data.household.id}`} className="font-semibold underline underline-offset-4">
                Open the customer's page
              </Link>
            </Notice>
          ) : (
            <>
              <ChooseDates data={data} />
              {data.quote ? <ChooseSuite data={data} quote={data.quote} /> : null}
              {data.quote && data.chosen ? <Review data={data} quote={data.quote} chosen={data.chosen} /> : null}
            </>
          )}
        </>
      )}
    </div>
  );
}
