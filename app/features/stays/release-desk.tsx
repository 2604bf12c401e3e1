import { type FieldMetadata, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError, TextareaField } from "~/components/ui/field";
import { FieldError, Label, selectClass } from "~/components/ui/input";
import { formatBusinessDateTime, formatBusinessTime, formatCalendarDayWeekday, formatLocalTime } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import { formatUsPhone } from "~/lib/phone";
import { releaseForm } from "./release-schema";

/**
 * The release at check-out (ADR 0162) on the desk's check-out page: who may collect the cat, the
 * codes texted today, and the one form that releases it with a pickup code or a manager's override.
 */

export type ReleaseView = { releasedAt: string; staffName: string } & (
  { method: "code"; collectedBy: string } | { method: "override"; reason: string; confirmedBy: string | null }
);

/** From the front desk, the override needs a Manager's or an Owner's PIN on this device (ADR 0196): whom to choose from. */
export interface OverrideConfirmation {
  /** The signed-in member may override on their own (a Manager, an Owner). */
  mayOverride: boolean;
  managers: { userId: string; name: string }[];
}

export interface PickupView {
  /** Today and the stay's departure day, in business time (YYYY-MM-DD). */
  today: string;
  departureDay: string;
  /** When the codes are texted on the departure day ("07:00"). */
  codesFrom: string;
  /** The owner first (person 0), then the pickup people named at online check-in. */
  collectors: { person: number; name: string; phone: string | null }[];
  /** How each went (ADR 0191): texted, e-mailed to an owner whose mobile replied STOP, or not at all to a pickup person who did. */
  codesToday: { name: string; sentAt: string; by: "text" | "email" | "none" }[];
  /** Wrong codes entered today; past the day's limit the code path is closed (ADR 0176). */
  wrongCodesToday: number;
  codesClosed: boolean;
  release: ReleaseView | null;
}

export const RELEASE_FIRST = "Release the cat with a pickup code first.";

/** Who took the cat, on whose word, and which staff member handed it over, when. */
export function ReleaseSummary({ release }: { release: ReleaseView }) {
  return (
    <div className="grid gap-1">
      {release.method === "code" ? (
        <p>
          Collected by <span className="font-semibold">{release.collectedBy}</span> with their pickup code.
        </p>
      ) : (
        <p>
          Released without a code by a manager&apos;s override{release.confirmedBy ? `, confirmed by ${release.confirmedBy}` : ""}. Reason:{" "}
          <span className="font-semibold">{release.reason}</span>
        </p>
      )}
      <p className="text-sm text-muted">
        Handed over by {release.staffName}, {formatBusinessDateTime(new Date(release.releasedAt))}.
      </p>
    </div>
  );
}

const names = (list: string[]) => (list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`);

/** Whether today's codes went out, to whom and how: a mobile that replied STOP gets no text (ADR 0191). */
function CodesToday({ pickup }: { pickup: PickupView }) {
  if (pickup.codesToday.length > 0) {
    const sentBy = (by: PickupView["codesToday"][number]["by"]) => pickup.codesToday.filter((c) => c.by === by);
    const [texted, emailed, notSent] = [sentBy("text"), sentBy("email").map((c) => c.name), sentBy("none").map((c) => c.name)];
    return (
      <>
        {texted.length > 0 ? (
          <p>
            Pickup codes texted today at {formatBusinessTime(new Date(texted[0]!.sentAt))} to {names(texted.map((c) => c.name))}.
          </p>
        ) : null}
        {emailed.length > 0 ? <p>{names(emailed)} replied STOP to our texts: the code went by e-mail.</p> : null}
        {notSent.length > 0 ? <p>{names(notSent)} replied STOP to our texts: no code was sent. Release with a manager&apos;s override.</p> : null}
      </>
    );
  }
  if (pickup.today === pickup.departureDay) return <p>No pickup code has been texted yet today: codes go out from {formatLocalTime(pickup.codesFrom)}.</p>;
  return (
    <p>
      No pickup code today: codes are texted on the departure day, {formatCalendarDayWeekday(pickup.departureDay)}, from {formatLocalTime(pickup.codesFrom)}.
    </p>
  );
}

/** The wrong codes entered today: a warning while they add up, and the closed code path after the limit. */
function WrongCodes({ pickup }: { pickup: PickupView }) {
  if (pickup.codesClosed)
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 p-3 font-semibold text-red-800">
        Pickup codes are closed for this stay today: {pickup.wrongCodesToday} wrong codes were entered. Call the owner; only a manager&apos;s override releases
        the cat now.
      </p>
    );
  if (pickup.wrongCodesToday === 0) return null;
  return (
    <p className="text-red-800">
      {pickup.wrongCodesToday === 1 ? "1 wrong pickup code was" : `${pickup.wrongCodesToday} wrong pickup codes were`} entered today. After too many, codes
      close for the day.
    </p>
  );
}

/** The "Pickup" section's content: the release once it happened, else who may collect and the form. */
export function ReleaseDesk({ stayId, pickup, confirmation }: { stayId: string; pickup: PickupView; confirmation: OverrideConfirmation }) {
  if (pickup.release) return <ReleaseSummary release={pickup.release} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">Hand the cat to the owner or to a person they named at online check-in, once they show their pickup code.</p>
      <div>
        <h3 className="font-semibold">Who may collect</h3>
        <ul className="mt-1 grid gap-1">
          {pickup.collectors.map((c) => (
            <li key={c.person}>
              {c.name}
              {c.person === 0 ? " (owner)" : ""}
              {c.phone ? ` · ${formatUsPhone(c.phone)}` : " · no mobile on file"}
            </li>
          ))}
        </ul>
      </div>
      <CodesToday pickup={pickup} />
      <WrongCodes pickup={pickup} />
      <ReleaseForm stayId={stayId} confirmation={confirmation} />
    </div>
  );
}

function ReleaseForm({ stayId, confirmation }: { stayId: string; confirmation: OverrideConfirmation }) {
  const reply = replyTo(useActionData<FormReply>(), "release");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "release";
  const [form, fields] = useZodForm(releaseForm, {
    id: "desk-release",
    lastResult: reply?.result,
    defaultValue: { intent: "release", stayId },
  });
  // A refusal of the code shows beside the field: the form's own error only says what no field does.
  const shownByField = new Set([
    fields.code.errors?.[0],
    fields.reason.errors?.[0],
    fields.override.errors?.[0],
    fields.manager.errors?.[0],
    fields.pin.errors?.[0],
  ]);
  const formErrors = form.errors?.filter((e) => !shownByField.has(e));
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="release" />
      <input type="hidden" name="stayId" value={stayId} />
      <Field label="Pickup code" field={fields.code} inputMode="numeric" autoComplete="one-time-code" maxLength={8} className="max-w-xs" />
      <fieldset className="grid gap-3 rounded-xl border border-brand-100 p-3 sm:p-4">
        <legend className="px-1 font-semibold">Manager&apos;s override</legend>
        <label className="flex min-h-11 items-start gap-3">
          <input
            {...getInputProps(fields.override, { type: "checkbox", ariaAttributes: true })}
            key={fields.override.key}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          />
          <span>Release without a code (manager)</span>
        </label>
        <FieldError id={fields.override.errorId}>{fields.override.errors?.[0]}</FieldError>
        <TextareaField label="Reason" field={fields.reason} rows={2} />
        {confirmation.mayOverride ? null : <ManagerConfirmation confirmation={confirmation} fields={fields} />}
      </fieldset>
      <FormError id={form.errorId} errors={formErrors} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Releasing..." : "Release"}
        </Button>
      </div>
    </Form>
  );
}

/** The front desk's override: the manager beside them chooses their name and types their PIN on this device. */
function ManagerConfirmation({
  confirmation,
  fields,
}: {
  confirmation: OverrideConfirmation;
  fields: { manager: FieldMetadata<string | undefined>; pin: FieldMetadata<string | undefined> };
}) {
  if (confirmation.managers.length === 0)
    return <p className="text-sm">No Manager or Owner has set an override PIN yet: one sets it on their account page, or releases the cat themselves.</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">A Manager or an Owner confirms the override here, with their PIN.</p>
      <div>
        <Label htmlFor={fields.manager.id}>Manager who confirms</Label>
        <select {...getSelectProps(fields.manager, { ariaAttributes: true })} key={fields.manager.key} className={selectClass}>
          <option value="">Choose the manager</option>
          {confirmation.managers.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.manager.errorId}>{fields.manager.errors?.[0]}</FieldError>
      </div>
      <Field label="Their PIN" field={fields.pin} type="password" inputMode="numeric" autoComplete="off" maxLength={8} className="max-w-xs" />
    </div>
  );
}
