import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useNavigation } from "react-router";
import { may, requirePermission } from "@server/auth/guards.server";
import { managersWithPin } from "@server/auth/override-pin";
import { formDataOf, handleIntent, unknownIntent } from "@server/http/form-action";
import { formToken } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { deskBill } from "@server/stays/bill";
import { deskCheckOutPage } from "@server/stays/handovers";
import { PICKUP_CODES_FROM, pickupAtDesk, type StayRelease } from "@server/stays/pickup";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import { Notice, Panel } from "~/components/ui/panel";
import { BalanceDesk } from "~/features/stays/balance-desk";
import { BillDesk, BillTable } from "~/features/stays/bill-desk";
import { pillCountMismatch, pillCountWarning } from "~/domain/handover";
import { CatHandoverFields, handoverSummary } from "~/features/stays/handover-fields";
import { deskCheckOutForm } from "~/features/stays/handover-schema";
import { RELEASE_FIRST, type ReleaseView, ReleaseDesk, ReleaseSummary } from "~/features/stays/release-desk";
import { StayStatusBadge } from "~/features/stays/stay-card";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/stays.$stayId.check-out";
import { adminMeta } from "./shared";
import {
  type CheckOutPage,
  balanceCardIntent,
  billLineIntent,
  checkOutIntent,
  groomLineIntent,
  releaseIntent,
  removeLineIntent,
} from "./stays/check-out-intents.server";
import { balanceDeskIntent } from "./stays/desk-intents.server";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Check out");

const releaseView = (r: StayRelease): ReleaseView =>
  r.method === "code"
    ? { method: "code", collectedBy: r.collectedBy, staffName: r.staffName, releasedAt: r.releasedAt.toISOString() }
    : { method: "override", reason: r.reason, confirmedBy: r.confirmedBy, staffName: r.staffName, releasedAt: r.releasedAt.toISOString() };

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const auth = await requirePermission(request, context, "desk");
  // The server's clock, as the pickup codes' job reads it (ADR 0168).
  const now = context.clock.now();
  const mayOverride = may(auth, "override");
  const [page, pickup, managers, bill] = await Promise.all([
    deskCheckOutPage(context.db, params.stayId),
    pickupAtDesk(context.db, params.stayId, now),
    mayOverride ? [] : managersWithPin(context.db),
    deskBill(context.db, params.stayId),
  ]);
  return {
    ...page,
    confirmation: { mayOverride, managers },
    bill,
    // A discount is a Manager's or an Owner's (ADR 0185, 0192): the front desk is not offered it.
    canDiscount: may(auth, "refunds"),
    formToken: formToken(),
    pickup: {
      today: pickup.today,
      departureDay: page.stay.checkOut,
      codesFrom: PICKUP_CODES_FROM,
      collectors: pickup.collectors,
      codesToday: pickup.codesToday.map((c) => ({ ...c, sentAt: c.sentAt.toISOString() })),
      wrongCodesToday: pickup.wrongCodesToday,
      codesClosed: pickup.codesClosed,
      release: pickup.release && releaseView(pickup.release),
    },
  };
});

/**
 * A refused pickup code is still recorded (ADR 0176): the page reads the day's wrong codes again
 * after the release form, refused or not (the router skips that after a 4xx by default).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "release" || defaultShouldRevalidate;

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "desk");
  const form = await formDataOf(request);
  // The server's clock: a code is today's as the job that texted it counts the day (ADR 0168).
  const page: CheckOutPage = { context, admin, now: context.clock.now(), stayId: params.stayId };
  // The balance's forms name the stay they settle (they are the desk's, ADR 0154), as the release's and the bill's do: only this page's stay.
  const ofThisStay =
    <Reply,>(handler: (posted: FormData, page: CheckOutPage) => Promise<Reply>) =>
    (posted: FormData) =>
      posted.get("stayId") === params.stayId ? handler(posted, page) : Promise.resolve(unknownIntent());
  return handleIntent(form, {
    billLine: ofThisStay(billLineIntent),
    removeLine: ofThisStay(removeLineIntent),
    groomLine: ofThisStay(groomLineIntent),
    release: ofThisStay(releaseIntent),
    balanceCard: ofThisStay(balanceCardIntent),
    balanceDesk: ofThisStay(balanceDeskIntent),
    checkOut: (posted) => checkOutIntent(posted, page),
  });
});

type PageData = Route.ComponentProps["loaderData"];

export default function DeskCheckOutPage({ loaderData: data }: Route.ComponentProps) {
  const { stay } = data;
  const catNames = data.cats.map((c) => c.name);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <p className="mb-2">
          <Link to={`/admin/stays?date=${stay.checkOut}`} className="font-semibold text-brand-700 underline underline-offset-4">
            ← Stays
          </Link>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl">Check out: {catNames.join(" & ")}</h1>
          <StayStatusBadge status={stay.status} />
        </div>
        <p className="mt-2 text-muted">
          {data.household} · {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
        </p>
        <ActionNotice className="mt-4" />
      </div>

      {stay.status === "checked_in" ? (
        <>
          <Panel title="Bill" description="What the stay costs: the booked price and every line added at the desk. The receipt shows the same lines.">
            <BillDesk stayId={stay.id} bill={data.bill} canDiscount={data.canDiscount} formToken={data.formToken} />
          </Panel>
          <Panel title="Balance">
            <BalanceDesk stay={{ id: stay.id, catNames, household: data.household }} balance={data.balance} />
          </Panel>
          <Panel title="Pickup">
            <ReleaseDesk stayId={stay.id} pickup={data.pickup} confirmation={data.confirmation} />
          </Panel>
          {data.pickup.release ? (
            <CheckOutForm data={data} />
          ) : (
            <Panel title="Weigh and hand back">
              <p>{RELEASE_FIRST}</p>
            </Panel>
          )}
        </>
      ) : (
        <Panel title="Handed back at check-out">
          {stay.status === "checked_out" ? (
            <div className="grid gap-4">
              <ul className="grid gap-2">
                {data.cats.map((c) => (
                  <li key={c.catId}>
                    <span className="font-semibold">{c.name}</span>: {c.departure ? handoverSummary(c.departure) : "nothing recorded at the desk"}
                  </li>
                ))}
              </ul>
              {data.pickup.release ? <ReleaseSummary release={data.pickup.release} /> : null}
            </div>
          ) : (
            <p>This stay is not checked in, so it cannot be checked out.</p>
          )}
        </Panel>
      )}
      {stay.status === "checked_out" ? (
        <Panel title="Bill" description="As the receipt issued at check-out shows it.">
          <BillTable bill={data.bill} />
        </Panel>
      ) : null}
    </div>
  );
}

/** The final form: each cat weighed again, the doses and belongings handed back, the reason for a balance left unpaid. */
function CheckOutForm({ data }: { data: PageData }) {
  const reply = replyTo(useActionData<FormReply>(), "checkOut");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "checkOut";
  const [form, fields] = useZodForm(deskCheckOutForm, {
    id: "desk-check-out",
    lastResult: reply?.result,
    defaultValue: {
      intent: "checkOut",
      cats: data.cats.map((c) => ({
        catId: c.catId,
        weight: "",
        doses: c.doses.map((d) => ({ medication: d.medication ?? "", count: String(d.count) })),
        belongings: c.belongings,
      })),
    } as never,
  });
  const catsList = fields.cats.getFieldList();
  // What each cat's counts say now, as typed (with JavaScript) or as last posted (without).
  const warnings = data.cats.flatMap((cat, i) => {
    if (cat.received === null) return [];
    const typed = catsList[i]?.getFieldset().doses.getFieldList() ?? [];
    const counts = typed.map((d) => Number((d.getFieldset() as { count: { value?: unknown } }).count.value ?? 0));
    const count = { received: cat.received, given: cat.given, handedBack: counts.reduce((s, n) => s + (Number.isFinite(n) ? n : 0), 0) };
    return pillCountMismatch(count) ? [`${cat.name}: ${pillCountWarning(count)}`] : [];
  });
  return (
    <Panel title="Weigh and hand back" description="Weigh each cat and count what goes back with it.">
      <Form method="post" className="grid gap-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="checkOut" />
        {catsList.map((catField, i) => {
          const cat = data.cats[i]!;
          return (
            <CatHandoverFields key={catField.key} field={catField} catId={cat.catId} name={cat.name} doses={cat.doses} direction="departure">
              <p>At check-in: {cat.arrival ? handoverSummary(cat.arrival) : "nothing recorded at the desk"}</p>
              {cat.received === null ? null : (
                <p>
                  Doses logged as given in the care log: {cat.given}; expected back: {Math.max(0, cat.received - cat.given)}
                </p>
              )}
            </CatHandoverFields>
          );
        })}
        {data.balance.dueCents > 0 ? <Field label="Reason to check out unpaid" field={fields.reason} autoComplete="off" /> : null}
        {warnings.length > 0 ? (
          <Notice tone="warning" role="status" className="grid gap-2 text-base">
            {warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
            <label className="flex min-h-11 items-start gap-3">
              <input
                {...getInputProps(fields.countsChecked, { type: "checkbox", ariaAttributes: true })}
                key={fields.countsChecked.key}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              />
              <span>I counted again: hand back these counts</span>
            </label>
            <FieldError id={fields.countsChecked.errorId}>{fields.countsChecked.errors?.[0]}</FieldError>
          </Notice>
        ) : null}
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking out..." : "Check out"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
