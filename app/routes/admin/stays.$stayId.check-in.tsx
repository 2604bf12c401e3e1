import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { settleStaysInBackground } from "@server/stays/background";
import { deskCheckInPage } from "@server/stays/handovers";
import { publishedAgreement, signAgreementAtDesk } from "@server/stays/check-in";
import { stayHistory } from "@server/stays/history";
import { formToken, submitOnce } from "@server/http/form-once";
import { AgreementSignFields, AgreementText } from "~/features/stays/agreement-signing";
import { deskSignatureForm } from "~/features/stays/check-in-schema";
import { StayHistory } from "~/features/stays/stay-history";
import { teamMemberName } from "~/domain/team-names";
import { FormToken } from "~/components/form-token";
import { changeStayAtDesk } from "@server/stays/staff";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { FormError, TextareaField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { CheckInBadge } from "~/features/stays/check-in-badge";
import { CatHandoverFields, handoverSummary } from "~/features/stays/handover-fields";
import { deskCheckInForm } from "~/features/stays/handover-schema";
import { StayStatusBadge } from "~/features/stays/stay-card";
import { formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/stays.$stayId.check-in";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Check in");

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "desk");
  const page = await deskCheckInPage(context.db, params.stayId, context.clock.now());
  const [agreement, history] = await Promise.all([publishedAgreement(context.db), stayHistory(context.db, params.stayId)]);
  return {
    ...page,
    // The words an owner who did not check in online signs on the desk's device (ADR 0196).
    agreement: { title: agreement.title, text: agreement.text, version: agreement.version },
    history,
    formToken: formToken(),
  };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "desk");
  const form = await formDataOf(request);
  if (form.get("intent") === "signAtDesk") {
    const now = context.clock.now();
    // Safe to post twice: the page's token holds one signature (ADR 0179).
    return submitOnce({ db: context.db, form: "/admin/stays/check-in sign", user: admin.user, now }, form, deskSignatureForm, async (signature) => {
      const origin = { ipAddress: context.clientIp, userAgent: request.headers.get("user-agent") ?? "" };
      const witness = { email: admin.user.email, name: teamMemberName(admin.user) };
      const signed = await signAgreementAtDesk(context.db, params.stayId, signature, origin, witness, now);
      return { kind: "success", title: "Agreement signed at the desk", description: `Signed by ${signed.signedName}, witnessed by ${witness.name}.` };
    });
  }
  if (form.get("intent") !== "checkIn") return unknownIntent();
  const reply = await submitForm(form, deskCheckInForm, async ({ cats, overrideReason }) => {
    await changeStayAtDesk(context.db, params.stayId, "checkIn", admin.user.email, {
      siteUrl: context.env.PUBLIC_SITE_URL,
      now: context.clock.now(),
      handover: { cats, overrideReason, staffUserId: admin.user.id },
    });
    return { kind: "success", title: "Checked in" };
  });
  settleStaysInBackground(context);
  return reply;
});

type PageData = Route.ComponentProps["loaderData"];

export default function DeskCheckInPage({ loaderData: data }: Route.ComponentProps) {
  const { stay } = data;
  const names = data.cats.map((c) => c.name).join(" & ");
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <p className="mb-2">
          <Link to={`/admin/stays?date=${stay.checkIn}`} className="font-semibold text-brand-700 underline underline-offset-4">
            ← Stays
          </Link>
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl">Check in: {names}</h1>
          <StayStatusBadge status={stay.status} />
        </div>
        <p className="mt-2 text-muted">
          {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
        </p>
        <ActionNotice className="mt-4" />
      </div>

      <Panel title="Online check-in">
        <div className="grid gap-2">
          <CheckInBadge status={data.checkInStatus} className="justify-self-start" />
          <p>
            Boarding agreement:{" "}
            {data.signature ? (
              <>
                signed by <strong>{data.signature.signedName}</strong> on {formatBusinessLongDateTime(new Date(data.signature.signedAt))}
                {data.signature.witnessName ? `, signed at the desk, witnessed by ${data.signature.witnessName}` : ", online"}
              </>
            ) : (
              <strong>Not signed</strong>
            )}
          </p>
        </div>
      </Panel>

      {stay.status === "confirmed" && !data.signature ? <DeskSignature data={data} /> : null}

      {stay.status === "confirmed" ? (
        <CheckInForm data={data} />
      ) : (
        <Panel title="Received at check-in">
          <ul className="grid gap-2">
            {data.cats.map((c) => (
              <li key={c.catId}>
                <span className="font-semibold">{c.name}</span>: {c.arrival ? handoverSummary(c.arrival) : "nothing recorded at the desk"}
              </li>
            ))}
          </ul>
          {stay.status === "checked_in" ? (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to={`/admin/stays/${stay.id}/suite-card`}>Suite card</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/admin/stays/${stay.id}/check-out`}>Check out</Link>
              </Button>
            </div>
          ) : null}
        </Panel>
      )}

      <Panel title="History" description="What happened to this stay, and who did it.">
        <StayHistory lines={data.history} />
      </Panel>
    </div>
  );
}

/** The owner who did not check in online signs here, on the desk's device, with the team member as witness (ADR 0196). */
function DeskSignature({ data }: { data: PageData }) {
  const reply = replyTo(useActionData<FormReply>(), "signAtDesk");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "signAtDesk";
  const [form, fields] = useZodForm(deskSignatureForm, { id: "desk-signature", lastResult: reply?.result });
  return (
    <Panel title="Sign the agreement at the desk" description="Hand the device to the owner: they read the agreement, type their full name and tick the box.">
      <AgreementText agreement={data.agreement} />
      <Form method="post" className="mt-6 grid max-w-xl gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="signAtDesk" />
        <input type="hidden" name="version" value={data.agreement.version} />
        <FormToken token={data.formToken} />
        <AgreementSignFields fields={fields} nameLabel="The owner's full name" />
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Signing..." : "Sign the agreement"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}

/** The one form of the check-in: each cat weighed, its doses counted, its belongings noted; the override's reason when unsigned. */
function CheckInForm({ data }: { data: PageData }) {
  const reply = replyTo(useActionData<FormReply>(), "checkIn");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "checkIn";
  // Counts as text (what the inputs hold), checked by the schema when posted.
  const [form, fields] = useZodForm(deskCheckInForm, {
    id: "desk-check-in",
    lastResult: reply?.result,
    defaultValue: {
      intent: "checkIn",
      cats: data.cats.map((c) => ({
        catId: c.catId,
        weight: "",
        doses: c.doses.map((d) => ({ medication: d.medication ?? "", count: String(d.count) })),
        belongings: c.belongings,
      })),
      overrideReason: "",
    } as never,
  });
  const catsList = fields.cats.getFieldList();
  return (
    <Panel title="Weigh and count" description="Weigh each cat, count the pills or doses the owner hands over, and note the belongings.">
      {data.arrivesToday ? null : (
        <Notice tone="warning" className="mb-4">
          This stay arrives on {formatCalendarDayWeekday(data.stay.checkIn)}, not today: it can be checked in on its arrival day only.
        </Notice>
      )}
      <Form method="post" className="grid gap-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="checkIn" />
        {catsList.map((catField, i) => {
          const cat = data.cats[i]!;
          return <CatHandoverFields key={catField.key} field={catField} catId={cat.catId} name={cat.name} doses={cat.doses} direction="arrival" />;
        })}
        {data.signature ? null : <TextareaField label="Reason to check in without the signed agreement" field={fields.overrideReason} rows={2} />}
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking in..." : "Check in"}
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
