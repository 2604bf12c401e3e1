import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { staffStay } from "@server/care/care";
import { recordIncident } from "@server/care/incidents";
import { formDataOf, submitForm } from "@server/http/form-action";
import { formToken, postedToken, staleForm } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { textsOfStay } from "@server/texts/texts";
import { carePlansOf } from "@server/stays/care-plans";
import { CarePlan } from "~/features/care/care-plan";
import { ActionNotice } from "~/components/action-notice";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { FormError, TextareaField } from "~/components/ui/field";
import { FieldError, Input, Label } from "~/components/ui/input";
import { business } from "~/content/business";
import { CareLogDays } from "~/features/care/care-log";
import { incidentForm } from "~/features/care/schema";
import { noindexMeta } from "~/features/seo/seo";
import { StayTexts } from "~/features/texts/stay-texts";
import { businessDate, businessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, alreadyRecordedTitle, useNotice, useZodForm } from "~/lib/forms";
import type { PageHandle } from "~/islands/page-scripts";
import { StaffMenu } from "~/features/team/staff-menu";
import type { Route } from "./+types/stays.$stayId";

// A staff tool, opened from Today or a suite card's QR code on a phone: its form answers in place once the script runs (ADR 0137).
export const handle: PageHandle = { routerScripts: "at-once" };

export const meta: Route.MetaFunction = ({ data }) =>
  noindexMeta(`${data && "log" in data ? `${data.log.stay.catNames.join(" and ")} | ` : ""}Staff | ${business.name}`);

/** A stay as staff read it (ADR 0165): its cats' essentials, the Care log with its incidents, and the incident form. */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user } = await requirePermission(request, context, "care");
  const now = context.clock.now();
  return {
    ...(await staffStay(context.db, { userId: user.id }, params.stayId, now)),
    texts: await textsOfStay(context.db, params.stayId),
    // The owner's care plan and whom to call (ADR 0196).
    carePlan: (await carePlansOf(context.db, [params.stayId])).get(params.stayId) ?? null,
    now: `${businessDate(now)}T${businessTime(now)}`,
    formToken: formToken(),
  };
});

export const action = mapRefusals(async ({ request, context, params }: Route.ActionArgs) => {
  const { user } = await requirePermission(request, context, "care");
  const form = await formDataOf(request);
  // The incident keeps its form's token: the same form posted twice records one incident (ADR 0179).
  const token = postedToken(form);
  if (!token) return staleForm();
  const now = context.clock.now();
  return submitForm(form, incidentForm, async (input) => {
    const saved = await recordIncident(
      context.db,
      { userId: user.id, email: user.email },
      params.stayId,
      input,
      { siteUrl: context.env.PUBLIC_SITE_URL, formToken: token },
      now,
    );
    if (saved.first)
      return {
        kind: "success",
        title: alreadyRecordedTitle(saved.first.at, saved.first.by, now),
        description: "The incident was recorded and the owner told once.",
      };
    return { kind: "success", title: "Incident recorded. The owner is told by e-mail and text." };
  });
});

export default function StaffStay({ loaderData: { log, suites, cats, texts, now, formToken, carePlan } }: Route.ComponentProps) {
  const { stay, days } = log;
  const names = stay.catNames.length > 0 ? stay.catNames.join(" and ") : "A stay";
  return (
    <main id="main" className="mx-auto min-h-screen max-w-3xl px-3 py-6 sm:px-6">
      <StaffMenu />
      <h1 className="text-3xl break-words">
        {names} · {suites.join(", ")}
      </h1>
      <p className="text-muted">
        {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
        {stay.status === "checked_in" ? " · in the hotel" : null}
      </p>
      <ActionNotice className="mt-3" />
      <StayTexts texts={texts} title="Messages from the owner" />

      <ul className="mt-6 grid gap-4" aria-label="Cats">
        {cats.map((cat) => (
          <li
            key={cat.catId}
            id={`cat-${cat.catId}`}
            aria-labelledby={`cat-${cat.catId}-name`}
            className="scroll-mt-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]"
          >
            <h2 id={`cat-${cat.catId}-name`} className="font-display text-2xl text-brand-900">
              {cat.name}
            </h2>
            <dl className="mt-2 grid gap-2 text-sm">
              <div>
                <dt className="font-bold">Feeding</dt>
                <dd className="break-words whitespace-pre-line">{cat.feedingInstructions || "No instructions: the hotel's breakfast and dinner."}</dd>
              </div>
              <div>
                <dt className="font-bold">Medications</dt>
                <dd>
                  {cat.medications.length === 0 ? (
                    "None"
                  ) : (
                    <ul className="grid gap-1">
                      {cat.medications.map((m, i) => (
                        <li key={i} className="break-words">
                          {m.name}
                          {m.dose ? ` ${m.dose}` : ""}
                          {m.times ? ` · ${m.times}` : ""}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
              <div>
                <dt className="font-bold">Notes</dt>
                <dd className="break-words whitespace-pre-line">{cat.behaviourNotes || "None"}</dd>
              </div>
            </dl>
            {carePlan ? (
              <section aria-labelledby={`cat-${cat.catId}-plan`} className="mt-4 border-t border-brand-100 pt-3">
                <h3 id={`cat-${cat.catId}-plan`} className="text-lg">
                  Care plan and phones
                </h3>
                <CarePlan plan={carePlan.cats[cat.catId] ?? null} contacts={carePlan} />
              </section>
            ) : null}
          </li>
        ))}
      </ul>

      {stay.status === "checked_in" ? <IncidentForm cats={cats} now={now} formToken={formToken} /> : null}

      <section className="mt-8" aria-labelledby="care-log">
        <h2 id="care-log" className="text-2xl">
          Care log
        </h2>
        <CareLogDays days={days} manyCats={stay.catNames.length > 1} emptyText="Nothing is logged for this stay yet." />
      </section>
    </main>
  );
}

/** "Record an incident": works as a plain POST before the script runs; the owner is told at once. */
function IncidentForm({ cats, now, formToken }: { cats: { catId: string; name: string }[]; now: string; formToken: string }) {
  const fetcher = useFetcher<FormReply>({ key: "incident" });
  const [form, fields] = useZodForm(incidentForm, { id: "incident", lastResult: fetcher.data?.result, defaultValue: { when: now } });
  // A recorded incident clears the form; a refusal keeps what was typed.
  useNotice(fetcher.data, () => form.reset(), { errorsShownInForm: true });
  return (
    <section className="mt-8 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6" aria-labelledby="record-incident">
      <h2 id="record-incident" className="text-2xl">
        Record an incident
      </h2>
      <p className="mt-1 text-sm text-muted">The owner gets an e-mail and a text at once, and reads it on the stay's Care log.</p>
      <fetcher.Form method="post" className="mt-3 grid gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="incident" />
        <FormToken token={formToken} />
        {cats.length === 1 ? (
          <input type="hidden" name={fields.catId.name} value={cats[0]!.catId} />
        ) : cats.length > 1 ? (
          <div>
            <Label htmlFor={fields.catId.id}>Cat</Label>
            <select
              id={fields.catId.id}
              name={fields.catId.name}
              aria-invalid={fields.catId.errors ? true : undefined}
              aria-describedby={fields.catId.errors ? fields.catId.errorId : undefined}
              className="mt-1 h-11 w-full rounded-xl border border-brand-200 bg-white px-3"
              defaultValue=""
            >
              <option value="">All the stay's cats</option>
              {cats.map((c) => (
                <option key={c.catId} value={c.catId}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldError id={fields.catId.errorId}>{fields.catId.errors?.[0]}</FieldError>
          </div>
        ) : null}
        <TextareaField label="What happened" field={fields.whatHappened} maxLength={2000} required />
        <div>
          <Label htmlFor={fields.when.id}>When</Label>
          <Input {...getInputProps(fields.when, { type: "datetime-local", ariaAttributes: true })} key={fields.when.key} required />
          <FieldError id={fields.when.errorId}>{fields.when.errors?.[0]}</FieldError>
        </div>
        <TextareaField label="What was done" field={fields.whatWasDone} maxLength={2000} required />
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" name={fields.vetCalled.name} className="h-5 w-5 accent-brand-700" /> A vet was called
        </label>
        <FormError errors={form.errors} />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Record the incident
        </Button>
      </fetcher.Form>
    </section>
  );
}
