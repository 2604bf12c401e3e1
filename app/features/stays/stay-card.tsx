import { Form, Link, useNavigation } from "react-router";
import { CatChoices } from "~/features/cats/cat-choices";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { formatBusinessDate, formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { creditNoteNumberText, creditNotePath, refundReasonText } from "~/domain/credit-note";
import { STAY_STATUS_LABELS, type StayStatus } from "~/domain/stay-status";
import { formatCents } from "~/lib/money";
import { PriceSummary } from "./price-summary";
import { type StayView, nightsText, windowsText } from "~/domain/stay-view";
import { repricedText } from "~/domain/stay-wording";

const statusStyles: Record<StayStatus, string> = {
  offered: "bg-accent-100 text-accent-700",
  awaiting_payment: "bg-accent-100 text-accent-700",
  pending_review: "bg-accent-100 text-accent-700",
  confirmed: "bg-brand-100 text-brand-900",
  checked_in: "bg-brand-100 text-brand-900",
  checked_out: "bg-blue-100 text-blue-900",
  cancelled: "bg-gray-200 text-gray-800",
  declined: "bg-gray-200 text-gray-800",
  no_show: "bg-gray-200 text-gray-800",
  expired: "bg-gray-200 text-gray-800",
};

export function StayStatusBadge({ status }: { status: StayStatus }) {
  return (
    <span className={cn("inline-block rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap", statusStyles[status])}>{STAY_STATUS_LABELS[status]}</span>
  );
}

/**
 * What was paid towards the stay, every refund of it with its credit note (ADR 0193), whatever its
 * cause, and what is kept paid; nothing before anything was paid.
 */
function PaidAndRefunded({ stay }: { stay: StayView }) {
  const paidCents = stay.paidCents + stay.balancePaidCents;
  if (paidCents === 0) return null;
  const refundedCents = stay.refunds.reduce((sum, r) => sum + r.amountCents, 0);
  return (
    <div className="mt-3 text-sm">
      <p>
        {stay.balancePaidCents === 0
          ? `Deposit paid: ${formatCents(stay.paidCents)}`
          : `Paid: ${formatCents(paidCents)} (${stay.paidCents > 0 ? `deposit ${formatCents(stay.paidCents)}, ` : ""}balance ${formatCents(stay.balancePaidCents)})`}
        {refundedCents > 0 ? ` · Refunded: ${formatCents(refundedCents)}` : ""}
      </p>
      {stay.refunds.length > 0 ? (
        <>
          <ul className="mt-1 grid gap-1" aria-label={`Refunds of the stay from ${formatCalendarDayWeekday(stay.checkIn)}`}>
            {stay.refunds.map((r, i) => (
              <li key={r.creditNoteNumber ?? `refund-${i}`}>
                {formatCents(r.amountCents)}: {refundReasonText(r.reason)}, {formatBusinessDate(new Date(r.at))}
                {r.creditNoteNumber !== null ? (
                  <>
                    {" · "}
                    <a href={creditNotePath(stay.id, r.creditNoteNumber)} download className="font-semibold text-brand-700 underline underline-offset-4">
                      Credit note {creditNoteNumberText(r.creditNoteNumber)} (PDF)
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="mt-1 font-semibold">Net paid: {formatCents(stay.netPaidCents)}</p>
        </>
      ) : null}
    </div>
  );
}

/**
 * Book a Groom for the stay's departure day, its cats ticked (ADR 0134). The page shows it only
 * when the owners book on this site (Content: "Book stays on this site"), which its loader reads.
 */
export function AddGroomLink({ stayId, className }: { stayId: string; className?: string }) {
  return (
    <Link to={`/book/groom?stay=${stayId}`} className={cn("inline-block font-semibold text-brand-700 underline underline-offset-4", className)}>
      Add a groom on departure day
    </Link>
  );
}

/**
 * A suite held for the customer until a deadline: a waitlist offer to accept, or a booking whose
 * deposit is due. The first button takes the hold, the second lets the suite go.
 */
function HoldActions({
  stay,
  message,
  until,
  take,
  letGo,
}: {
  stay: StayView;
  message: string;
  until: string | null;
  take: { intent: string; label: string };
  letGo: string;
}) {
  return (
    <div className="mt-4 grid gap-3 rounded-xl bg-accent-100 p-4">
      <p className="font-semibold text-accent-700">
        {message}
        {until ? ` until ${formatBusinessLongDateTime(new Date(until))}` : ""}.
      </p>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={take.intent} />
          <input type="hidden" name="stayId" value={stay.id} />
          <Button type="submit">{take.label}</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="stayId" value={stay.id} />
          <Button type="submit" variant="ghost-danger">
            {letGo}
          </Button>
        </Form>
      </div>
    </div>
  );
}

/** The "Change dates" form's answer for this stay: the new price, or why the dates won't do. */
export interface ChangeQuoteView {
  checkIn: string;
  checkOut: string;
  quote: { totalCents: number; differenceCents: number } | null;
  error: string | null;
}

/** The "Change cats" form's answer for this stay: the cats asked about, the new price, or why not. */
export interface CatsChangeView {
  catIds: string[];
  quote: { totalCents: number; differenceCents: number; status: StayStatus; catNames: string[] } | null;
  error: string | null;
}

const difference = (cents: number) => (cents === 0 ? "the same price" : cents > 0 ? `${formatCents(cents)} more` : `${formatCents(-cents)} less`);

/**
 * A stay on My Trips: what, when, where, the price, and (before it starts) changing its dates or its
 * cats or cancelling, each showing what it costs before anything changes.
 */
export function StayCard({
  stay,
  cancelFeeToday,
  cancelRefundText = null,
  cancellable,
  changeable = cancellable,
  groomable = false,
  householdCats,
  change,
  catsChange,
  children,
  footer = null,
}: {
  stay: StayView;
  cancelFeeToday: number;
  /** What cancelling today gives back of a paid deposit, in words (`cancelRefundText`); null without one. */
  cancelRefundText?: string | null;
  cancellable: boolean;
  /**
   * Its dates and cats can be changed online (cancellable by default). A stay staff booked before
   * stays were stays has no suite or cats on record (ADR 0146): staff change it.
   */
  changeable?: boolean;
  /** A groom can be added on its departure day (a booked stay not over, within the grooming horizon, and booking online is on). */
  groomable?: boolean;
  /** The household's cats, to choose the stay's cats from. */
  householdCats: { id: string; name: string }[];
  change: ChangeQuoteView | null;
  catsChange: CatsChangeView | null;
  /** What the page adds under the stay's times (My Trips: its online check-in). */
  children?: React.ReactNode;
  /** More about the stay, under its payments (its receipt). */
  footer?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("stayId") === stay.id;
  return (
    <li className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-display text-xl text-brand-900">
          {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
        </h3>
        <StayStatusBadge status={stay.status} />
      </div>
      <p className="text-muted">
        {nightsText(stay.nights)}
        {stay.catNames.length > 0 ? ` · ${stay.catNames.join(", ")}` : null}
      </p>
      {/* A stay staff booked before stays were stays names its cats and times in its notes. */}
      {stay.catNames.length === 0 && stay.notes ? <p className="mt-2 text-sm whitespace-pre-line">{stay.notes}</p> : null}
      <ul className="mt-2 text-sm">
        {stay.suites.map((s) => (
          <li key={s.name}>
            {s.typeName} ({s.name}){stay.suites.length > 1 ? `: ${s.catNames.join(", ")}` : null}
          </li>
        ))}
      </ul>
      {cancellable ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
          <dt className="font-bold">Check-in</dt>
          <dd>{windowsText(stay.arrivalWindows)}</dd>
          <dt className="font-bold">Check-out</dt>
          <dd>{windowsText(stay.departureWindows)}</dd>
        </dl>
      ) : null}
      {children}
      {groomable ? <AddGroomLink stayId={stay.id} className="mt-3" /> : null}
      {stay.status === "checked_in" || stay.status === "checked_out" ? (
        <p className="mt-3">
          <Link to={`/trips/${stay.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            Care log<span className="sr-only"> of the stay from {formatCalendarDayWeekday(stay.checkIn)}</span>
          </Link>
        </p>
      ) : null}
      {stay.priceLines.length === 0 && stay.totalCents === 0 ? (
        <p className="mt-3 text-sm">Price as agreed with our team.</p>
      ) : (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700">Price {formatCents(stay.totalCents)}</summary>
          <div className="mt-2">
            <PriceSummary lines={stay.priceLines} totalCents={stay.totalCents} tiers={cancellable ? stay.cancellationTiers : undefined} />
          </div>
        </details>
      )}
      {stay.priceChanges.map((change, i) => (
        <p key={i} className="mt-3 text-sm">
          {repricedText(change)}
        </p>
      ))}
      {stay.status === "cancelled" && stay.cancellationFeeCents !== null ? (
        <p className="mt-3 text-sm">Cancellation fee: {formatCents(stay.cancellationFeeCents)}</p>
      ) : null}
      <PaidAndRefunded stay={stay} />
      {footer}
      {stay.status === "offered" ? (
        <HoldActions
          stay={stay}
          message="We're holding this suite for you"
          until={stay.offerExpiresAt}
          take={{ intent: "accept", label: "Accept offer" }}
          letGo="Turn down"
        />
      ) : null}
      {stay.status === "awaiting_payment" ? (
        <HoldActions
          stay={stay}
          message={`Deposit due: ${formatCents(stay.depositCents)}. We're holding this suite for you`}
          until={stay.paymentDueAt}
          take={{ intent: "pay", label: "Pay deposit" }}
          letGo="Cancel booking"
        />
      ) : null}
      {changeable ? (
        <details className="mt-4" open={change !== null}>
          <summary className="inline-flex h-11 cursor-pointer items-center rounded-xl border border-brand-300 px-4 text-sm font-semibold text-brand-800">
            Change dates
          </summary>
          <Form method="get" className="mt-3 grid gap-3 rounded-xl bg-brand-50 p-4 sm:grid-cols-2">
            <input type="hidden" name="change" value={stay.id} />
            <div>
              <Label htmlFor={`checkIn-${stay.id}`}>New check-in</Label>
              <Input id={`checkIn-${stay.id}`} name="checkIn" type="date" required defaultValue={change?.checkIn ?? stay.checkIn} />
            </div>
            <div>
              <Label htmlFor={`checkOut-${stay.id}`}>New check-out</Label>
              <Input id={`checkOut-${stay.id}`} name="checkOut" type="date" required defaultValue={change?.checkOut ?? stay.checkOut} />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" variant="outline" size="sm">
                Check new dates
              </Button>
            </div>
          </Form>
          {change?.error ? <ChangeError>{change.error}</ChangeError> : null}
          {change?.quote ? (
            <ConfirmChange
              intent="change"
              stayId={stay.id}
              fields={[
                ["checkIn", change.checkIn],
                ["checkOut", change.checkOut],
              ]}
              label="Confirm new dates"
            >
              {formatCalendarDayWeekday(change.checkIn)} to {formatCalendarDayWeekday(change.checkOut)}: new total{" "}
              <strong>{formatCents(change.quote.totalCents)}</strong> ({difference(change.quote.differenceCents)}).
            </ConfirmChange>
          ) : null}
        </details>
      ) : null}
      {changeable ? <ChangeCats stay={stay} householdCats={householdCats} catsChange={catsChange} /> : null}
      {cancellable ? (
        <details className="mt-4">
          <summary className="inline-flex h-11 cursor-pointer items-center rounded-xl border border-red-300 px-4 text-sm font-semibold text-red-800">
            Cancel this stay
          </summary>
          <Form method="post" className="mt-3 grid gap-3 rounded-xl bg-red-50 p-4">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="stayId" value={stay.id} />
            <p className="font-semibold text-red-900">
              {cancelFeeToday === 0 ? "Cancelling today is free." : `Cancelling today costs ${formatCents(cancelFeeToday)}.`}
            </p>
            {cancelRefundText ? <p className="text-red-900">{cancelRefundText}</p> : null}
            <div>
              <Button type="submit" variant="destructive" disabled={cancelling}>
                {cancelling ? "Cancelling..." : "Yes, cancel stay"}
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

/** "Change cats": tick the cats staying, see the new total and the difference, then confirm. */
function ChangeCats({ stay, householdCats, catsChange }: { stay: StayView; householdCats: { id: string; name: string }[]; catsChange: CatsChangeView | null }) {
  const ticked = catsChange?.catIds ?? stay.catIds;
  const errorId = `cats-error-${stay.id}`;
  return (
    <details className="mt-4" open={catsChange !== null}>
      <summary className="inline-flex h-11 cursor-pointer items-center rounded-xl border border-brand-300 px-4 text-sm font-semibold text-brand-800">
        Change cats
      </summary>
      <Form method="get" className="mt-3 grid gap-3 rounded-xl bg-brand-50 p-4">
        <input type="hidden" name="changeCats" value={stay.id} />
        <CatChoices legend="Cats staying" cats={householdCats} checked={ticked} describedBy={catsChange?.error ? errorId : undefined} />
        <div>
          <Button type="submit" variant="outline" size="sm">
            Check new price
          </Button>
        </div>
      </Form>
      {catsChange?.error ? <ChangeError id={errorId}>{catsChange.error}</ChangeError> : null}
      {catsChange?.quote ? (
        <ConfirmChange intent="changeCats" stayId={stay.id} fields={catsChange.catIds.map((id) => ["catIds", id])} label="Confirm new cats">
          {catsChange.quote.catNames.join(", ")}: new total <strong>{formatCents(catsChange.quote.totalCents)}</strong> (
          {difference(catsChange.quote.differenceCents)}).
          {catsChange.quote.status === "pending_review" ? " We'll hold the suite while our team checks a vaccine record." : null}
        </ConfirmChange>
      ) : null}
    </details>
  );
}

/** Why a change cannot be quoted, under its form. */
function ChangeError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
      {children}
    </p>
  );
}

/** A quoted change (its new total in `children`) and the button that makes it, posting what was quoted. */
function ConfirmChange({
  intent,
  stayId,
  fields,
  label,
  children,
}: {
  intent: string;
  stayId: string;
  fields: [string, string][];
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="mt-3 grid gap-3 rounded-xl border border-brand-200 p-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="stayId" value={stayId} />
      {fields.map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
      <p role="status">{children}</p>
      <div>
        <Button type="submit" size="sm">
          {label}
        </Button>
      </div>
    </Form>
  );
}
