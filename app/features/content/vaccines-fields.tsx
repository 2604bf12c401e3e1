import { FieldError, Label } from "~/components/ui/input";
import { VACCINES, VACCINE_LABELS, VACCINE_REQUIREMENTS, VACCINE_REQUIREMENT_LABELS, type VaccineRequirement } from "~/domain/vaccines";
import { type FieldErrors, fieldId } from "~/lib/form-state";
import type { VaccinesContent } from "./schema";

const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/** The vaccine policy: for each vaccine, required for a stay, recommended, or not asked for. */
export function VaccinesFields({ value, onChange, errors }: { value: VaccinesContent; onChange: (next: VaccinesContent) => void; errors: FieldErrors }) {
  return (
    <div className="grid gap-4">
      <p className="text-muted">
        A required vaccine needs a current record, verified by you, before a cat can be booked; the public Vaccination Requirements box lists what you choose
        here.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {VACCINES.map((vaccine) => {
          const id = fieldId(vaccine);
          const error = errors[vaccine];
          return (
            <div key={vaccine}>
              <Label htmlFor={id}>{VACCINE_LABELS[vaccine]}</Label>
              <select
                id={id}
                className={selectClass}
                value={value[vaccine]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange({ ...value, [vaccine]: e.target.value as VaccineRequirement })}
              >
                {VACCINE_REQUIREMENTS.map((r) => (
                  <option key={r} value={r}>
                    {VACCINE_REQUIREMENT_LABELS[r]}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
          );
        })}
      </div>
    </div>
  );
}
