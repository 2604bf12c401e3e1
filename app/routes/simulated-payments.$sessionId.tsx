import { Form, Link, redirect, useNavigation } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { formDataOf, submitForm } from "@server/http/form-action";
import { paySimulatedCheckout, simulatedCheckout } from "@server/payments/payments";
import { settleStaysInBackground } from "@server/stays/background";
import { mapRefusals } from "@server/http/refusals";
import { ActionNotice } from "~/components/action-notice";
import { CustomerPage } from "~/components/customer-page";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { formatCents } from "~/lib/money";
import { simulatedPaymentForm } from "~/features/stays/schema";
import { noindexMeta } from "~/features/seo/seo";
import { formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/simulated-payments.$sessionId";

export const meta: Route.MetaFunction = () => noindexMeta(`Simulated payment | ${business.name}`);

/**
 * The simulated payment provider's checkout page (ADR 0132): where Stripe's hosted page would be
 * when Stripe is not configured. Paying here hands the same event to the same handler Stripe's
 * webhook reaches; no card is asked for or charged. Only the stay's own household can open it.
 */
export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const { payment, stay } = await simulatedCheckout(context.db, user.id, params.sessionId);
  return {
    sessionId: payment.checkoutSessionId,
    kind: payment.kind,
    amountCents: payment.amountCents,
    paymentStatus: payment.status,
    stay: { id: stay.id, checkIn: stay.checkIn, checkOut: stay.checkOut, status: stay.status, paymentDueAt: stay.paymentDueAt?.toISOString() ?? null },
  };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  // Another household's checkout, or none: refused before the form is read.
  await simulatedCheckout(context.db, user.id, params.sessionId);
  const form = await formDataOf(request);
  if (form.get("intent") === "cancel") return redirect("/trips");
  let paidStayId: string | undefined;
  const reply = await submitForm(form, simulatedPaymentForm, async () => {
    const { outcome, stayId, kind } = await paySimulatedCheckout(context.db, user.id, params.sessionId, {
      siteUrl: context.env.PUBLIC_SITE_URL,
      now: context.clock.now(),
    });
    // A balance is paid at the desk, on the customer's phone: the page says so, and staff see it on theirs (ADR 0154).
    if (kind === "balance")
      return outcome === "paid"
        ? {
            kind: "success",
            title: "Thank you: the balance is paid",
            description: "You can show this page at the desk. My Trips shows nothing owed for this stay now.",
          }
        : { kind: "success", title: "Already paid", description: "This balance was already paid, so nothing more was taken." };
    // Only the click that recorded the payment says "paid"; another (a double click, a second tab) says it was paid already.
    if (outcome === "paid") paidStayId = stayId;
    else return { kind: "success", title: "Already paid", description: "This deposit was already paid, so nothing more was taken. Your stay is on My Trips." };
  });
  if (!paidStayId) return reply;
  settleStaysInBackground(context);
  return redirect(`/trips?paid=${paidStayId}`);
});

export default function SimulatedPaymentPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const balance = data.kind === "balance";
  // A balance is payable while the cat is with us and, owed, after check-out (ADR 0182).
  const open =
    data.paymentStatus === "pending" && (balance ? ["checked_in", "checked_out"].includes(data.stay.status) : data.stay.status === "awaiting_payment");
  const what = balance ? "balance" : "deposit";
  return (
    <CustomerPage>
      <div
        role="note"
        aria-label="Simulated payment provider"
        className="rounded-[var(--radius-card)] border-2 border-accent-500 bg-accent-100 p-4 text-brand-950"
      >
        <p className="font-bold">Simulated payment provider — no card is charged</p>
        <p className="mt-1 text-sm">Payments are not configured on this site, so this page stands in for the card payment page.</p>
      </div>
      <h1 className="mt-6 text-3xl sm:text-4xl">Pay your {what}</h1>
      <ActionNotice className="mt-4" />
      <section className="mt-6 max-w-xl rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
        <p className="text-lg">
          {balance ? "Balance" : "Deposit"} for your stay, {formatCalendarDayWeekday(data.stay.checkIn)} – {formatCalendarDayWeekday(data.stay.checkOut)}
        </p>
        <p className="mt-2 font-display text-3xl text-brand-900 tabular-nums">{formatCents(data.amountCents)}</p>
        {open && data.stay.paymentDueAt ? (
          <p className="mt-2 text-sm text-muted">The suite is held until {formatBusinessLongDateTime(new Date(data.stay.paymentDueAt))}.</p>
        ) : null}
        {open ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <FormError errors={actionData?.result.error?.[""] ?? undefined} />
              <Button type="submit" disabled={busy}>
                {busy ? "Paying..." : `Pay ${formatCents(data.amountCents)}`}
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="outline">
                Cancel
              </Button>
            </Form>
          </div>
        ) : (
          <Notice tone="info" className="mt-6">
            {data.paymentStatus === "paid" ? `This ${what} is paid.` : "This payment page has closed."}{" "}
            <Link to="/trips" className="font-semibold underline underline-offset-4">
              Back to My Trips
            </Link>
          </Notice>
        )}
      </section>
    </CustomerPage>
  );
}
