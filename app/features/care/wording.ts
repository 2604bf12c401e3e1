import { formatKilograms } from "~/features/stays/handover";
import { DOSE_OUTCOME_LABELS, type DoseOutcome, EATEN_LABELS, type EatenShare, STOOL_LABELS, type StoolKind } from "./model";

/** A weigh-in as the care log and the diary say it: "Weight: 4.25 kg" (ADR 0169). */
export const weightText = (grams: number) => `Weight: ${formatKilograms(grams)}`;

/** What an entry says, in a line: "Breakfast: half eaten", "Methimazole 2.5 mg (8:00 AM dose): given". */
export function entryText(e: {
  kind: string;
  meal: string | null;
  eaten: EatenShare | null;
  urine: boolean | null;
  stool: StoolKind | null;
  medication: string | null;
  dose: string | null;
  dueTime?: string | null;
  outcome: DoseOutcome | null;
  remark: string | null;
  weightGrams?: number | null;
}): string {
  const remark = e.remark ? ` (${e.remark})` : "";
  switch (e.kind) {
    case "meal":
      return `${e.meal}: ${e.eaten === "all" ? "all eaten" : e.eaten === "none" ? "nothing eaten" : `${EATEN_LABELS[e.eaten!].toLowerCase()} eaten`}`;
    case "water":
      return `Water refreshed${remark}`;
    case "litter":
      return `Litter: ${e.urine ? "urine" : "no urine"}, ${STOOL_LABELS[e.stool!].toLowerCase()}`;
    case "dose":
      return `${e.medication}${e.dose ? ` ${e.dose}` : ""}${e.dueTime ? ` (${e.dueTime} dose)` : ""}: ${DOSE_OUTCOME_LABELS[e.outcome!].toLowerCase()}${remark}`;
    case "play":
      return `Play${remark}`;
    case "photo":
      return e.remark ? `Photo: ${e.remark}` : "Photo";
    case "weight":
      return weightText(e.weightGrams!);
    default:
      return `Note: ${e.remark}`;
  }
}

/** The switch on /account that turns the evening diary mail off (ADR 0163); the mail's footer names it. */
export const DIARY_SWITCH_LABEL = "Send me the daily diary during a stay";

/** Whether a vet was called about an incident, as the Care log and the owner's mail say it. */
export const vetCalledText = (vetCalled: boolean) => (vetCalled ? "A vet was called." : "No vet was called.");
