import { getFormProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import { FieldError, Label } from "~/components/ui/input";
import { callbackStaffStatusValues } from "~/features/callback/schema";
import { formatUsPhone } from "~/lib/phone";
import { type InboxLead, callStatusLabels, leadFollowUpForm, leadKindLabels, staffStatusLabels } from "~/features/leads/inbox-schema";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { formatBusinessDate, formatBusinessTime, formatCalendarDayWeekday } from "~/lib/business-time";
import { cn } from "~/lib/cn";

export const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-300";

export function ReceivedAt({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatBusinessDate(date)}, {formatBusinessTime(date)}
    </time>
  );
}

const kindStyles: Record<InboxLead["kind"], string> = {
  callback: "bg-brand-100 text-brand-900",
  voucher: "bg-accent-100 text-accent-700",
  newsletter: "bg-blue-100 text-blue-900",
};

export function KindBadge({ kind }: { kind: InboxLead["kind"] }) {
  return <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap", kindStyles[kind])}>{leadKindLabels[kind]}</span>;
}

/** Who the lead is: name, address and number as staff need them to call or write back. */
export function LeadContact({ lead }: { lead: InboxLead }) {
  return (
    <div className="min-w-0 space-y-0.5">
      {lead.name ? <p className="font-bold break-words">{lead.name}</p> : null}
      {lead.phone ? (
        <p>
          <a href={`tel:${lead.phone}`} className="font-semibold text-brand-800 underline underline-offset-2">
            {formatUsPhone(lead.phone)}
          </a>{" "}
          <span className="font-mono text-sm text-muted">{lead.phone}</span>
        </p>
      ) : null}
      {lead.email ? (
        <p className="break-all">
          <a href={`mailto:${lead.email}`} className="text-brand-800 underline underline-offset-2">
            {lead.email}
          </a>
        </p>
      ) : null}
      {lead.unsubscribedAt ? <p className="text-sm font-semibold text-accent-700">Unsubscribed</p> : null}
    </div>
  );
}

const callStyles: Record<NonNullable<InboxLead["callStatus"]>, string> = {
  pending: "bg-gray-200 text-gray-800",
  calling: "bg-gray-200 text-gray-800",
  placed: "bg-brand-100 text-brand-900",
  simulated: "bg-blue-100 text-blue-900",
  failed: "bg-red-100 text-red-800",
  paused: "bg-accent-100 text-accent-700",
};

/** What happened to the call, or to the voucher e-mail: staff follow up every failed or paused one by hand. */
export function LeadOutcome({ lead }: { lead: InboxLead }) {
  if (lead.kind === "voucher" && lead.voucherMail) {
    const sent = lead.voucherMail === "sent";
    return (
      <div className="space-y-1">
        <span
          className={cn(
            "inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap",
            sent ? "bg-brand-100 text-brand-900" : "bg-red-100 text-red-800",
          )}
        >
          {sent ? "Voucher e-mailed" : "Voucher e-mail failed"}
        </span>
        {lead.voucherCode ? <p className="font-mono text-xs text-muted">{lead.voucherCode}</p> : null}
        {lead.voucherRedeemedStay ? (
          <p className="text-sm">
            {/* Each date kept whole: a narrow column otherwise splits one across two lines. */}
            Redeemed: the stay of <span className="whitespace-nowrap">{formatCalendarDayWeekday(lead.voucherRedeemedStay.checkIn)}</span> –{" "}
            <span className="whitespace-nowrap">{formatCalendarDayWeekday(lead.voucherRedeemedStay.checkOut)}</span>
          </p>
        ) : null}
        {sent ? null : <p className="text-sm text-red-800">Send the code to the customer by hand.</p>}
      </div>
    );
  }
  if (!lead.callStatus) return <span className="text-muted">—</span>;
  return (
    <div className="space-y-1">
      <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap", callStyles[lead.callStatus])}>
        {callStatusLabels[lead.callStatus]}
      </span>
      {lead.callError ? <p className="text-sm break-words text-red-800">{lead.callError}</p> : null}
      {lead.callSid ? <p className="font-mono text-xs break-all text-muted">{lead.callSid}</p> : null}
    </div>
  );
}

/** The staff status and note of a callback or voucher request, saved with one button. */
export function FollowUpEditor({ lead }: { lead: InboxLead }) {
  // The inbox draws each lead twice (a table for wide screens, a list for narrow ones): each copy is its own form.
  const formId = useId();
  const fetcher = useFetcher<FormReply>({ key: formId });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(leadFollowUpForm, {
    id: formId,
    lastResult: fetcher.data?.result,
    defaultValue: { staffStatus: lead.staffStatus ?? "new", staffNote: lead.staffNote ?? "" },
  });
  if (lead.kind === "newsletter") return <span className="text-sm text-muted">Mailing list only</span>;
  const who = lead.name ?? (lead.phone ? formatUsPhone(lead.phone) : (lead.email ?? "this lead"));
  const busy = fetcher.state !== "idle";

  return (
    // Not a named form: a name would make each a landmark, and leads can share a name.
    <fetcher.Form method="post" className="space-y-2" {...getFormProps(form)}>
      <input type="hidden" name="kind" value={lead.kind} />
      <input type="hidden" name="leadId" value={lead.id} />
      <div>
        <Label htmlFor={fields.staffStatus.id}>
          Status<span className="sr-only"> for {who}</span>
        </Label>
        <select {...getSelectProps(fields.staffStatus)} key={fields.staffStatus.key} className={cn(selectClass, "h-10 text-sm")}>
          {callbackStaffStatusValues.map((s) => (
            <option key={s} value={s}>
              {staffStatusLabels[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={fields.staffNote.id}>
          Note<span className="sr-only"> for {who}</span>
        </Label>
        <textarea
          {...getTextareaProps(fields.staffNote, { ariaAttributes: true })}
          key={fields.staffNote.key}
          maxLength={2000}
          rows={2}
          className="w-full rounded-xl border border-brand-200 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-300"
        />
        <FieldError id={fields.staffNote.errorId}>{fields.staffNote.errors?.[0]}</FieldError>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </Button>
    </fetcher.Form>
  );
}
