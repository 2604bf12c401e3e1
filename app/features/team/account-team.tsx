import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { type FormReply, settledResult, useNotice, useZodForm } from "~/lib/forms";
import { MAX_FULL_NAME_LENGTH } from "~/domain/team-names";
import { PIN_DIGITS, overridePinForm, teamNameForm } from "./schema";

export interface AccountTeamView {
  fullName: string | null;
  /** A Manager or an Owner: their PIN confirms an override on the front desk's device. */
  mayOverride: boolean;
  pinSet: boolean;
}

/**
 * A team member's part of /account (ADR 0196): the name the stay's history shows for what they did,
 * and for a Manager or an Owner the PIN that confirms an override at the front desk.
 */
export function AccountTeam({ team }: { team: AccountTeamView }) {
  return (
    <section aria-labelledby="team-account-heading" className="grid gap-6">
      <h2 id="team-account-heading" className="text-2xl">
        On the team
      </h2>
      <NameForm fullName={team.fullName} />
      {team.mayOverride ? <PinForm pinSet={team.pinSet} /> : null}
    </section>
  );
}

function NameForm({ fullName }: { fullName: string | null }) {
  const fetcher = useFetcher<FormReply>({ key: "team-name" });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(teamNameForm, { id: "team-name", lastResult: settledResult(fetcher), defaultValue: { fullName: fullName ?? "" } });
  return (
    <fetcher.Form method="post" className="grid max-w-md gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="teamName" />
      <Field label="Your full name" field={fields.fullName} autoComplete="name" maxLength={MAX_FULL_NAME_LENGTH} />
      <p className="text-sm text-muted">The stay's history shows it beside each care entry, hand-over, payment and override you record.</p>
      <FormError errors={form.errors} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={fetcher.state !== "idle"}>
        Save the name
      </Button>
    </fetcher.Form>
  );
}

function PinForm({ pinSet }: { pinSet: boolean }) {
  const fetcher = useFetcher<FormReply>({ key: "override-pin" });
  const [form, fields] = useZodForm(overridePinForm, { id: "override-pin", lastResult: fetcher.data?.result });
  // A PIN saved clears both boxes: it is never shown again.
  useNotice(fetcher.data, () => form.reset(), { errorsShownInForm: true });
  return (
    <fetcher.Form method="post" className="grid max-w-md gap-3" {...getFormProps(form)}>
      <h3 className="text-xl">Override PIN</h3>
      <p className="text-sm text-muted">
        {pinSet ? "Your PIN is set. " : "No PIN yet. "}
        At the front desk's device you confirm a release without a pickup code by choosing your name and typing this PIN ({PIN_DIGITS.min} to {PIN_DIGITS.max}{" "}
        digits).
      </p>
      <input type="hidden" name="intent" value="overridePin" />
      <Field label={pinSet ? "New PIN" : "PIN"} field={fields.pin} type="password" inputMode="numeric" autoComplete="new-password" maxLength={PIN_DIGITS.max} />
      <Field label="The PIN again" field={fields.repeat} type="password" inputMode="numeric" autoComplete="new-password" maxLength={PIN_DIGITS.max} />
      <FormError errors={form.errors} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={fetcher.state !== "idle"}>
        {pinSet ? "Change the PIN" : "Set the PIN"}
      </Button>
    </fetcher.Form>
  );
}
