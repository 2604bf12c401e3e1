import { Form, Link, useActionData, useNavigation } from "react-router";
import { may, requirePermission } from "@server/auth/guards.server";
import { formDataOf, handleIntent } from "@server/http/form-action";
import { formToken } from "@server/http/form-once";
import { groomsAtDesk } from "@server/grooming/groom-payments";
import { failedMail } from "@server/mail/queue";
import { recentPayments } from "@server/payments/payments";
import { failedSms } from "@server/telephony/sms-queue";
import { listSuites } from "@server/stays/rooms";
import { checkInStatuses } from "@server/stays/check-in";
import { CheckInBadge } from "~/features/stays/check-in-badge";
import type { CheckInStatus } from "~/domain/check-in";
import {
  type StaffStay,
  catsBookedTwice,
  deskDay,
  occupancyGrid,
  overduePickups,
  recentlyCheckedOut,
  reviewQueue,
  staysWithoutSuite,
} from "@server/stays/staff";
import { mapRefusals } from "@server/http/refusals";
import { owedAtDesk } from "@server/stays/owed";
import { BalanceDesk } from "~/features/stays/balance-desk";
import { GroomPaidSummary, GroomPaymentForm } from "~/features/stays/groom-payment-form";
import { ActionNotice } from "~/components/action-notice";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Panel } from "~/components/ui/panel";
import { selectClass } from "~/features/admin/leads/lead-parts";
import { creditNoteNumberText, creditNotePath } from "~/domain/credit-note";
import { FIRST_NIGHT_FREE, REFERRAL_CREDIT } from "~/domain/pricing";
import { GUARANTEE_DAYS } from "~/domain/guarantee";
import { paymentMethodLabel } from "~/domain/stay-wording";
import { formatCents } from "~/lib/money";
import { type FormReply, replyTo } from "~/lib/forms";
import { StayStatusBadge } from "~/features/stays/stay-card";
import { addBusinessDays, businessDate, formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { formatUsPhone } from "~/lib/phone";
import { calendarDateField } from "~/lib/validation";
import type { Route } from "./+types/stays";
import { adminMeta } from "./shared";
import {
  type DeskPage,
  balanceCardIntent,
  balanceDeskIntent,
  groomPaymentIntent,
  guaranteeIntent,
  listActionIntent,
  moveIntent,
  refundIntent,
  retryMailIntent,
  retrySmsIntent,
} from "./stays/desk-intents.server";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Stays");

const GRID_NIGHTS = 14;
/** How far back "Recently checked out" lists departures: the guarantee's 7 days and a week's grace. */
const CHECKED_OUT_DAYS = 14;
const dayParam = calendarDateField();

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const auth = await requirePermission(request, context, "desk");
  const params = new URL(request.url).searchParams;
  const now = context.clock.now();
  const today = businessDate(now);
  const date = dayParam.safeParse(params.get("date")).data ?? today;
  const [desk, queue, withoutSuite, grid, suites, undelivered, undeliveredTexts, deposits, bookedTwice, checkedOut, overdue, owed, grooms] = await Promise.all([
    deskDay(context.db, date),
    reviewQueue(context.db),
    staysWithoutSuite(context.db, today),
    occupancyGrid(context.db, date, GRID_NIGHTS),
    listSuites(context.db),
    failedMail(context.db),
    failedSms(context.db),
    recentPayments(context.db),
    catsBookedTwice(context.db),
    recentlyCheckedOut(context.db, today, CHECKED_OUT_DAYS),
    overduePickups(context.db, now),
    owedAtDesk(context.db),
    groomsAtDesk(context.db, date),
  ]);
  // The arrivals' online check-in (ADR 0158): who has confirmed the care plan and signed.
  const checkIns = await checkInStatuses(
    context.db,
    desk.arrivals.map((s) => s.id),
  );
  return {
    // The refund and guarantee forms are a Manager's or an Owner's (ADR 0185): the front desk does not see them.
    canRefund: may(auth, "refunds"),
    formToken: formToken(),
    checkIns: Object.fromEntries(checkIns) as Record<string, CheckInStatus>,
    overdue,
    owed,
    grooms,
    deposits,
    bookedTwice,
    date,
    today,
    ...desk,
    queue,
    // Latest departure first: the stay a customer calls about is usually the one that just ended.
    checkedOut: checkedOut.toReversed(),
    withoutSuite,
    grid,
    suites: suites.filter((s) => s.inService).map((s) => ({ id: s.id, name: s.name })),
    undelivered: undelivered.map((m) => ({ id: m.id, to: m.to, subject: m.message.subject, attempts: m.attempts, lastError: m.lastError })),
    undeliveredTexts: undeliveredTexts.map((t) => ({ id: t.id, to: t.to, body: t.body, attempts: t.attempts, lastError: t.lastError })),
  };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "desk");
  const form = await formDataOf(request);
  const page: DeskPage = { context, admin, now: context.clock.now() };
  const listAction = (posted: FormData) => listActionIntent(posted, page);
  return handleIntent(form, {
    retryMail: (posted) => retryMailIntent(posted, page),
    retrySms: (posted) => retrySmsIntent(posted, page),
    refund: (posted) => refundIntent(posted, page),
    guarantee: (posted) => guaranteeIntent(posted, page),
    // What a stay checked out unpaid owes is taken here too (ADR 0182), with the check-out page's forms.
    balanceCard: (posted) => balanceCardIntent(posted, page),
    balanceDesk: (posted) => balanceDeskIntent(posted, page),
    groomPayment: (posted) => groomPaymentIntent(posted, page),
    move: (posted) => moveIntent(posted, page),
    approve: listAction,
    decline: listAction,
    noShow: listAction,
  });
});

type LoaderData = Route.ComponentProps["loaderData"];

function DeskButton({
  stay,
  intent,
  label,
  variant = "outline",
}: {
  stay: StaffStay;
  intent: string;
  label: string;
  variant?: "outline" | "ghost-danger" | "primary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("stayId") === stay.id && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="stayId" value={stay.id} />
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-label={`${label}: ${stay.catNames.join(" & ")} (${stay.household})`}>
        {label}
      </Button>
    </Form>
  );
}

/** A desk action that has a page of its own (check-in, check-out, the suite card): a link that reads as a button. */
function DeskLink({ stay, to, label, variant = "outline" }: { stay: StaffStay; to: string; label: string; variant?: "outline" | "primary" }) {
  return (
    <Button asChild size="sm" variant={variant}>
      <Link to={to} aria-label={`${label}: ${stay.catNames.join(" & ")} (${stay.household})`}>
        {label}
      </Link>
    </Button>
  );
}

function StayRow({ stay, suites, checkIn, children }: { stay: StaffStay; suites: LoaderData["suites"]; checkIn?: CheckInStatus; children?: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-xl border border-brand-100 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {stay.catNames.join(" & ")} · {stay.household}
          </p>
          <p className="text-sm text-muted">
            {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)} · {stay.suiteNames.join(", ") || "no suite"} ·{" "}
            {/* The price and its free night stay on one line: a break after the minus reads as two amounts. */}
            <span className="whitespace-nowrap">
              {formatCents(stay.totalCents)}
              {stay.firstNightFreeCents > 0 ? ` (${FIRST_NIGHT_FREE} ${formatCents(-stay.firstNightFreeCents)})` : ""}
              {stay.referralCreditCents > 0 ? ` (${REFERRAL_CREDIT} ${formatCents(-stay.referralCreditCents)})` : ""}
            </span>
            {stay.medication ? " · medication" : ""}
          </p>
          <p className="text-sm">
            {stay.phone ? (
              <a href={`tel:${stay.phone}`} className="underline">
                {formatUsPhone(stay.phone)}
              </a>
            ) : null}
            {/* A customer named by their e-mail (no household name) is not given it twice. */}
            {stay.phone && stay.email && stay.email !== stay.household ? " · " : null}
            {stay.email !== stay.household ? stay.email : null}
          </p>
          {stay.notes ? <p className="mt-1 text-sm whitespace-pre-line">“{stay.notes}”</p> : null}
          {checkIn ? <CheckInBadge status={checkIn} className="mt-1" /> : null}
        </div>
        <StayStatusBadge status={stay.status} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {children}
        {["confirmed", "pending_review", "checked_in"].includes(stay.status) ? (
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="stayId" value={stay.id} />
            <div>
              <Label htmlFor={`move-${stay.id}`} className="sr-only">
                Move {stay.catNames.join(" & ")} to suite
              </Label>
              <select id={`move-${stay.id}`} name="suiteId" className={cn(selectClass, "h-9 w-36 text-sm")} defaultValue="">
                <option value="" disabled>
                  Move to…
                </option>
                {suites.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="sm" variant="ghost">
              Move
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function StayList({
  stays,
  empty,
  suites,
  actions,
  checkIns = {},
}: {
  stays: StaffStay[];
  empty: string;
  suites: LoaderData["suites"];
  actions: (s: StaffStay) => React.ReactNode;
  /** The online check-in of the stays that have one to show (the arrivals). */
  checkIns?: Record<string, CheckInStatus>;
}) {
  if (stays.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="grid gap-3">
      {stays.map((s) => (
        <StayRow key={s.id} stay={s} suites={suites} checkIn={checkIns[s.id]}>
          {actions(s)}
        </StayRow>
      ))}
    </ul>
  );
}

function OccupancyGrid({ grid }: { grid: LoaderData["grid"] }) {
  return (
    // A region that scrolls must take keyboard focus, so it can be scrolled without a mouse. `relative`:
    // the cells' screen-reader-only text is positioned inside it, not against the page, which it would widen.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="relative overflow-x-auto" role="region" aria-label="Occupancy grid, scrolls sideways" tabIndex={0}>
      <table className="min-w-max border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Suites by night</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white px-2 py-1 text-left">
              Suite
            </th>
            {grid.nights.map((n) => (
              <th key={n} scope="col" className="w-24 px-1 py-1 text-left font-semibold whitespace-nowrap">
                {formatCalendarDayWeekday(n).replace(/, \d{4}$/, "")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.suiteId}>
              <th scope="row" className={cn("sticky left-0 z-10 bg-white px-2 py-1 text-left whitespace-nowrap", !row.inService && "text-muted line-through")}>
                {row.suiteName}
              </th>
              {row.nights.map((cell, i) => (
                <td key={grid.nights[i]} className="h-9 border-t border-brand-50 p-0.5">
                  {cell ? (
                    <span
                      className={cn(
                        "block h-8 truncate rounded px-1.5 leading-8",
                        cell.status === "pending_review" || cell.status === "offered" ? "bg-accent-100 text-accent-700" : "bg-brand-100 text-brand-900",
                      )}
                      title={cell.label}
                    >
                      {cell.starts ? cell.label : <span className="sr-only">{cell.label}</span>}
                    </span>
                  ) : (
                    <span className="sr-only">free</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function StaysPage({ loaderData: data }: Route.ComponentProps) {
  const dayLink = (days: number) => `?date=${addBusinessDays(data.date, days)}`;
  return (
    // One minmax(0, 1fr) column: the occupancy table scrolls inside its panel instead of widening the page.
    <div className="grid grid-cols-1 gap-6">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl">Stays</h1>
          <Button asChild>
            <Link to="/admin/stays/book">Book a stay for a customer</Link>
          </Button>
        </div>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <Button asChild size="sm" variant="ghost">
            <Link to={dayLink(-1)}>← Day before</Link>
          </Button>
          <div>
            <Label htmlFor="date">Day</Label>
            <Input id="date" name="date" type="date" defaultValue={data.date} className="h-9 w-44" />
          </div>
          <Button type="submit" size="sm" variant="outline">
            Show
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link to={dayLink(1)}>Day after →</Link>
          </Button>
          {data.date !== data.today ? (
            <Button asChild size="sm" variant="ghost">
              <Link to="?">Today</Link>
            </Button>
          ) : null}
        </Form>
        <ActionNotice className="mt-4" />
      </div>

      {data.overdue.length > 0 ? (
        <Panel
          title="Overdue pickups"
          description="Not collected by the end of the departure window: the cat stays checked in, its suite is held night by night, and each extra night is added to the bill (with the late-pickup fee, if the house rules set one). The owner has been texted. Check out when the cat is collected."
        >
          <StayList
            stays={data.overdue}
            suites={data.suites}
            empty=""
            actions={(s) => (
              <>
                <DeskLink stay={s} to={`/admin/stays/${s.id}/check-out`} label="Check out" variant="primary" />
                <DeskLink stay={s} to={`/admin/stays/${s.id}/suite-card`} label="Suite card" />
              </>
            )}
          />
        </Panel>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={`Arrivals · ${formatCalendarDayWeekday(data.date)}`}>
          <StayList
            stays={data.arrivals}
            checkIns={data.checkIns}
            suites={data.suites}
            empty="No arrivals."
            actions={(s) =>
              s.status === "confirmed" ? (
                <>
                  <DeskLink stay={s} to={`/admin/stays/${s.id}/check-in`} label="Check in" variant="primary" />
                  <DeskButton stay={s} intent="noShow" label="No-show" variant="ghost-danger" />
                </>
              ) : s.status === "checked_in" ? (
                <DeskLink stay={s} to={`/admin/stays/${s.id}/suite-card`} label="Suite card" />
              ) : null
            }
          />
        </Panel>
        <Panel title={`Departures · ${formatCalendarDayWeekday(data.date)}`}>
          <StayList
            stays={data.departures}
            suites={data.suites}
            empty="No departures."
            actions={(s) =>
              s.status === "checked_in" ? (
                <>
                  <DeskLink stay={s} to={`/admin/stays/${s.id}/check-out`} label="Check out" variant="primary" />
                  <DeskLink stay={s} to={`/admin/stays/${s.id}/suite-card`} label="Suite card" />
                </>
              ) : null
            }
          />
        </Panel>
      </div>

      {data.grooms.length > 0 ? (
        <Panel
          title={`Grooms · ${formatCalendarDayWeekday(data.date)}`}
          description="A groom on its own is paid here. One done during a stay is added to that stay's bill at check-out instead."
        >
          <ul className="grid gap-3" aria-label="Grooms of the day">
            {data.grooms.map((g) => (
              <li key={g.id} className="rounded-xl border border-brand-100 p-3 break-words">
                <GroomPaidSummary groom={g} unpaid={<GroomPaymentForm groom={g} formToken={data.formToken} />} />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      {data.owed.length > 0 ? (
        <Panel
          title="Owed"
          description="Stays checked out with a balance unpaid, oldest first. Take it by card (a link e-mailed to the customer, who can also pay from My Trips) or record cash or a check."
        >
          <ul className="grid gap-3">
            {data.owed.map((s) => (
              <li key={s.id} className="grid gap-2 rounded-xl border border-brand-100 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold">
                    {s.catNames.join(" & ")} ·{" "}
                    {s.householdId ? (
                      <Link to={`/admin/customers/${s.householdId}`} className="underline underline-offset-4">
                        {s.household}
                      </Link>
                    ) : (
                      s.household
                    )}
                  </p>
                  <p className="font-semibold whitespace-nowrap">Owed {formatCents(s.dueCents)}</p>
                </div>
                <p className="text-sm text-muted">
                  {formatCalendarDayWeekday(s.checkIn)} – {formatCalendarDayWeekday(s.checkOut)} · stay {formatCents(s.totalCents)}
                </p>
                <BalanceDesk stay={{ id: s.id, catNames: s.catNames, household: s.household }} balance={{ dueCents: s.dueCents, paid: [] }} />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel title="Waiting for review" description="The suite is held until you confirm or decline. Check the cat's record in Vaccine records first.">
        <StayList
          stays={data.queue}
          suites={data.suites}
          empty="Nothing waiting."
          actions={(s) => (
            <>
              <DeskButton stay={s} intent="approve" label="Confirm" variant="primary" />
              <DeskButton stay={s} intent="decline" label="Decline" variant="ghost-danger" />
            </>
          )}
        />
      </Panel>

      <Panel
        title="Recently checked out"
        description={`Stays that ended in the last ${CHECKED_OUT_DAYS} days. The satisfaction guarantee is promised for ${GUARANTEE_DAYS} days after check-out; later is your call. A refund goes back to the card that paid; what was paid in cash or by check is given back at the desk.`}
      >
        <StayList
          stays={data.checkedOut}
          suites={data.suites}
          empty="No stays checked out recently."
          actions={(s) => (data.canRefund ? <GuaranteeForm stay={s} /> : null)}
        />
      </Panel>

      {data.withoutSuite.length > 0 ? (
        <Panel
          title="Stays without a suite"
          description="Booked by staff as appointments before stays were stays: their cats and times are in the notes. Give each a suite with Move."
        >
          <StayList stays={data.withoutSuite} suites={data.suites} empty="" actions={() => null} />
        </Panel>
      ) : null}

      <BookedTwicePanel items={data.bookedTwice} />

      <UndeliveredPanel
        title="Mail not delivered"
        description="The mail server refused these after several tries. Check the mail settings, then send them again."
        intent="retryMail"
        idField="mailId"
        items={data.undelivered.map((m) => ({
          id: m.id,
          heading: m.subject,
          detail: m.to,
          attempts: m.attempts,
          lastError: m.lastError,
          label: `Send the mail to ${m.to} again`,
        }))}
      />
      <UndeliveredPanel
        title="Texts not delivered"
        description="The text provider refused these after several tries. Check the Twilio settings and the number, then send them again."
        intent="retrySms"
        idField="smsId"
        items={data.undeliveredTexts.map((t) => ({
          id: t.id,
          heading: formatUsPhone(t.to),
          detail: t.body,
          attempts: t.attempts,
          lastError: t.lastError,
          label: `Send the text to ${formatUsPhone(t.to)} again`,
        }))}
      />

      <Panel
        title="Payments"
        description="Paid deposits and balances, newest first, with what was given back. A refund goes back to the card that paid; cash and checks are given back at the desk."
      >
        <DepositList deposits={data.deposits} canRefund={data.canRefund} formToken={data.formToken} />
      </Panel>

      <Panel title={`Occupancy · ${GRID_NIGHTS} nights from ${formatCalendarDayWeekday(data.date)}`}>
        <OccupancyGrid grid={data.grid} />
      </Panel>
    </div>
  );
}

/**
 * Cats booked into two suites for a night before the hotel refused it (ADR 0141): each with both
 * stays, for staff to settle with the household; nothing at all when there are none.
 */
function BookedTwicePanel({ items }: { items: Route.ComponentProps["loaderData"]["bookedTwice"] }) {
  if (items.length === 0) return null;
  const nights = (s: { checkIn: string; checkOut: string }) => `${formatCalendarDayWeekday(s.checkIn)} to ${formatCalendarDayWeekday(s.checkOut)}`;
  return (
    <Panel
      title="Cats booked twice"
      description="These were booked before the site refused a cat in two suites on one night. Call the household and cancel or move one of the stays."
    >
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={`${item.stay.id}:${item.other.id}:${item.catName}`} className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 break-words">
            <span className="font-semibold">{item.catName}</span> · {item.household}
            <span className="block text-sm text-red-900">
              {item.stay.suiteName}, {nights(item.stay)}; also in {item.other.suiteName}, {nights(item.other)}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Mail or texts the queue gave up on, each with "Send again"; nothing at all when every one was delivered. */
function UndeliveredPanel({
  title,
  description,
  intent,
  idField,
  items,
}: {
  title: string;
  description: string;
  intent: "retryMail" | "retrySms";
  idField: "mailId" | "smsId";
  items: { id: string; heading: string; detail: string; attempts: number; lastError: string | null; label: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <Panel title={title} description={description}>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2">
            <span className="min-w-0 break-words">
              <span className="font-semibold">{item.heading}</span> · {item.detail}
              <span className="block text-sm text-red-900">
                {item.attempts} attempts · {item.lastError}
              </span>
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name={idField} value={item.id} />
              <Button type="submit" size="sm" variant="outline" aria-label={item.label}>
                Send again
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/**
 * The satisfaction guarantee on a checked-out stay: what went wrong and what to give back. The site
 * promises it for ${GUARANTEE_DAYS} days after check-out; later is staff's call (ADR 0151).
 */
function GuaranteeForm({ stay }: { stay: StaffStay }) {
  const navigation = useNavigation();
  const reply = replyTo(useActionData<FormReply>(), "guarantee");
  const mine = (reply?.result.initialValue as Record<string, unknown> | null | undefined)?.stayId === stay.id;
  const errors = mine ? (reply?.result.error ?? {}) : {};
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "guarantee" && navigation.formData?.get("stayId") === stay.id;
  const id = (field: string) => `guarantee-${field}-${stay.id}`;
  return (
    <Form method="post" className="grid w-full gap-2 rounded-lg bg-brand-50 p-2" aria-label={`Satisfaction guarantee: ${stay.catNames.join(" & ")}`}>
      <p className="text-sm font-semibold">Satisfaction guarantee</p>
      <input type="hidden" name="intent" value="guarantee" />
      <input type="hidden" name="stayId" value={stay.id} />
      <div>
        <Label htmlFor={id("reason")}>What went wrong</Label>
        <Input id={id("reason")} name="reason" required maxLength={500} aria-describedby={errors.reason ? id("reason-error") : undefined} />
        <FieldError id={id("reason-error")}>{errors.reason?.[0]}</FieldError>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <Label htmlFor={id("amount")}>Refund ($)</Label>
          <Input
            id={id("amount")}
            name="amount"
            type="number"
            min={0.01}
            step="0.01"
            required
            className="h-9 w-32"
            aria-describedby={errors.amount ? id("amount-error") : undefined}
          />
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          {busy ? "Refunding..." : "Refund under the guarantee"}
        </Button>
      </div>
      <FieldError id={id("amount-error")}>{errors.amount?.[0]}</FieldError>
    </Form>
  );
}

/** Each paid deposit or balance: its stay, what was refunded and why, and a Refund form for what is left. */
function DepositList({ deposits, canRefund, formToken }: { deposits: LoaderData["deposits"]; canRefund: boolean; formToken: string }) {
  const navigation = useNavigation();
  if (deposits.length === 0) return <p className="text-muted">No payments yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Paid deposits and balances">
      {deposits.map((d) => {
        const left = d.amountCents - d.refundedCents;
        const busy = navigation.state === "submitting" && navigation.formData?.get("paymentId") === d.id;
        return (
          <li key={d.id} className="rounded-xl border border-brand-100 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-bold">
                {d.household} · {formatCalendarDayWeekday(d.checkIn)} – {formatCalendarDayWeekday(d.checkOut)}
              </p>
              <StayStatusBadge status={d.stayStatus as StaffStay["status"]} />
            </div>
            <p className="text-sm">
              {d.kind === "balance" ? "Balance" : "Deposit"} · Paid {formatCents(d.amountCents)}
              {d.paidAt ? ` on ${formatBusinessLongDateTime(new Date(d.paidAt))}` : ""} ({paymentMethodLabel(d)}) · Refunded {formatCents(d.refundedCents)}
            </p>
            {d.refunds.length > 0 ? (
              <ul className="mt-1 text-sm text-muted">
                {d.refunds.map((r) => (
                  <li key={r.id}>
                    {formatCents(r.amountCents)}, {r.reason}, {r.by}
                    {r.status === "pending" ? " (being sent)" : ""}
                    {r.creditNoteNumber !== null ? (
                      <>
                        {" · "}
                        <a href={creditNotePath(d.stayId, r.creditNoteNumber)} download className="font-semibold text-brand-700 underline underline-offset-4">
                          Credit note {creditNoteNumberText(r.creditNoteNumber)}
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {/* Cash and checks are given back at the desk: no provider can refund them (ADR 0152). */}
            {canRefund && left > 0 && d.method === "card" ? (
              <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="refund" />
                <FormToken token={formToken} />
                <input type="hidden" name="paymentId" value={d.id} />
                <div>
                  <Label htmlFor={`refund-${d.id}`}>Refund amount ($, up to {formatCents(left)})</Label>
                  <Input
                    key={left}
                    id={`refund-${d.id}`}
                    name="amount"
                    type="number"
                    min={0.01}
                    max={left / 100}
                    step="0.01"
                    required
                    defaultValue={(left / 100).toFixed(2)}
                    className="h-9 w-40"
                  />
                </div>
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  {busy ? "Refunding..." : "Refund"}
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
