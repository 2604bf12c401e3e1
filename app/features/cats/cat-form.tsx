import { type FieldMetadata, getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FileField, FormError, TextareaField } from "~/components/ui/field";
import { UPLOAD_LIMITS } from "~/domain/images";
import { FieldError, Label } from "~/components/ui/input";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import { CAT_SEXES, FELV_FIV_LABELS, FELV_FIV_STATUSES, FIXED_LABELS, FIXED_STATUSES, type Medication, SEX_LABELS } from "~/domain/cat-options";
import { ageInYears } from "~/domain/cat-profile";
import { CAT_NAME_MAX, catForm } from "./schema";
import { FormToken } from "~/components/form-token";

const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/** A cat's profile as the edit page loads it. */
export interface CatProfile {
  id: string;
  name: string;
  breed: string | null;
  sex: string;
  birthDate: string | null;
  birthDateEstimated: boolean;
  spayedNeutered: string;
  microchip: string | null;
  colourMarkings: string | null;
  feedingInstructions: string | null;
  medications: Medication[];
  behaviourNotes: string | null;
  felvFivStatus: string;
}

const EMPTY_MEDICATION = { name: "", dose: "", times: "" };

function defaults(cat: CatProfile, today: string) {
  return {
    name: cat.name,
    breed: cat.breed ?? "",
    sex: cat.sex,
    // An estimated birth date is shown as the age it came from, which it keeps in step with.
    birthDate: cat.birthDateEstimated ? "" : (cat.birthDate ?? ""),
    approximateAge: cat.birthDateEstimated && cat.birthDate ? String(ageInYears(cat.birthDate, today)) : "",
    spayedNeutered: cat.spayedNeutered,
    microchip: cat.microchip ?? "",
    colourMarkings: cat.colourMarkings ?? "",
    feedingInstructions: cat.feedingInstructions ?? "",
    medications: cat.medications.length > 0 ? cat.medications : [EMPTY_MEDICATION],
    behaviourNotes: cat.behaviourNotes ?? "",
    felvFivStatus: cat.felvFivStatus,
  };
}

/**
 * Add and edit a cat: a plain form posted to the page's action, which answers with the errors or
 * sends the browser to /cats, so it works the same before JavaScript runs. The medication rows
 * are a Conform list: "Add another medication" and "Remove" are submit buttons with an intent,
 * handled in the browser with JavaScript and by the server without.
 */
export function CatForm({
  cat,
  hasPhoto = false,
  today,
  submitLabel,
  formToken,
}: {
  cat?: CatProfile;
  hasPhoto?: boolean;
  today: string;
  submitLabel: string;
  /** A new cat is a record: its form posts the page's token (ADR 0179). */
  formToken?: string;
}) {
  const reply = replyTo(useActionData<FormReply>(), "save");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useZodForm(catForm, {
    id: cat ? `cat-${cat.id}` : "cat-new",
    lastResult: reply?.result,
    defaultValue: cat ? defaults(cat, today) : { medications: [EMPTY_MEDICATION], felvFivStatus: "unknown" },
  });
  const medications = fields.medications.getFieldList();
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="save" />
      {formToken ? <FormToken token={formToken} /> : null}
      <Field label="Name" field={fields.name} maxLength={CAT_NAME_MAX} autoComplete="off" />
      <Field label="Breed (optional)" field={fields.breed} autoComplete="off" />
      <SelectField label="Sex" field={fields.sex} options={CAT_SEXES.map((v) => [v, SEX_LABELS[v]])} placeholder="Choose" />
      <SelectField label="Spayed or neutered" field={fields.spayedNeutered} options={FIXED_STATUSES.map((v) => [v, FIXED_LABELS[v]])} placeholder="Choose" />
      <Field label="Birth date" field={fields.birthDate} type="date" max={today} />
      <Field label="Or approximate age (years)" field={fields.approximateAge} type="number" min={0} max={30} inputMode="numeric" />
      <Field label="Microchip number (optional)" field={fields.microchip} autoComplete="off" />
      <SelectField label="FeLV/FIV status" field={fields.felvFivStatus} options={FELV_FIV_STATUSES.map((v) => [v, FELV_FIV_LABELS[v]])} />
      <Field className="sm:col-span-2" label="Colour and markings (optional)" field={fields.colourMarkings} autoComplete="off" />
      <FileField
        className="sm:col-span-2"
        label={hasPhoto ? "Replace the photo (optional)" : "Photo (optional)"}
        hint={`JPEG, PNG or WebP, up to ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB, at least ${UPLOAD_LIMITS.minSide} pixels a side.`}
        field={fields.photo}
        accept="image/jpeg,image/png,image/webp"
      />
      <TextareaField
        className="sm:col-span-2"
        label="Feeding instructions (optional)"
        field={fields.feedingInstructions}
        placeholder="What, how much and when"
      />

      <fieldset className="sm:col-span-2">
        <legend className="text-lg font-bold text-brand-900">Medications</legend>
        <p className="text-sm text-muted">Leave a row empty if your cat takes none.</p>
        <ol className="mt-3 space-y-4">
          {medications.map((row, i) => {
            const med = row.getFieldset();
            return (
              <li key={row.key} className="grid gap-3 rounded-2xl border border-brand-100 p-4 sm:grid-cols-3">
                <Field label={`Medication ${i + 1}`} field={med.name} autoComplete="off" />
                <Field
                  label={
                    <>
                      Dose<span className="sr-only"> of medication {i + 1}</span>
                    </>
                  }
                  field={med.dose}
                  autoComplete="off"
                  placeholder="e.g. 2.5 mg"
                />
                <Field
                  label={
                    <>
                      Times<span className="sr-only"> for medication {i + 1}</span>
                    </>
                  }
                  field={med.times}
                  autoComplete="off"
                  placeholder="e.g. 8am and 8pm"
                />
                {medications.length > 1 ? (
                  <div className="sm:col-span-3">
                    <Button type="submit" variant="outline" size="sm" {...form.remove.getButtonProps({ name: fields.medications.name, index: i })}>
                      Remove medication {i + 1}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <FieldError id={fields.medications.errorId}>{fields.medications.errors?.[0]}</FieldError>
        <Button
          type="submit"
          variant="outline"
          size="sm"
          className="mt-3"
          {...form.insert.getButtonProps({ name: fields.medications.name, defaultValue: EMPTY_MEDICATION })}
        >
          Add another medication
        </Button>
      </fieldset>

      <TextareaField
        className="sm:col-span-2"
        label="Behaviour and handling notes (optional)"
        field={fields.behaviourNotes}
        placeholder="Shy with strangers, loves chin scratches…"
      />
      <FormError className="sm:col-span-2" id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function SelectField({
  label,
  field,
  options,
  placeholder,
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  options: Array<[string, string]>;
  placeholder?: string;
}) {
  return (
    <div>
      <Label htmlFor={field.id}>{label}</Label>
      <select {...getSelectProps(field, { ariaAttributes: true })} key={field.key} className={selectClass}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId}>{field.errors?.[0]}</FieldError>
    </div>
  );
}
