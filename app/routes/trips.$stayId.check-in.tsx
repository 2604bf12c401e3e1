import { type FieldMetadata, getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { checkInPage, confirmCheckInPlan, signAgreement } from "@server/stays/check-in";
import { ActionNotice } from "~/components/action-notice";
import { CustomerPage } from "~/components/customer-page";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import { Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { noindexMeta } from "~/features/seo/seo";
import { MAX_PICKUP_PEOPLE, MAX_STAY_MEDICATIONS } from "~/domain/check-in";
import { CheckInBadge } from "~/features/stays/check-in-badge";
import { checkInPlanForm, signAgreementForm } from "~/features/stays/check-in-schema";
import { AgreementSignFields, AgreementText } from "~/features/stays/agreement-signing";
import { formatBusinessLongDateTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import { PHONE_INPUT_MAX_LENGTH, formatUsPhone } from "~/lib/phone";
import type { Route } from "./+types/trips.$stayId.check-in";

export const meta: Route.MetaFunction = () => noindexMeta(`Check in online | ${business.name}`);

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  const [page, content] = await Promise.all([
    checkInPage(context.db, user.id, params.stayId, context.clock.now()),
    loadSiteContent(context.db, context.logger),
  ]);
  // The published phone (Content), not the built-in default the page was written with.
  return { ...page, phone: content.business.phone, formToken: formToken() };
});

export const action = mapRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const form = await formDataOf(request);
  const intent = form.get("intent");
  if (intent === "plan")
    return submitForm(form, checkInPlanForm, async (plan) => {
      await confirmCheckInPlan(context.db, user.id, params.stayId, plan, context.clock.now());
      return { kind: "success", title: "Care plan confirmed.", description: "Thank you: our team will care for your cat as you set out." };
    });
  if (intent === "sign")
    return submitOnce(
      { db: context.db, form: `/trips/${params.stayId}/check-in sign`, user, now: context.clock.now() },
      form,
      signAgreementForm,
      async (signature) => {
        const origin = { ipAddress: context.clientIp, userAgent: request.headers.get("user-agent") ?? "" };
        const signed = await signAgreement(context.db, user.id, params.stayId, signature, origin, context.clock.now());
        return { kind: "success", title: "Agreement signed.", description: `Signed by ${signed.signedName}.` };
      },
    );
  return unknownIntent();
});

type PageData = Route.ComponentProps["loaderData"];

const tel = { type: "tel", inputMode: "tel", maxLength: PHONE_INPUT_MAX_LENGTH, autoComplete: "off" } as const;
const phoneText = (e164: string | null) => (e164 ? formatUsPhone(e164) : "");

export default function CheckInPage({ loaderData: data }: Route.ComponentProps) {
  const { stay } = data;
  return (
    <CustomerPage>
      <p className="mb-2">
        <Link to="/trips" className="font-semibold text-brand-700 underline underline-offset-4">
          ← My Trips
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl sm:text-4xl">Check in online</h1>
        <CheckInBadge status={data.status} />
      </div>
      <p className="mt-2 text-lg text-muted">
        {stay.catNames.join(", ")} · {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
      </p>
      <ActionNotice className="mt-4" />
      {data.open ? (
        <>
          <p className="mt-4 max-w-prose">
            Confirm how we should care for your cat on this stay, who to call and who may collect your cat, then sign the boarding agreement. Once both are
            done, your check-in is ready and arrival is a quick hand-over.
          </p>
          <CarePlanForm data={data} />
          <AgreementSection data={data} />
        </>
      ) : (
        <Notice tone="info" className="mt-6 text-base">
          Online check-in is open for a booked stay until its arrival day. Questions about this stay? Call us at{" "}
          <a href={`tel:${data.phone.tel}`} className="font-semibold underline">
            {data.phone.display}
          </a>
          .
        </Notice>
      )}
    </CustomerPage>
  );
}

/** Conform's defaults for a saved or prefilled plan: phones as typed, medication rows plus a blank one, three pickup rows. */
function planDefaults(data: PageData) {
  const pickup: { name?: string; phone?: string }[] = data.pickup.map((p) => ({ name: p.name, phone: formatUsPhone(p.phone) }));
  while (pickup.length < MAX_PICKUP_PEOPLE) pickup.push({});
  return {
    intent: "plan" as const,
    cats: data.cats.map((c) => ({
      catId: c.catId,
      food: c.food,
      amountPerMeal: c.amountPerMeal,
      medications: [...c.medications.map((m) => ({ name: m.name, times: m.times, doses: m.doses === null ? "" : String(m.doses) })), {}].slice(
        0,
        MAX_STAY_MEDICATIONS,
      ),
      hidingAndFears: c.hidingAndFears,
      belongings: c.belongings,
    })),
    vetSpendLimit: data.vetSpendLimit === null ? "" : String(data.vetSpendLimit),
    contactName: data.contactName,
    contactPhone: phoneText(data.contactPhone),
    pickup,
  };
}

function CarePlanForm({ data }: { data: PageData }) {
  const reply = replyTo(useActionData<FormReply>(), "plan");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "plan";
  // Loose defaults (numbers typed as text, empty rows): what the form shows, checked by the schema when posted.
  const [form, fields] = useZodForm(checkInPlanForm, {
    id: "check-in-plan",
    lastResult: reply?.result,
    defaultValue: planDefaults(data) as never,
  });
  const catsList = fields.cats.getFieldList();
  const pickupList = fields.pickup.getFieldList();
  return (
    <section aria-labelledby="care-plan-heading" className="mt-8 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <h2 id="care-plan-heading" className="text-2xl">
        Care plan
      </h2>
      {data.confirmedAt ? (
        <p className="mt-1 text-sm text-muted">Confirmed {formatBusinessLongDateTime(new Date(data.confirmedAt))}. Change anything and confirm again.</p>
      ) : (
        <p className="mt-1 text-sm text-muted">We filled in what your cats' profiles say. Check it for this stay.</p>
      )}
      <Form method="post" className="mt-4 grid gap-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="plan" />
        {catsList.map((catField, i) => {
          const cat = catField.getFieldset();
          const name = data.cats[i]?.catName ?? "Your cat";
          return (
            <fieldset key={catField.key} className="grid gap-4 rounded-2xl border border-brand-100 p-4 sm:grid-cols-2">
              <legend className="px-1 text-xl font-bold text-brand-900">{name}</legend>
              <input type="hidden" name={cat.catId.name} value={data.cats[i]?.catId ?? ""} />
              <Field
                label={
                  <>
                    Food<span className="sr-only"> for {name}</span>
                  </>
                }
                field={cat.food}
                autoComplete="off"
                placeholder="e.g. Royal Canin Indoor, dry"
              />
              <Field
                label={
                  <>
                    Amount per meal<span className="sr-only"> for {name}</span>
                  </>
                }
                field={cat.amountPerMeal}
                autoComplete="off"
                placeholder="e.g. 1/4 cup, twice a day"
              />
              <MedicationRows catName={name} list={cat.medications} />
              <TextareaField
                className="sm:col-span-2"
                label={
                  <>
                    Hiding places and fears<span className="sr-only"> of {name}</span>
                  </>
                }
                field={cat.hidingAndFears}
                placeholder="Hides under the bed; scared of loud voices…"
              />
              <TextareaField
                className="sm:col-span-2"
                label={
                  <>
                    Belongings you bring<span className="sr-only"> for {name}</span>
                  </>
                }
                field={cat.belongings}
                placeholder="A blanket, a toy mouse, a carrier…"
              />
            </fieldset>
          );
        })}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-brand-900">Vet visits</legend>
          <Field
            label="Spending limit for a vet visit, in dollars"
            field={fields.vetSpendLimit}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            autoComplete="off"
          />
          <p className="text-sm text-muted sm:self-end">Up to this amount we go ahead without waiting for your call; above it we call you first.</p>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-bold text-brand-900">Who to call</legend>
          <p className="-mt-2 text-sm text-muted sm:col-span-2">If we can't reach you.</p>
          <Field label="Name" field={fields.contactName} autoComplete="off" />
          <Field label="Phone" field={fields.contactPhone} {...tel} />
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-lg font-bold text-brand-900">Who may collect your cat</legend>
          <p className="-mt-2 text-sm text-muted">Besides you, up to three people. Leave a row empty if nobody else will.</p>
          <ol className="grid gap-3">
            {pickupList.map((row, i) => {
              const person = row.getFieldset();
              return (
                <li key={row.key} className="grid gap-3 rounded-2xl border border-brand-100 p-4 sm:grid-cols-2">
                  <Field label={`Person ${i + 1}: name`} field={person.name} autoComplete="off" />
                  <Field label={`Person ${i + 1}: mobile`} field={person.phone} {...tel} />
                </li>
              );
            })}
          </ol>
          <FieldError id={fields.pickup.errorId}>{fields.pickup.errors?.[0]}</FieldError>
        </fieldset>
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Confirm care plan"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

type MedicationField = FieldMetadata<{ name?: string; times?: string; doses?: number }[] | undefined>;

function MedicationRows({ catName, list }: { catName: string; list: FieldMetadata<unknown> }) {
  const rows = (list as MedicationField).getFieldList();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-base font-bold text-brand-900">Medication</legend>
      <p className="text-sm text-muted">Leave the rows empty if {catName} takes none.</p>
      <ol className="mt-2 grid gap-3">
        {rows.map((row, i) => {
          const med = row.getFieldset();
          const which = (
            <span className="sr-only">
              {" "}
              of {catName}'s medication {i + 1}
            </span>
          );
          return (
            <li key={row.key} className="grid gap-3 rounded-xl bg-brand-50 p-3 sm:grid-cols-3">
              <Field label={<>Medication{which}</>} field={med.name} autoComplete="off" />
              <Field label={<>Times{which}</>} field={med.times} autoComplete="off" placeholder="e.g. 8am and 8pm" />
              <Field label={<>Pills or doses you bring{which}</>} field={med.doses} type="number" inputMode="numeric" min={0} step={1} autoComplete="off" />
            </li>
          );
        })}
      </ol>
      <FieldError id={list.errorId}>{list.errors?.[0]}</FieldError>
    </fieldset>
  );
}

function AgreementSection({ data }: { data: PageData }) {
  const reply = replyTo(useActionData<FormReply>(), "sign");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "sign";
  const [form, fields] = useZodForm(signAgreementForm, { id: "sign-agreement", lastResult: reply?.result });
  const { agreement, signature } = data;
  const current = signature?.version === agreement.version;
  return (
    <section aria-labelledby="agreement-heading" className="mt-8 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
      <AgreementText agreement={agreement} headingLevel="h2" />
      {signature ? (
        <Notice tone="success" role="status" className="mt-6 text-base">
          Signed by <strong>{signature.signedName}</strong> on {formatBusinessLongDateTime(new Date(signature.signedAt))}
          {current ? "." : ` (version ${signature.version}; the agreement has changed since).`}
        </Notice>
      ) : null}
      {current ? null : (
        <Form method="post" className="mt-6 grid max-w-xl gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="sign" />
          <FormToken token={data.formToken} />
          <input type="hidden" name="version" value={agreement.version} />
          <AgreementSignFields fields={fields} nameLabel="Your full name" />
          <FormError id={form.errorId} errors={form.errors} />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Signing..." : "Sign the agreement"}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
