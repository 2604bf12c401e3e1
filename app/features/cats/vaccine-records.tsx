import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormToken } from "~/components/form-token";
import { Field, FileField, FormError } from "~/components/ui/field";
import { FieldError, Label } from "~/components/ui/input";
import { Badge, type BadgeTone } from "~/components/ui/panel";
import { formatCalendarDay } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import { vaccineRecordForm } from "./schema";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  RECORD_STATUS_LABELS,
  type RecordStatus,
  VACCINES,
  VACCINE_LABELS,
  type Vaccine,
  type VaccinePolicy,
  yearsAfter,
  MAX_YEARS_AHEAD,
} from "~/domain/vaccines";

/** A cat's current record of one vaccine, as the cat page shows it. */
export interface RecordSummary {
  id: string;
  vaccine: Vaccine;
  expiresOn: string;
  status: RecordStatus;
  rejectionReason: string | null;
}

export const STATUS_TONES: Record<RecordStatus, BadgeTone> = { awaiting_review: "info", verified: "success", rejected: "danger", expired: "warning" };

const REQUIREMENT_WORDS = { required: "Required for a stay", recommended: "Recommended", none: "Optional" } as const;

/** The vaccines the policy asks about, and any other one the cat has a record of. */
export function shownVaccines(policy: VaccinePolicy, records: readonly { vaccine: Vaccine }[]): Vaccine[] {
  return VACCINES.filter((v) => policy[v] !== "none" || records.some((r) => r.vaccine === v));
}

/** Each vaccine's status on the cat's page: what staff decided, until when, and the document. */
export function VaccineRecordList({ catId, records, policy }: { catId: string; records: readonly RecordSummary[]; policy: VaccinePolicy }) {
  return (
    <ul className="grid gap-3" aria-label="Vaccine records">
      {shownVaccines(policy, records).map((vaccine) => {
        const record = records.find((r) => r.vaccine === vaccine);
        return (
          <li key={vaccine} className="rounded-2xl border border-brand-100 bg-white p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg">
                {VACCINE_LABELS[vaccine]} <span className="text-sm font-normal text-muted">· {REQUIREMENT_WORDS[policy[vaccine]]}</span>
              </h3>
              {record ? <Badge tone={STATUS_TONES[record.status]}>{RECORD_STATUS_LABELS[record.status]}</Badge> : <Badge tone="neutral">No record</Badge>}
            </div>
            {record ? (
              <>
                <p className="mt-1 text-sm">
                  {record.status === "expired" ? "Expired" : "Expires"} {formatCalendarDay(record.expiresOn)} ·{" "}
                  <a
                    href={`/vaccine-records/${record.id}/document`}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-brand-700 underline underline-offset-4"
                  >
                    View the certificate<span className="sr-only"> ({VACCINE_LABELS[vaccine]}, opens in a new tab)</span>
                  </a>
                </p>
                {record.status === "awaiting_review" ? (
                  <p className="mt-1 text-sm text-muted">It counts for planning now; our team will check the certificate.</p>
                ) : null}
                {record.status === "rejected" ? (
                  <p className="mt-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
                    <strong>Not accepted:</strong> {record.rejectionReason} Please upload the certificate again.
                  </p>
                ) : null}
              </>
            ) : (
              <p className="mt-1 text-sm text-muted">
                No record yet.{" "}
                <Link to={`/cats/${catId}?vaccine=${vaccine}#upload-record`} className="font-semibold text-brand-700 underline underline-offset-4">
                  Upload {VACCINE_LABELS[vaccine]}
                </Link>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/**
 * Upload a certificate: the vaccine, the expiry date read off it, and the file. A plain form
 * (multipart) posted to the cat page's action, so it works before JavaScript too; with it, the
 * date and the file's size are checked before anything is sent.
 */
export function VaccineUploadForm({ catName, vaccine, today, formToken }: { catName: string; vaccine?: Vaccine; today: string; formToken: string }) {
  const reply = replyTo(useActionData<FormReply>(), "upload-record");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload-record";
  const [form, fields] = useZodForm(vaccineRecordForm, { id: "upload-record-form", lastResult: reply?.result, defaultValue: { vaccine: vaccine ?? "fvrcp" } });
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="upload-record" />
      <FormToken token={formToken} />
      <div>
        <Label htmlFor={fields.vaccine.id}>Vaccine</Label>
        <select {...getSelectProps(fields.vaccine, { ariaAttributes: true })} key={fields.vaccine.key} className={selectClass}>
          {VACCINES.map((v) => (
            <option key={v} value={v}>
              {VACCINE_LABELS[v]}
            </option>
          ))}
        </select>
        <FieldError id={fields.vaccine.errorId}>{fields.vaccine.errors?.[0]}</FieldError>
      </div>
      <Field label="Expiry date on the certificate" field={fields.expiresOn} type="date" min={today} max={yearsAfter(today, MAX_YEARS_AHEAD)} />
      <FileField
        className="sm:col-span-2"
        label="Certificate"
        hint={`A PDF or a photo (JPEG, PNG or WebP) of ${catName}'s certificate from the vet, up to ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`}
        field={fields.document}
        accept={DOCUMENT_ACCEPT}
      />
      <FormError className="sm:col-span-2" id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Uploading..." : "Upload record"}
        </Button>
      </div>
    </Form>
  );
}
