import type { FieldMetadata } from "@conform-to/react";
import { Field, TextareaField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import { type DoseCount, formatKilograms, totalDoses } from "~/domain/handover";

/** What one cat's part of the desk's forms holds, as Conform sees it. */
type CatFields = FieldMetadata<{ catId: string; weight: string; doses: { medication?: string; count: string; lastGiven?: string }[]; belongings?: string }>;

/** The words of each direction: what was received at check-in, what is handed back at check-out. */
const WORDS = {
  arrival: { weight: "Weight (kg)", doses: "received", belongings: "Belongings received" },
  departure: { weight: "Weight at departure (kg)", doses: "handed back", belongings: "Belongings handed back" },
} as const;

/**
 * One cat's weight, pills or doses (a count per medication of the care plan, or one count) and
 * belongings, in the desk's check-in or check-out form (ADR 0161). Each label names the cat for a
 * screen reader, as the online check-in's do.
 */
export function CatHandoverFields({
  field,
  catId,
  name,
  doses,
  direction,
  children,
}: {
  field: FieldMetadata<unknown>;
  catId: string;
  name: string;
  doses: DoseCount[];
  direction: "arrival" | "departure";
  children?: React.ReactNode;
}) {
  const cat = (field as CatFields).getFieldset();
  const rows = cat.doses.getFieldList();
  const words = WORDS[direction];
  const forCat = <span className="sr-only"> for {name}</span>;
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-brand-100 p-4 sm:grid-cols-2" id={`cat-${catId}`}>
      <legend className="px-1 text-xl font-bold text-brand-900">{name}</legend>
      <input type="hidden" name={cat.catId.name} value={catId} />
      {children ? <div className="text-sm sm:col-span-2">{children}</div> : null}
      <Field
        label={
          <>
            {words.weight}
            {forCat}
          </>
        }
        field={cat.weight}
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 4.25"
        className="max-w-48"
      />
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        {rows.map((row, i) => {
          const dose = row.getFieldset();
          const medication = doses[i]?.medication ?? null;
          return (
            <div key={row.key}>
              <input type="hidden" name={dose.medication.name} value={medication ?? ""} />
              <Field
                label={
                  <>
                    {medication ? `${medication}: pills or doses ${words.doses}` : `Pills or doses ${words.doses}`}
                    {forCat}
                  </>
                }
                field={dose.count}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                autoComplete="off"
                className="max-w-72"
              />
              {direction === "arrival" && medication ? (
                // A dose due before the cat arrived is not the hotel's to give: Today shows when it was given at home (ADR 0188).
                <Field
                  label={
                    <>
                      {medication}: last dose given at home (time today)
                      {forCat}
                    </>
                  }
                  field={dose.lastGiven}
                  type="time"
                  autoComplete="off"
                  className="mt-2 max-w-48"
                />
              ) : null}
            </div>
          );
        })}
        <FieldError id={cat.doses.errorId}>{cat.doses.errors?.[0]}</FieldError>
      </div>
      <TextareaField
        className="sm:col-span-2"
        label={
          <>
            {words.belongings}
            {forCat}
          </>
        }
        field={cat.belongings}
        rows={2}
      />
    </fieldset>
  );
}

/** A recorded hand-over in words: "4.25 kg · 14 pills or doses (Methimazole 14) · Blue blanket · ML". */
export function handoverSummary(h: { weightGrams: number; doses: DoseCount[]; belongings: string; by: string }) {
  const named = h.doses.filter((d) => d.medication);
  const doses = `${totalDoses(h.doses)} pills or doses${named.length > 0 ? ` (${named.map((d) => `${d.medication} ${d.count}`).join(", ")})` : ""}`;
  return [formatKilograms(h.weightGrams), doses, h.belongings || "no belongings", `by ${h.by}`].join(" · ");
}
