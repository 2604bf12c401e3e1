import { type SQL, and, eq, gte, ilike, like, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type FollowUpKind,
  type InboxLead,
  INBOX_PAGE_SIZE,
  type LeadKind,
  type LeadsFilters,
  type LeadsQuery,
  type LeadUpdate,
  leadKinds,
} from "~/features/leads/inbox-schema";
import { isUuid } from "~/lib/ids";
import { businessLocalToUtc, nextBusinessDate } from "~/lib/business-time";
import { csvCell, updateCallback } from "../callback/inbox";
import { type Db, rowsOf } from "../db/client";
import { type Boundary, beyond, cursorOf, keysetPage } from "../db/keyset";
import { searchPatterns } from "../db/search";
import { callMeBackForm, newsletterSignups, stays, voucherRequests } from "../db/schema/index";
import { AppError } from "../http/errors";

/**
 * The admin leads inbox: callback requests, voucher requests and newsletter sign-ups in one list,
 * newest first. Each kind is a SELECT with the same columns; the filters decide which kinds take
 * part at all (a call outcome only exists on callbacks, a staff status not on sign-ups), and the
 * parts are joined with UNION ALL so paging covers every kind at once.
 * Pages are keyset pages over (created_at, id) (ADR 0115): each part reads from its created_at index
 * only the rows next to the cursor, so the 4,000th page costs what the first does, and nothing counts
 * the whole union. Search uses the trigram indexes on names, e-mails and phone numbers.
 * Every caller sits behind the admin guard (pages: requireAdmin, API: /api/admin).
 */

const anyOf = (conditions: (SQL | undefined | false)[]): SQL | undefined => {
  const present = conditions.filter((c): c is SQL => Boolean(c));
  if (present.length === 0) return undefined;
  return sql`(${sql.join(present, sql` or `)})`;
};

/** The ISO instant a timestamp column is shown as, the same on both database drivers. */
const iso = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The SELECT for one kind, or null when the filters exclude that kind entirely. */
function partFor(kind: LeadKind, f: LeadsFilters, boundary: Boundary): SQL | null {
  if (f.kind && f.kind !== kind) return null;
  if (f.callStatus && kind !== "callback") return null;
  if (f.staffStatus && kind === "newsletter") return null;
  const search = searchPatterns(f.q);
  const from = f.from ? businessLocalToUtc(f.from, "00:00") : undefined;
  const to = f.to ? businessLocalToUtc(nextBusinessDate(f.to), "00:00") : undefined;

  if (kind === "callback") {
    const t = callMeBackForm;
    // A callback has only a number: a search for a name or an address finds none.
    if (search && !search.digits) return null;
    const where = and(
      f.staffStatus ? eq(t.staffStatus, f.staffStatus) : undefined,
      f.callStatus ? eq(t.callStatus, f.callStatus) : undefined,
      search?.digits ? like(t.phoneNumber, search.digits) : undefined,
      from ? gte(t.createdAt, from) : undefined,
      to ? lt(t.createdAt, to) : undefined,
      beyond(boundary, t.createdAt, t.id),
    );
    return sql`select 'callback' as kind, ${t.id} as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
      null::text as name, null::text as email, ${t.phoneNumber} as phone,
      ${t.callStatus} as call_status, ${t.callError} as call_error, ${t.callSid} as call_sid,
      ${t.staffStatus} as staff_status, ${t.staffNote} as staff_note, ${t.sourcePage} as source_page,
      ${t.consentText} as consent_text, null::text as unsubscribed_at_iso,
      null::text as voucher_code, null::text as mail_status, null::text as redeemed_check_in, null::text as redeemed_check_out
      from ${t} ${where ? sql`where ${where}` : sql``}`;
  }

  if (kind === "voucher") {
    const t = voucherRequests;
    const where = and(
      f.staffStatus ? eq(t.staffStatus, f.staffStatus) : undefined,
      search ? anyOf([ilike(t.name, search.text), ilike(t.email, search.text), search.digits ? like(t.phone, search.digits) : undefined]) : undefined,
      from ? gte(t.createdAt, from) : undefined,
      to ? lt(t.createdAt, to) : undefined,
      beyond(boundary, t.createdAt, t.id),
    );
    return sql`select 'voucher' as kind, ${t.id} as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
      ${t.name} as name, ${t.email} as email, ${t.phone} as phone,
      null::text as call_status, null::text as call_error, null::text as call_sid,
      ${t.staffStatus} as staff_status, ${t.staffNote} as staff_note, ${t.sourcePage} as source_page,
      ${t.consentText} as consent_text, null::text as unsubscribed_at_iso,
      ${t.voucherCode} as voucher_code, ${t.mailStatus} as mail_status,
      ${stays.checkIn}::text as redeemed_check_in, ${stays.checkOut}::text as redeemed_check_out
      from ${t} left join ${stays} on ${stays.id} = ${t.redeemedStayId} and ${stays.status} not in ('cancelled','declined','expired')
      ${where ? sql`where ${where}` : sql``}`;
  }

  const t = newsletterSignups;
  // A sign-up has only an address.
  if (search?.digits) return null;
  const where = and(
    search ? ilike(t.email, search.text) : undefined,
    from ? gte(t.createdAt, from) : undefined,
    to ? lt(t.createdAt, to) : undefined,
    beyond(boundary, t.createdAt, t.id),
  );
  return sql`select 'newsletter' as kind, ${t.id} as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
    null::text as name, ${t.email} as email, null::text as phone,
    null::text as call_status, null::text as call_error, null::text as call_sid,
    null::text as staff_status, null::text as staff_note, ${t.sourcePage} as source_page,
    ${t.consentText} as consent_text, ${iso(t.unsubscribedAt)} as unsubscribed_at_iso,
    null::text as voucher_code, null::text as mail_status, null::text as redeemed_check_in, null::text as redeemed_check_out
    from ${t} ${where ? sql`where ${where}` : sql``}`;
}

/**
 * The kinds' SELECTs joined, each already sorted and cut to `limit` rows: so each reads only the rows
 * next to the boundary from its own index, and the outer sort merges a few dozen rows, however deep
 * the page (the planner does not push an outer LIMIT through UNION ALL by itself).
 */
function unionOf(filters: LeadsFilters, boundary: Boundary, direction: SQL, limit: number): SQL | null {
  const parts = leadKinds.map((kind) => partFor(kind, filters, boundary)).filter((p): p is SQL => p !== null);
  if (!parts.length) return null;
  return sql.join(
    parts.map((part) => sql`(${part} order by created_at ${direction}, id ${direction} limit ${limit})`),
    sql` union all `,
  );
}

interface Row {
  cursor: string;
  kind: LeadKind;
  id: string;
  created_at_iso: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  call_status: InboxLead["callStatus"];
  call_error: string | null;
  call_sid: string | null;
  staff_status: InboxLead["staffStatus"];
  staff_note: string | null;
  source_page: string | null;
  consent_text: string | null;
  unsubscribed_at_iso: string | null;
  voucher_code: string | null;
  mail_status: InboxLead["voucherMail"];
  redeemed_check_in: string | null;
  redeemed_check_out: string | null;
}

const toLead = (r: Row): InboxLead => ({
  kind: r.kind,
  id: r.id,
  createdAt: r.created_at_iso,
  name: r.name,
  email: r.email,
  phone: r.phone,
  callStatus: r.call_status,
  callError: r.call_error,
  callSid: r.call_sid,
  staffStatus: r.staff_status,
  staffNote: r.staff_note,
  sourcePage: r.source_page,
  consentText: r.consent_text,
  unsubscribedAt: r.unsubscribed_at_iso,
  voucherCode: r.voucher_code,
  voucherMail: r.mail_status,
  voucherRedeemedStay: r.redeemed_check_in && r.redeemed_check_out ? { checkIn: r.redeemed_check_in, checkOut: r.redeemed_check_out } : null,
});

/**
 * Up to `limit` leads beyond the boundary, nearest to it first: newest first, except after an
 * `after` boundary, where the oldest newer ones come first. The ids stay uuids (not text), so the
 * order is the one the indexes keep.
 */
async function selectLeads(db: Db, filters: LeadsFilters, boundary: Boundary, limit: number): Promise<Row[]> {
  const direction = boundary && "after" in boundary ? sql`asc` : sql`desc`;
  const union = unionOf(filters, boundary, direction, limit);
  if (!union) return [];
  return rowsOf<Row>(
    db,
    sql`select leads.*, ${cursorOf(sql`leads.created_at`, sql`leads.id`)} as cursor from (${union}) as leads
      order by leads.created_at ${direction}, leads.id ${direction} limit ${limit}`,
  );
}

/** One page of the inbox, newest first (a keyset page: `keysetPage`), in one query. */
export async function listLeads(
  db: Db,
  query: LeadsQuery,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ leads: InboxLead[]; newer: string | null; older: string | null }> {
  const { before, after, ...filters } = query;
  const { rows, newer, older } = await keysetPage((boundary, limit) => selectLeads(db, filters, boundary, limit), { before, after }, pageSize);
  return { leads: rows.map(toLead), newer, older };
}

/** Sets the staff status and/or note of a callback or voucher request. */
export async function updateLead(db: Db, kind: FollowUpKind, id: string, update: LeadUpdate) {
  if (kind === "callback") return updateCallback(db, id, update);
  // A malformed id is no request's: the same 404 as an unknown one, before it reaches the query.
  if (!isUuid(id)) throw new AppError(404, "NOT_FOUND", "This voucher request does not exist.");
  const [row] = await db
    .update(voucherRequests)
    .set({
      ...(update.staffStatus ? { staffStatus: update.staffStatus } : {}),
      ...(update.staffNote !== undefined ? { staffNote: update.staffNote || null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(voucherRequests.id, id))
    .returning({ id: voucherRequests.id, staffStatus: voucherRequests.staffStatus, staffNote: voucherRequests.staffNote });
  if (!row) throw new AppError(404, "NOT_FOUND", "This voucher request does not exist.");
  return row;
}

type Column = readonly [header: string, read: (lead: InboxLead) => string | null];
const CSV_COLUMNS: Record<LeadKind, readonly Column[]> = {
  callback: [
    ["Requested at", (l) => l.createdAt],
    ["Phone", (l) => l.phone],
    ["Call status", (l) => l.callStatus],
    ["Call error", (l) => l.callError],
    ["Call id", (l) => l.callSid],
    ["Staff status", (l) => l.staffStatus],
    ["Note", (l) => l.staffNote],
    ["Source page", (l) => l.sourcePage],
    ["Consent", (l) => l.consentText],
  ],
  voucher: [
    ["Requested at", (l) => l.createdAt],
    ["Name", (l) => l.name],
    ["Email", (l) => l.email],
    ["Phone", (l) => l.phone],
    ["Staff status", (l) => l.staffStatus],
    ["Note", (l) => l.staffNote],
    ["Source page", (l) => l.sourcePage],
    ["Consent", (l) => l.consentText],
  ],
  newsletter: [
    ["Signed up at", (l) => l.createdAt],
    ["Email", (l) => l.email],
    ["Unsubscribed at", (l) => l.unsubscribedAt],
    ["Source page", (l) => l.sourcePage],
    ["Consent", (l) => l.consentText],
  ],
};

/** Rows per query of an export: about 70 KB of CSV at a time, whatever the export's size. */
export const CSV_BATCH_ROWS = 500;

/**
 * Every lead of one kind matching the filters (not just one page), newest first, as CSV with CRLF
 * line ends, in pieces: one keyset batch of rows per query, so memory stays the same however many
 * leads there are, and other requests are served between batches. The first piece (the header
 * line and the first batch) is read before anything is sent, so a failing database is still an
 * ordinary error answer. Each cell goes through csvCell: no value can run as a spreadsheet formula.
 */
export async function* leadsCsv(db: Db, kind: LeadKind, filters: Omit<LeadsFilters, "kind">, batchRows = CSV_BATCH_ROWS): AsyncGenerator<string> {
  const columns = CSV_COLUMNS[kind];
  let piece = `${columns.map(([header]) => csvCell(header)).join(",")}\r\n`;
  let boundary: Boundary = null;
  for (;;) {
    const rows = await selectLeads(db, { ...filters, kind }, boundary, batchRows);
    for (const row of rows) {
      const lead = toLead(row);
      piece += `${columns.map(([, read]) => csvCell(read(lead))).join(",")}\r\n`;
    }
    yield piece;
    if (rows.length < batchRows) return;
    piece = "";
    boundary = { before: rows.at(-1)!.cursor };
    // Requests that arrived meanwhile go first (a page view waits for one batch at most, not the file).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
