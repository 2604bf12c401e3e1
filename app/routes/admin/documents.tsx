import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { type ReviewedRecord, recordUploadUrl, rejectVaccineRecord, reviewQueuePage, verifyVaccineRecord } from "@server/households/vaccines";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { inTransaction } from "@server/db/transaction";
import type { MailMessage } from "@server/mail/mailer";
import { queueMail, sendMailNow } from "@server/mail/queue";
import { recordRejectedMail } from "@server/messages/catalogue";
import { mapRefusals } from "@server/http/refusals";
import { parseBody } from "@server/http/validation";
import { ActionNotice } from "~/components/action-notice";
import { KeysetPager } from "~/components/keyset-pager";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { rejectRecordForm, verifyRecordForm } from "~/features/cats/schema";
import { VACCINE_LABELS, awaitingReviewText } from "~/domain/vaccines";
import type { SiteBusiness } from "~/features/content/site-content";
import { formatBusinessDateTime, formatCalendarDay } from "~/lib/business-time";
import { keysetPageQuerySchema } from "~/lib/keyset-cursor";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/documents";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Vaccine records");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "documents");
  const params = new URL(request.url).searchParams;
  // A page of the queue (50 records), from the oldest upload or beyond a page link's cursor; a malformed cursor answers 400.
  const page = parseBody(keysetPageQuerySchema, { before: params.get("before") ?? undefined, after: params.get("after") ?? undefined });
  const { records, total, earlier, later } = await reviewQueuePage(context.db, page);
  return {
    total,
    earlier,
    later,
    records: records.map((r) => ({
      ...r,
      vaccineLabel: VACCINE_LABELS[r.vaccine],
      uploadedAt: formatBusinessDateTime(r.uploadedAt),
      expiresOnText: formatCalendarDay(r.expiresOn),
      documentUrl: `/vaccine-records/${r.id}/document`,
    })),
  };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "documents");
  const form = await formDataOf(request);
  const reviewer = admin.user.email;
  switch (form.get("intent")) {
    case "verify":
      return submitForm(form, verifyRecordForm, async ({ recordId, expiresOn }) => {
        const { record, catName } = await verifyVaccineRecord(context.db, recordId, { expiresOn }, reviewer, context.clock.now());
        context.logger.info({ recordId, admin: admin.user.id }, "vaccine record verified");
        return { kind: "success", title: `${catName}'s ${VACCINE_LABELS[record.vaccine]} record is verified` };
      });
    case "reject":
      return submitForm(form, rejectRecordForm, async ({ recordId, reason }) => {
        const now = context.clock.now();
        const { business } = await loadSiteContent(context.db, context.logger);
        // The rejection and its mail in one transaction; the mail is sent at once, so staff see whether it went.
        const { reviewed, mail, queued } = await inTransaction(context.db, async (tx) => {
          const reviewed = await rejectVaccineRecord(tx, recordId, { reason }, reviewer, now);
          const mail = rejectionMail(context.env.PUBLIC_SITE_URL, business, reviewed, reason);
          return { reviewed, mail, queued: await queueMail(tx, { dedupeKey: `vaccine-rejected:${reviewed.record.id}`, message: mail, sendNow: true }, now) };
        });
        context.logger.info({ recordId, admin: admin.user.id }, "vaccine record rejected");
        const mailed = queued ? await sendRejection(context, queued, mail, recordId, now) : true;
        const title = `${reviewed.catName}'s ${VACCINE_LABELS[reviewed.record.vaccine]} record is rejected`;
        return mailed
          ? { kind: "success", title, description: `We e-mailed ${reviewed.email} the reason.` }
          : {
              kind: "error",
              title,
              description: `The e-mail to ${reviewed.email} could not be sent yet; it will be tried again, and the customer sees the reason on the cat's page.`,
            };
      });
    default:
      return unknownIntent();
  }
});

/** The customer hears of a rejection by mail, with the reason and the way back to the upload form. */
function rejectionMail(siteUrl: string, business: SiteBusiness, { record, catName, email, householdName }: ReviewedRecord, reason: string): MailMessage {
  return recordRejectedMail({
    to: email,
    name: householdName,
    catName,
    vaccine: record.vaccine,
    reason,
    uploadUrl: recordUploadUrl(siteUrl, record.catId, record.vaccine),
    business,
    siteUrl,
  });
}

/** Sends the queued rejection at once; one that fails stays queued and is retried. */
async function sendRejection(context: Route.ActionArgs["context"], queued: string, mail: MailMessage, recordId: string, now: Date): Promise<boolean> {
  const sent = await sendMailNow(context, queued, mail, now);
  if (!sent.ok) context.logger.error({ err: sent.error, recordId }, "rejection mail not sent yet; the mail queue will retry");
  return sent.ok;
}

type QueueItem = Route.ComponentProps["loaderData"]["records"][number];

export default function AdminDocuments({ loaderData: { records, total, earlier, later } }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-3xl">Vaccine records</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Vaccine records customers uploaded, oldest first. Check each certificate: verify it (correct the expiry date if it was misread) or reject it with a
        reason the customer will read.
      </p>
      <ActionNotice className="mt-4" />
      {total > 0 ? <p className="mt-4 font-semibold">{awaitingReviewText(total, records.length)}</p> : null}
      {total === 0 ? (
        <p className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">No records are awaiting review.</p>
      ) : records.length === 0 ? (
        <p className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">No later records are awaiting review.</p>
      ) : (
        <ol className="mt-6 grid gap-6" aria-label="Records awaiting review">
          {records.map((r) => (
            <QueuedRecordCard key={r.id} record={r} />
          ))}
        </ol>
      )}
      <KeysetPager
        newer={earlier ? { href: `?${new URLSearchParams({ before: earlier })}`, label: "Earlier uploads" } : null}
        older={later ? { href: `?${new URLSearchParams({ after: later })}`, label: "Later uploads" } : null}
      />
    </div>
  );
}

function QueuedRecordCard({ record: r }: { record: QueueItem }) {
  const title = `${r.catName}: ${r.vaccineLabel}`;
  return (
    // On a phone the heading comes first, then the document, then the forms; on a wide screen the
    // document fills the left column beside them.
    <li
      aria-label={title}
      className="grid gap-5 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]"
    >
      <div className="min-w-0 lg:col-start-2 lg:row-start-1">
        <h2 className="text-2xl break-words">{title}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Customer</dt>
          <dd className="break-words">
            {r.householdName ? `${r.householdName} · ` : ""}
            {r.email}
          </dd>
          <dt className="font-semibold">Uploaded</dt>
          <dd>{r.uploadedAt}</dd>
          <dt className="font-semibold">Expiry given</dt>
          <dd>{r.expiresOnText}</dd>
        </dl>
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        {r.documentType === "application/pdf" ? (
          <iframe src={r.documentUrl} title={`${title} certificate`} className="h-[28rem] w-full rounded-xl border border-brand-100 lg:h-[36rem]" />
        ) : (
          <img
            src={r.documentUrl}
            alt={`${title} certificate as uploaded`}
            className="max-h-[36rem] w-full rounded-xl border border-brand-100 object-contain"
          />
        )}
        <a href={r.documentUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Open {r.documentName}
          <span className="sr-only"> in a new tab</span>
        </a>
      </div>
      <div className="min-w-0 lg:col-start-2 lg:row-start-2">
        <VerifyForm record={r} />
        <RejectForm record={r} />
      </div>
    </li>
  );
}

function VerifyForm({ record: r }: { record: QueueItem }) {
  const fetcher = useFetcher<FormReply>({ key: `verify-${r.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(verifyRecordForm, { id: `verify-${r.id}`, lastResult: fetcher.data?.result, defaultValue: { expiresOn: r.expiresOn } });
  return (
    <fetcher.Form method="post" className="grid gap-3 rounded-2xl bg-brand-50 p-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="recordId" value={r.id} />
      <Field
        label={
          <>
            Expiry date on the document
            <span className="sr-only">
              {" "}
              ({r.catName}, {r.vaccineLabel})
            </span>
          </>
        }
        field={fields.expiresOn}
        type="date"
      />
      {form.errors?.[0] ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Verify
        <span className="sr-only">
          {" "}
          {r.catName}'s {r.vaccineLabel} record
        </span>
      </Button>
    </fetcher.Form>
  );
}

function RejectForm({ record: r }: { record: QueueItem }) {
  const fetcher = useFetcher<FormReply>({ key: `reject-${r.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(rejectRecordForm, { id: `reject-${r.id}`, lastResult: fetcher.data?.result });
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-3 rounded-2xl border border-red-200 p-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="recordId" value={r.id} />
      <TextareaField
        label={
          <>
            Reason for rejecting
            <span className="sr-only">
              {" "}
              {r.catName}'s {r.vaccineLabel} record
            </span>
          </>
        }
        field={fields.reason}
        rows={2}
        maxLength={500}
        placeholder="e.g. The certificate is for another cat."
      />
      {form.errors?.[0] ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
        Reject
        <span className="sr-only">
          {" "}
          {r.catName}'s {r.vaccineLabel} record
        </span>
      </Button>
    </fetcher.Form>
  );
}
