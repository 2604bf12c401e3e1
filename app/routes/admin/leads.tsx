import { Form, Link } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { formDataOf, submitForm } from "@server/http/form-action";
import { listLeads, updateLead } from "@server/leads/inbox";
import { twilioConfigured } from "@server/telephony/telephony";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { LeadOutcome, FollowUpEditor, KindBadge, LeadContact, ReceivedAt, selectClass } from "~/features/admin/leads/lead-parts";
import { callbackCallStatusValues, callbackStaffStatusValues } from "~/features/callback/schema";
import {
  type LeadsQuery,
  callStatusLabels,
  leadKindLabels,
  leadFollowUpForm,
  leadKinds,
  leadsQuerySchema,
  staffStatusLabels,
} from "~/features/leads/inbox-schema";
import { ActionNotice } from "~/components/action-notice";
import { KeysetPager } from "~/components/keyset-pager";
import { formatBusinessDate } from "~/lib/business-time";
import type { Route } from "./+types/leads";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Leads inbox");

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "customers");
  return submitForm(await formDataOf(request), leadFollowUpForm, async ({ kind, leadId, staffStatus, staffNote }) => {
    await updateLead(context.db, kind, leadId, { staffStatus, staffNote });
    context.logger.info({ admin: admin.user.id, kind, leadId }, "lead updated");
    return { kind: "success", title: "Lead updated", description: staffStatusLabels[staffStatus] };
  });
});

const FILTER_KEYS = ["kind", "staffStatus", "callStatus", "q", "from", "to"] as const;

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "customers");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = leadsQuerySchema.safeParse(params);
  // A hand-edited address with a bad filter shows everything and says so, rather than an error page.
  const query: LeadsQuery = parsed.success ? parsed.data : leadsQuerySchema.parse({});
  const { leads, newer, older } = await listLeads(context.db, query);
  return {
    leads,
    newer,
    older,
    query,
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "These filters are not valid."),
    callsSimulated: !twilioConfigured(context.env),
  };
});

/** The current filters as a query string, with `extra` on top (a page's cursor, the export's kind). */
function searchWith(query: LeadsQuery, extra: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export default function LeadsInbox({ loaderData }: Route.ComponentProps) {
  const { leads, newer, older, query, filterError, callsSimulated } = loaderData;
  const filtered = FILTER_KEYS.some((key) => query[key]);

  return (
    <div>
      <h1 className="text-3xl">Leads inbox</h1>
      <ActionNotice className="mt-4" />
      <p className="mt-1 text-muted">Callback requests, free-night voucher requests and newsletter signups, newest first.</p>

      {callsSimulated ? (
        <div
          role="note"
          aria-label="Calls are simulated"
          className="mt-4 rounded-[var(--radius-card)] border-2 border-accent-500 bg-accent-100 p-4 text-brand-950"
        >
          <p className="font-bold">Calls are simulated</p>
          <p className="text-sm">
            Twilio is not configured, so callback requests are stored but no phone rings. Call these people back yourself, and add the Twilio settings to place
            calls automatically.
          </p>
        </div>
      ) : null}

      <Form method="get" className="mt-6 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]" aria-label="Filter leads">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
          <div className="col-span-2">
            <Label htmlFor="leads-q">Search</Label>
            <Input id="leads-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="Phone, email or name" maxLength={100} />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <Label htmlFor="leads-kind">Type</Label>
            <select id="leads-kind" name="kind" defaultValue={query.kind ?? ""} className={selectClass}>
              <option value="">All types</option>
              {leadKinds.map((k) => (
                <option key={k} value={k}>
                  {leadKindLabels[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <Label htmlFor="leads-status">Status</Label>
            <select id="leads-status" name="staffStatus" defaultValue={query.staffStatus ?? ""} className={selectClass}>
              <option value="">Any status</option>
              {callbackStaffStatusValues.map((s) => (
                <option key={s} value={s}>
                  {staffStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="col-span-2">
            <Label htmlFor="leads-call">Call outcome</Label>
            <select id="leads-call" name="callStatus" defaultValue={query.callStatus ?? ""} className={selectClass}>
              <option value="">Any outcome</option>
              {callbackCallStatusValues.map((s) => (
                <option key={s} value={s}>
                  {callStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Label htmlFor="leads-from">From</Label>
            <Input id="leads-from" name="from" type="date" defaultValue={query.from ?? ""} />
          </div>
          <div>
            <Label htmlFor="leads-to">To</Label>
            <Input id="leads-to" name="to" type="date" defaultValue={query.to ?? ""} />
          </div>
          <div className="col-span-2 flex items-end gap-2 lg:col-span-4">
            <Button type="submit">Apply filters</Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to="/admin/leads">Clear filters</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </Form>
      {filterError ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {filterError} Showing all leads.
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-bold text-brand-900">Export CSV:</span>
        {leadKinds.map((kind) => (
          <a
            key={kind}
            href={`/api/admin/leads/export.csv?${searchWith(query, { kind })}`}
            download
            className="rounded-full border-2 border-brand-700 bg-white px-3 py-1 text-sm font-bold text-brand-800 hover:bg-brand-50"
          >
            {kind === "callback" ? "Callbacks" : kind === "voucher" ? "Vouchers" : "Newsletter"}
          </a>
        ))}
      </div>

      <section className="mt-4" aria-labelledby="leads-results">
        <h2 id="leads-results" className="sr-only">
          Leads
        </h2>
        {leads.length === 0 && !newer ? (
          <div className="rounded-[var(--radius-card)] bg-white p-6 text-center shadow-[var(--shadow-card)]">
            <p className="text-lg font-bold text-brand-900">{filtered ? "No leads match these filters." : "No leads yet."}</p>
            <p className="mt-1 text-muted">
              {filtered
                ? "Try a wider date range or clear the filters."
                : "Callback requests, voucher requests and newsletter signups from the website will appear here."}
            </p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              <PageSummary leads={leads} />
            </p>

            {/* Mobile: one card per lead. */}
            <ul className="space-y-3 md:hidden">
              {leads.map((lead) => (
                <li key={`${lead.kind}-${lead.id}`} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <KindBadge kind={lead.kind} />
                    <span className="text-sm text-muted">
                      <ReceivedAt iso={lead.createdAt} />
                    </span>
                  </div>
                  <div className="mt-3">
                    <LeadContact lead={lead} />
                  </div>
                  {lead.callStatus || lead.voucherMail ? (
                    <div className="mt-3">
                      <LeadOutcome lead={lead} />
                    </div>
                  ) : null}
                  <div className="mt-3 border-t border-brand-100 pt-3">
                    <FollowUpEditor lead={lead} />
                  </div>
                </li>
              ))}
            </ul>

            {/* Desktop: a table. */}
            <div className="hidden overflow-x-auto rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] md:block">
              <table className="w-full text-left align-top">
                <caption className="sr-only">Leads, newest first</caption>
                <thead className="border-b border-brand-100 bg-brand-50 text-sm text-brand-900">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Received
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Type
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Contact
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Outcome
                    </th>
                    <th scope="col" className="w-64 px-4 py-3">
                      Follow-up
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {leads.map((lead) => (
                    <tr key={`${lead.kind}-${lead.id}`} className="border-b border-brand-100 align-top last:border-0">
                      <td className="px-4 py-3 text-sm">
                        <ReceivedAt iso={lead.createdAt} />
                      </td>
                      <td className="px-4 py-3">
                        <KindBadge kind={lead.kind} />
                      </td>
                      <td className="px-4 py-3">
                        <LeadContact lead={lead} />
                      </td>
                      <td className="px-4 py-3">
                        <LeadOutcome lead={lead} />
                      </td>
                      <td className="px-4 py-3">
                        <FollowUpEditor lead={lead} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            <KeysetPager
              newer={newer ? { href: `?${searchWith(query, { after: newer })}`, label: "Newer leads" } : null}
              older={older ? { href: `?${searchWith(query, { before: older })}`, label: "Older leads" } : null}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** What the page shows: how many leads, received between which days (no total: nothing counts them all). */
function PageSummary({ leads }: { leads: { createdAt: string }[] }) {
  if (leads.length === 0) return "No older leads.";
  const days = [leads.at(-1)!, leads[0]!].map((lead) => formatBusinessDate(new Date(lead.createdAt)));
  const span = days[0] === days[1] ? days[0] : `${days[0]} – ${days[1]}`;
  return `Showing ${leads.length} ${leads.length === 1 ? "lead" : "leads"} received ${span}`;
}
