import { getFormProps } from "@conform-to/react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { type FormReply, replyTo, useNotice, useZodForm } from "~/lib/forms";
import { PHONE_INPUT_MAX_LENGTH, formatUsPhone } from "~/lib/phone";
import { householdForm } from "./schema";

/** The household's fields the form edits (phones in E.164, empty as null): all the page needs. */
export const HOUSEHOLD_FIELDS = [
  "name",
  "mobilePhone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "emergencyContactName",
  "emergencyContactPhone",
  "vetClinic",
  "vetPhone",
] as const;
export type HouseholdValues = Record<(typeof HOUSEHOLD_FIELDS)[number], string | null>;

export const householdValues = (row: HouseholdValues): HouseholdValues => Object.fromEntries(HOUSEHOLD_FIELDS.map((k) => [k, row[k]])) as HouseholdValues;

const phone = (e164: string | null | undefined) => (e164 ? formatUsPhone(e164) : "");

/**
 * The household section of /account, posted to the page's action. Through a fetcher with
 * JavaScript (the notice is a toast); a plain form post before it runs (the page's ActionNotice).
 */
export function HouseholdForm({ household }: { household: HouseholdValues | null }) {
  const fetcher = useFetcher<FormReply>({ key: "household" });
  // The page has other forms (the mobile's proof): only this form's answer is this form's.
  const posted = replyTo(useActionData<FormReply>(), "household");
  useNotice(fetcher.data);
  const [form, fields] = useZodForm(householdForm, {
    id: "household",
    lastResult: fetcher.data?.result ?? posted?.result,
    defaultValue: household
      ? {
          ...Object.fromEntries(Object.entries(household).map(([k, v]) => [k, v ?? ""])),
          mobilePhone: phone(household.mobilePhone),
          emergencyContactPhone: phone(household.emergencyContactPhone),
          vetPhone: phone(household.vetPhone),
        }
      : undefined,
  });
  const busy = fetcher.state !== "idle";
  const tel = { type: "tel", inputMode: "tel", maxLength: PHONE_INPUT_MAX_LENGTH } as const;
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="household" />
      <Field label="Your name" field={fields.name} autoComplete="name" />
      <Field label="Mobile phone" field={fields.mobilePhone} {...tel} autoComplete="tel-national" />
      <Field className="sm:col-span-2" label="Street address" field={fields.addressLine1} autoComplete="address-line1" />
      <Field className="sm:col-span-2" label="Apartment, suite" field={fields.addressLine2} autoComplete="address-line2" />
      <Field label="City" field={fields.city} autoComplete="address-level2" />
      <div className="grid grid-cols-2 gap-3">
        <Field label="State" field={fields.state} autoComplete="address-level1" maxLength={2} />
        <Field label="ZIP code" field={fields.postalCode} autoComplete="postal-code" inputMode="numeric" maxLength={10} />
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-brand-900">Emergency contact</legend>
        <p className="-mt-2 text-sm text-muted sm:col-span-2">Someone we can call if we can't reach you — not your own number.</p>
        <Field label="Contact's name" field={fields.emergencyContactName} autoComplete="off" />
        <Field label="Contact's phone" field={fields.emergencyContactPhone} {...tel} autoComplete="off" />
      </fieldset>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-brand-900">Your cats' vet</legend>
        <Field label="Clinic" field={fields.vetClinic} autoComplete="off" />
        <Field label="Clinic phone" field={fields.vetPhone} {...tel} autoComplete="off" />
      </fieldset>
      <FormError className="sm:col-span-2" id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save household"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
