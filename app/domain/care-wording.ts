import { formatKilograms } from "./handover";
import { formatBusinessTime } from "~/lib/business-time";
import { DOSE_OUTCOME_LABELS, DOSE_WINDOW_MINUTES, type DoseOutcome } from "./doses";
import { EATEN_LABELS, type EatenShare, STOOL_LABELS, type StoolKind } from "./care-log";

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

/** A dose as the owner reads it in the Care log and the diary (ADR 0188), plainly, with what the team did. */
export interface DoseAccount {
  medication: string | null;
  dose: string | null;
  dueAt: Date;
  /** When it was logged; null for a dose missed (nothing logged). */
  at: Date | null;
  outcome: DoseOutcome | null;
  remark: string | null;
  /** For a missed dose: what the team did about it (the alert and who acknowledged it), in words. */
  followUp?: string | null;
}

/** Whether a dose account is something the owner should notice: missed, late, early or not given as planned. */
export const doseWentWrong = (d: Pick<DoseAccount, "at" | "outcome" | "dueAt">) =>
  d.at === null || d.outcome !== "given" || Math.abs(d.at.getTime() - d.dueAt.getTime()) > DOSE_WINDOW_MINUTES * 60_000;

/**
 * "Methimazole 2.5 mg, 8:00 PM dose: given at 8:05 PM"; "…: given late, at 9:40 PM. Why: …";
 * "…: refused, not given. What the team did: …"; "…: missed, not given. …".
 */
export function doseAccountText(d: DoseAccount): string {
  const what = `${d.medication ?? "Medication"}${d.dose ? ` ${d.dose}` : ""}, ${formatBusinessTime(d.dueAt)} dose`;
  const said = (label: string) => (d.remark ? ` ${label}: ${d.remark}` : " No remark was logged.");
  if (d.at === null) return `${what}: missed, not given.${d.followUp ? ` ${d.followUp}` : ""}`;
  const late = d.at.getTime() - d.dueAt.getTime() > DOSE_WINDOW_MINUTES * 60_000;
  const early = d.dueAt.getTime() - d.at.getTime() > DOSE_WINDOW_MINUTES * 60_000;
  switch (d.outcome) {
    case "given":
      if (late) return `${what}: given late, at ${formatBusinessTime(d.at)}.${said("Why")}`;
      if (early) return `${what}: given early, at ${formatBusinessTime(d.at)}.${said("Why")}`;
      return `${what}: given at ${formatBusinessTime(d.at)}${d.remark ? ` (${d.remark})` : ""}`;
    case "refused":
      return `${what}: refused, not given (${formatBusinessTime(d.at)}).${said("What the team did")}`;
    case "spat_out":
      return `${what}: spat out, so not taken (${formatBusinessTime(d.at)}).${said("What the team did")}`;
    case "vomited":
      return `${what}: given, then vomited up (${formatBusinessTime(d.at)}).${said("What the team did")}`;
    default:
      return `${what}: logged at ${formatBusinessTime(d.at)}`;
  }
}
