import { Form, Link, redirect } from "react-router";
import { getOptionalUser, requireUser } from "@server/auth/guards.server";
import { formDataOf, handleIntent, submitForm } from "@server/http/form-action";
import { settleStaysInBackground } from "@server/stays/background";
import type { Db } from "@server/db/client";
import { AppError } from "@server/http/errors";
import { listCats } from "@server/households/households";
import { cancelStay } from "@server/stays/cancel";
import { changeStayCats, quoteStayCats } from "@server/stays/change-cats";
import { changeStayDates, quoteStayChange } from "@server/stays/change-dates";
import { type Stay, changeable } from "@server/stays/stay";
import { listHouseholdStays } from "@server/stays/views";
import { acceptOffer, leaveWaitlist, listWaitlist } from "@server/stays/waitlist";
import { checkInStatuses } from "@server/stays/check-in";
import { checkInOpen, checkInPath } from "~/domain/check-in";
import { CheckInBadge } from "~/features/stays/check-in-badge";
import { householdReceipts } from "@server/stays/receipts";
import { ReceiptLink } from "~/features/stays/receipt-link";
import { startDepositCheckout } from "@server/payments/payments";
import { startBalanceCheckout } from "@server/payments/balance";
import { ownOwed } from "@server/stays/owed";
import { sendPendingRefunds } from "@server/payments/refunds";
import { ActionNotice } from "~/components/action-notice";
import { Notice } from "~/components/ui/panel";
import { GROOMABLE_STAY_STATUSES } from "~/domain/stay-status";
import { cancellationFeeOn } from "~/domain/cancellation";
import { depositRefundOn } from "~/domain/deposits";
import { formatCents } from "~/lib/money";
import { TRIP_SECTION_TITLES, alreadyAcceptedText, cancelRefundText, tripSections } from "~/domain/stay-wording";
import { BOOKING_HORIZON_DAYS } from "@server/grooming/grooming";
import { loadSiteContent } from "@server/content/content";
import {
  acceptOfferForm,
  cancelStayForm,
  payDepositForm,
  payOwedForm,
  changeStayCatsForm,
  changeStayForm,
  leaveWaitlistForm,
  stayCatsForm,
} from "~/features/stays/schema";
import type { StayView } from "~/domain/stay-view";
import { AddGroomLink, StayCard } from "~/features/stays/stay-card";
import { addBusinessDays, businessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { noindexMeta } from "~/features/seo/seo";
import { CustomerPage } from "~/components/customer-page";
import type { Route } from "./+types/trips";
import { listOf } from "~/lib/words";

export const meta: Route.MetaFunction = () => noindexMeta(`My Trips | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  // Every trip is a stay, booked online or by staff (ADR 0146).
  if (!(await getOptionalUser(request, context)))
    return {
      signedIn: false as const,
      stays: { upcoming: [], past: [], cancelled: [] },
      empty: false,
      cats: [],
      waitlist: [],
      status: null,
      change: null,
      catsChange: null,
      groomAfter: null,
      owed: { totalCents: 0, stays: [] },
    };
  const { user } = await requireUser(request, context);
  const now = context.clock.now();
  const today = businessDate(now);
  // "Add a groom on departure day" only while grooms are booked on this site (the content's switch).
  const groomsOnline = (await loadSiteContent(context.db)).business.booking.online;
  const [listed, receipts, owed] = await Promise.all([
    listHouseholdStays(context.db, user.id),
    householdReceipts(context.db, user.id),
    ownOwed(context.db, user.id),
  ]);
  // Online check-in, for a booked stay not yet arrived: its status and the way to the page (ADR 0158).
  const checkIns = await checkInStatuses(
    context.db,
    listed.filter((stay) => checkInOpen(stay, today)).map((stay) => stay.id),
  );
  const stays = listed.map((stay) => ({
    stay,
    checkIn: checkIns.get(stay.id) ?? null,
    receiptNumber: receipts.get(stay.id) ?? null,
    cancellable: changeable(stay, today),
    changeable: changeable(stay, today) && holdsSuite(stay),
    cancelFeeToday: cancellationFeeOn(stay.cancellationTiers, today),
    // What cancelling today gives back of a paid deposit: the rule the cancellation itself applies.
    cancelRefundText: cancelRefundText(depositRefundOn(stay.cancellationTiers, today, stay.paidCents - stay.refundedCents), stay),
    groomable: groomsOnline && groomable(stay, today),
  }));
  const params = new URL(request.url).searchParams;
  const waitlist = (await listWaitlist(context.db, user.id)).filter((w) => w.status === "waiting");
  const cats = await listCats(context.db, user.id);
  const booked = stays.find((s) => s.stay.id === params.get("booked"));
  return {
    signedIn: true as const,
    stays: tripSections(stays, today),
    // What the household still owes for stays checked out unpaid (ADR 0182), payable here by card.
    owed,
    // A household with only a waitlist entry still has something to show: the entry, and the way to leave it.
    empty: stays.length === 0 && waitlist.length === 0,
    groomAfter: booked?.groomable ? booked.stay.id : null,
    cats: cats.map((c) => ({ id: c.id, name: c.name })),
    waitlist: waitlist.map((w) => ({ id: w.id, checkIn: w.checkIn, checkOut: w.checkOut, flexDays: w.flexDays })),
    status: statusLine(params, stays, waitlist),
    change: await changeQuote(context.db, user.id, params, now),
    catsChange: await catsQuote(context.db, user.id, params, now),
  };
});

/**
 * A stay changes its dates or cats online only in the suites it holds: one staff booked before stays
 * were stays has none on record (ADR 0146), and staff change it.
 */
const holdsSuite = (stay: StayView) => stay.suites.length > 0;
const NOT_CHANGEABLE_ONLINE = () =>
  new AppError(409, "STAY_CHANGED_BY_STAFF", "Our team booked this stay for you, so it can't be changed online. Please call us and we'll change it.");

/** Refuses a change to one of the household's stays that is not changed online (others answer as before). */
async function refuseStaffOnly(db: Db, userId: string, stayId: string) {
  const stay = (await listHouseholdStays(db, userId)).find((s) => s.id === stayId);
  if (stay && !holdsSuite(stay)) throw NOT_CHANGEABLE_ONLINE();
}

/** A groom can be added on the stay's departure day: a booked stay not over, its departure day within the grooming horizon. */
const groomable = (stay: StayView, today: string) =>
  (GROOMABLE_STAY_STATUSES as readonly string[]).includes(stay.status) &&
  stay.checkOut >= today &&
  stay.checkOut <= addBusinessDays(today, BOOKING_HORIZON_DAYS);

/** What the booking and change forms sent the browser here to say (their redirects work before JavaScript too). */
function statusLine(params: URLSearchParams, stays: { stay: StayView }[], waitlist: { id: string; checkIn: string; checkOut: string }[]) {
  const waiting = waitlist.find((w) => w.id === params.get("waitlisted"));
  if (waiting)
    return `You're on the waitlist for ${formatCalendarDayWeekday(waiting.checkIn)} to ${formatCalendarDayWeekday(waiting.checkOut)}. We'll e-mail you an offer as soon as a suite frees up.`;
  const paid = stays.find((s) => s.stay.id === params.get("paid"))?.stay;
  if (paid)
    return paid.status === "awaiting_payment"
      ? "We're waiting for your payment to come through; this page shows your stay as confirmed once it has."
      : paid.status === "confirmed"
        ? `Thank you: your deposit of ${formatCents(paid.paidCents)} is paid and your stay is confirmed. We've e-mailed you the details.`
        : `Thank you: your deposit of ${formatCents(paid.paidCents)} is paid. Your suite is held while our team checks a vaccine record.`;
  const booked = stays.find((s) => s.stay.id === params.get("booked"))?.stay;
  if (booked?.status === "awaiting_payment") return 'Your suite is held until you pay the deposit. Use "Pay deposit" below.';
  if (booked)
    return booked.status === "confirmed"
      ? "Your stay is confirmed. We've e-mailed you the details and a calendar invitation."
      : "Your suite is held while our team checks a vaccine record. We'll e-mail you when the stay is confirmed.";
  const changed = stays.find((s) => s.stay.id === params.get("changed"))?.stay;
  if (changed)
    return `Your stay now runs from ${formatCalendarDayWeekday(changed.checkIn)} to ${formatCalendarDayWeekday(changed.checkOut)}. We've e-mailed you the details.`;
  const recast = stays.find((s) => s.stay.id === params.get("catsChanged"))?.stay;
  if (recast)
    return recast.status === "confirmed"
      ? `Your stay is now for ${listOf(recast.catNames)}. We've e-mailed you the details.`
      : `Your stay is now for ${listOf(recast.catNames)}. Your suite is held while our team checks a vaccine record; we'll e-mail you when the stay is confirmed.`;
  return null;
}

/** The "Change dates" form's question (GET, so it works before JavaScript): the new price, or why not. */
async function changeQuote(db: Db, userId: string, params: URLSearchParams, now: Date) {
  const asked = changeStayForm.safeParse({ intent: "change", stayId: params.get("change"), checkIn: params.get("checkIn"), checkOut: params.get("checkOut") });
  if (!asked.success) return null;
  const { stayId, checkIn, checkOut } = asked.data;
  try {
    await refuseStaffOnly(db, userId, stayId);
    return { stayId, checkIn, checkOut, quote: await quoteStayChange(db, userId, asked.data, now), error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { stayId, checkIn, checkOut, quote: null, error: error.message };
  }
}

/** The "Change cats" form's question (GET, so it works before JavaScript): the new price, or why not. */
async function catsQuote(db: Db, userId: string, params: URLSearchParams, now: Date) {
  const stayId = params.get("changeCats");
  if (!stayId) return null;
  const asked = stayCatsForm.safeParse({ stayId, catIds: params.getAll("catIds") });
  if (!asked.success) return { stayId, catIds: params.getAll("catIds"), quote: null, error: asked.error.issues[0]!.message };
  const { catIds } = asked.data;
  try {
    await refuseStaffOnly(db, userId, stayId);
    return { stayId, catIds, quote: await quoteStayCats(db, userId, asked.data, now), error: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { stayId, catIds, quote: null, error: error.message };
  }
}

/** What every form of the page acts with: the signed-in customer, the site's address and the server's clock. */
interface TripsPage {
  context: Route.ActionArgs["context"];
  userId: string;
  siteUrl: string;
  now: Date;
}

async function cancel(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  const reply = await submitForm(form, cancelStayForm, async ({ stayId }) => {
    const { stay, refundCents } = await cancelStay(context.db, userId, stayId, { siteUrl, now });
    const fee = stay.cancellationFeeCents ?? 0;
    const refund = refundCents > 0 ? ` We will refund ${formatCents(refundCents)} to your card.` : "";
    return {
      kind: "success",
      title: "Stay cancelled.",
      description: `${fee === 0 ? "No fee applies." : `A cancellation fee of ${formatCents(fee)} applies.`}${refund}`,
    };
  });
  settleStaysInBackground(context);
  // The refund the cancellation queued goes to the provider now; the payments job retries it if this fails.
  void sendPendingRefunds(context.db, context.payments, context.logger, now).catch((err: unknown) =>
    context.logger.warn({ err }, "sending refunds failed; the payments job will retry"),
  );
  return reply;
}

async function payDeposit(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  let url: string | undefined;
  const reply = await submitForm(form, payDepositForm, async ({ stayId }) => {
    ({ url } = await startDepositCheckout(context.db, context.payments, userId, stayId, { siteUrl, logger: context.logger, now }));
  });
  return url ? redirect(url) : reply;
}

async function payOwed(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  let url: string | undefined;
  const reply = await submitForm(form, payOwedForm, async ({ stayId }) => {
    ({ url } = await startBalanceCheckout(context.db, context.payments, { stayId, customerId: userId }, { siteUrl, now, logger: context.logger }));
  });
  return url ? redirect(url) : reply;
}

async function changeDates(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  let changed: Stay | undefined;
  const reply = await submitForm(form, changeStayForm, async (input) => {
    await refuseStaffOnly(context.db, userId, input.stayId);
    changed = await changeStayDates(context.db, userId, input, { siteUrl, now });
  });
  if (!changed) return reply;
  settleStaysInBackground(context);
  return redirect(`/trips?changed=${changed.id}`);
}

async function changeCats(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  let changed: Stay | undefined;
  const reply = await submitForm(form, changeStayCatsForm, async (input) => {
    await refuseStaffOnly(context.db, userId, input.stayId);
    changed = await changeStayCats(context.db, userId, input, { siteUrl, now });
  });
  if (!changed) return reply;
  settleStaysInBackground(context);
  return redirect(`/trips?catsChanged=${changed.id}`);
}

async function accept(form: FormData, { context, userId, siteUrl, now }: TripsPage) {
  let accepted: Stay | undefined;
  const reply = await submitForm(form, acceptOfferForm, async ({ stayId }) => {
    const { outcome, stay } = await acceptOffer(context.db, userId, stayId, { siteUrl, now });
    if (outcome === "accepted") accepted = stay;
    // Accepted before (a double click, another tab): said so, with where the stay is, and nothing changes.
    else return { kind: "success", title: "Offer already accepted.", description: alreadyAcceptedText(stay, businessDate(now)) };
  });
  if (!accepted) return reply;
  settleStaysInBackground(context);
  return redirect(`/trips?booked=${accepted.id}`);
}

const leaveTheWaitlist = (form: FormData, { context, userId, now }: TripsPage) =>
  submitForm(form, leaveWaitlistForm, async ({ entryId }) => {
    await leaveWaitlist(context.db, userId, entryId, now);
    return { kind: "success", title: "You've left the waitlist." };
  });

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  const page: TripsPage = { context, userId: user.id, siteUrl: context.env.PUBLIC_SITE_URL, now: context.clock.now() };
  return handleIntent(form, {
    cancel: (posted) => cancel(posted, page),
    pay: (posted) => payDeposit(posted, page),
    payOwed: (posted) => payOwed(posted, page),
    change: (posted) => changeDates(posted, page),
    changeCats: (posted) => changeCats(posted, page),
    accept: (posted) => accept(posted, page),
    leaveWaitlist: (posted) => leaveTheWaitlist(posted, page),
  });
});

/** What the household owes for stays checked out unpaid, each with its way to pay by card; nothing when nothing is owed. */
function Owed({ owed }: { owed: SignedIn["owed"] }) {
  if (owed.totalCents === 0) return null;
  return (
    <section className="mt-8 grid gap-4" aria-labelledby="owed-heading">
      <h2 id="owed-heading" className="text-2xl">
        Owed: {formatCents(owed.totalCents)}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {owed.stays.map((s) => (
          <li key={s.id} className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
            <p className="font-display text-xl text-brand-900">
              {listOf(s.catNames)} · {formatCalendarDayWeekday(s.checkIn)} – {formatCalendarDayWeekday(s.checkOut)}
            </p>
            <p className="text-muted">Balance left unpaid at check-out: {formatCents(s.dueCents)}</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="payOwed" />
              <input type="hidden" name="stayId" value={s.id} />
              <Button type="submit" size="sm">
                Pay {formatCents(s.dueCents)} by card
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Waitlist({ entries }: { entries: { id: string; checkIn: string; checkOut: string; flexDays: number }[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="mt-8 grid gap-4" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading" className="text-2xl">
        Waitlist
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {entries.map((w) => (
          <li key={w.id} className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
            <p className="font-display text-xl text-brand-900">
              {formatCalendarDayWeekday(w.checkIn)} – {formatCalendarDayWeekday(w.checkOut)}
            </p>
            <p className="text-muted">
              {w.flexDays === 0 ? "These dates only" : `Up to ${w.flexDays} ${w.flexDays === 1 ? "day" : "days"} earlier or later`} · we'll e-mail you an offer
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="leaveWaitlist" />
              <input type="hidden" name="entryId" value={w.id} />
              <Button type="submit" size="sm" variant="ghost-danger">
                Leave the waitlist
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

type TripStay = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>["stays"]["upcoming"][number];
type SignedIn = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;
/** What the change forms asked about the upcoming stays, and the household's cats to choose from. */
type Changes = Pick<SignedIn, "change" | "catsChange" | "cats">;

function StayList({ title, stays, changes }: { title: string; stays: TripStay[]; changes: Changes | null }) {
  if (stays.length === 0) return null;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={`${title} stays`}>
      {stays.map((s) => (
        <StayCard
          key={s.stay.id}
          stay={s.stay}
          cancellable={s.cancellable}
          changeable={s.changeable}
          groomable={s.groomable}
          cancelFeeToday={s.cancelFeeToday}
          cancelRefundText={s.cancelRefundText}
          householdCats={changes?.cats ?? []}
          change={changes?.change?.stayId === s.stay.id ? changes.change : null}
          catsChange={changes?.catsChange?.stayId === s.stay.id ? changes.catsChange : null}
          footer={s.receiptNumber ? <ReceiptLink stayId={s.stay.id} number={s.receiptNumber} /> : null}
        >
          {s.checkIn ? <CheckInLink stayId={s.stay.id} status={s.checkIn} /> : null}
        </StayCard>
      ))}
    </ul>
  );
}

/** A stay's online check-in on its card: where it stands, and the way to the page. */
function CheckInLink({ stayId, status }: { stayId: string; status: NonNullable<TripStay["checkIn"]> }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <CheckInBadge status={status} />
      <Link to={checkInPath(stayId)} className="font-semibold text-brand-700 underline underline-offset-4">
        {status === "ready" ? "Review online check-in" : "Check in online"}
      </Link>
    </div>
  );
}

/** Stays that will not take place (cancelled, declined, a hold that ended), apart from the trips to come; nothing when there are none. */
function CancelledStays({ stays }: { stays: TripStay[] }) {
  if (stays.length === 0) return null;
  return (
    <section className="mt-8 grid gap-4" aria-labelledby="cancelled-trips">
      <h2 id="cancelled-trips" className="text-2xl">
        {TRIP_SECTION_TITLES.cancelled}
      </h2>
      <StayList title={TRIP_SECTION_TITLES.cancelled} stays={stays} changes={null} />
    </section>
  );
}

function TripList({ title, stays, changes = null }: { title: string; stays: TripStay[]; changes?: Changes | null }) {
  const id = `${title.toLowerCase()}-trips`;
  return (
    <section className="mt-8 grid gap-4" aria-labelledby={id}>
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <StayList title={title} stays={stays} changes={changes} />
      {stays.length === 0 ? <p className="text-muted">No {title.toLowerCase()} stays.</p> : null}
    </section>
  );
}

export default function TripsPage({ loaderData }: Route.ComponentProps) {
  const { empty } = loaderData;
  return (
    <CustomerPage>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl sm:text-4xl">My Trips</h1>
        {loaderData.signedIn ? (
          <Button asChild>
            <Link to="/book/stay">Book a Stay</Link>
          </Button>
        ) : null}
      </div>
      {loaderData.status ? (
        <Notice tone="success" role="status" className="mt-4 text-base font-semibold">
          {loaderData.status}
          {loaderData.groomAfter ? (
            <>
              {" "}
              <AddGroomLink stayId={loaderData.groomAfter} />
            </>
          ) : null}
        </Notice>
      ) : null}
      <ActionNotice className="mt-4" />
      {!loaderData.signedIn ? (
        <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">Sign in to see your trips</h2>
          <Button asChild className="mt-6">
            <Link to="/auth?redirectTo=/trips">Sign In or Join</Link>
          </Button>
        </section>
      ) : empty ? (
        <p className="mt-6 text-lg text-muted">Your upcoming and past reservations will appear here.</p>
      ) : (
        <>
          <Owed owed={loaderData.owed} />
          <Waitlist entries={loaderData.waitlist} />
          <TripList title={TRIP_SECTION_TITLES.upcoming} stays={loaderData.stays.upcoming} changes={loaderData} />
          <TripList title={TRIP_SECTION_TITLES.past} stays={loaderData.stays.past} />
          <CancelledStays stays={loaderData.stays.cancelled} />
        </>
      )}
    </CustomerPage>
  );
}
