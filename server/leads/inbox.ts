import { type SQL, and, eq, gte, ilike, like, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  type FollowUpKind,
  type InboxLead,
  INBOX_PAGE_SIZE,
  type LeadKind,
  type LeadsQuery,
  leadKinds,
  leadUpdateSchema,
} from "~/features/leads/inbox-schema";
import { businessLocalToUtc, nextBusinessDate } from "~/lib/business-time";
import { csvCell, updateCallback } from "../callback/inbox";
import type { Db } from "../db/client";
import { callMeBackForm, newsletterSignups, voucherRequests } from "../db/schema/index";
import { AppError } from "../http/errors";
import { parseBody } from "../http/validation";

/**
 * The admin leads inbox: callback requests, voucher requests and newsletter sign-ups in one list,
 * newest first. Each kind is a SELECT with the same columns; the filters decide which kinds take
 * part at all (a call outcome only exists on callbacks, a staff status not on sign-ups), and the
 * parts are joined with UNION ALL so paging and the total cover every kind at once.
 * Every caller sits behind the admin guard (pages: requireAdmin, API: /api/admin).
 */

/** LIKE treats %, _ and \ as pattern characters; a search for them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

interface Search {
  /** Pattern for names and e-mail addresses. */
  text: string;
  /** Pattern for phone numbers, when the search looks like (part of) a phone number. */
  digits: string | null;
}

function searchOf(q: string | undefined): Search | null {
  if (!q) return null;
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length > 0 && /^[\d\s()+.-]+$/.test(q);
  return { text: `%${escapeLike(q)}%`, digits: phoneLike ? `%${digits}%` : null };
}

const anyOf = (conditions: (SQL | undefined | false)[]): SQL | undefined => {
  const present = conditions.filter((c): c is SQL => Boolean(c));
  if (present.length === 0) return undefined;
  return sql`(${sql.join(present, sql` or `)})`;
};

/** The ISO instant a timestamp column is shown as, the same on both database drivers. */
const iso = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Filters = Omit<LeadsQuery, "page">;

/** The SELECT for one kind, or null when the filters exclude that kind entirely. */
function partFor(kind: LeadKind, f: Filters): SQL | null {
  if (f.kind && f.kind !== kind) return null;
  if (f.callStatus && kind !== "callback") return null;
  if (f.staffStatus && kind === "newsletter") return null;
  const search = searchOf(f.q);
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
    );
    return sql`select 'callback' as kind, ${t.id}::text as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
      null::text as name, null::text as email, ${t.phoneNumber} as phone,
      ${t.callStatus} as call_status, ${t.callError} as call_error, ${t.callSid} as call_sid,
      ${t.staffStatus} as staff_status, ${t.staffNote} as staff_note, ${t.sourcePage} as source_page,
      ${t.consentText} as consent_text, null::text as unsubscribed_at_iso,
      null::text as voucher_code, null::text as mail_status
      from ${t} ${where ? sql`where ${where}` : sql``}`;
  }

  if (kind === "voucher") {
    const t = voucherRequests;
    const where = and(
      f.staffStatus ? eq(t.staffStatus, f.staffStatus) : undefined,
      search ? anyOf([ilike(t.name, search.text), ilike(t.email, search.text), search.digits ? like(t.phone, search.digits) : undefined]) : undefined,
      from ? gte(t.createdAt, from) : undefined,
      to ? lt(t.createdAt, to) : undefined,
    );
    return sql`select 'voucher' as kind, ${t.id}::text as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
      ${t.name} as name, ${t.email} as email, ${t.phone} as phone,
      null::text as call_status, null::text as call_error, null::text as call_sid,
      ${t.staffStatus} as staff_status, ${t.staffNote} as staff_note, ${t.sourcePage} as source_page,
      ${t.consentText} as consent_text, null::text as unsubscribed_at_iso,
      ${t.voucherCode} as voucher_code, ${t.mailStatus} as mail_status
      from ${t} ${where ? sql`where ${where}` : sql``}`;
  }

  const t = newsletterSignups;
  // A sign-up has only an address.
  if (search?.digits) return null;
  const where = and(
    search ? ilike(t.email, search.text) : undefined,
    from ? gte(t.createdAt, from) : undefined,
    to ? lt(t.createdAt, to) : undefined,
  );
  return sql`select 'newsletter' as kind, ${t.id}::text as id, ${t.createdAt} as created_at, ${iso(t.createdAt)} as created_at_iso,
    null::text as name, ${t.email} as email, null::text as phone,
    null::text as call_status, null::text as call_error, null::text as call_sid,
    null::text as staff_status, null::text as staff_note, ${t.sourcePage} as source_page,
    ${t.consentText} as consent_text, ${iso(t.unsubscribedAt)} as unsubscribed_at_iso,
    null::text as voucher_code, null::text as mail_status
    from ${t} ${where ? sql`where ${where}` : sql``}`;
}

function unionOf(filters: Filters): SQL | null {
  const parts = leadKinds.map((kind) => partFor(kind, filters)).filter((p): p is SQL => p !== null);
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

interface Row {
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
});

/** Both drivers answer `execute` with `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function selectLeads(db: Db, filters: Filters, page?: { limit: number; offset: number }): Promise<InboxLead[]> {
  const union = unionOf(filters);
  if (!union) return [];
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = await rowsOf<Row>(db, sql`select * from (${union}) as leads order by created_at desc, id desc${paging}`);
  return rows.map(toLead);
}

/** One page of the inbox, newest first, and how many leads match in all. */
export async function listLeads(db: Db, query: LeadsQuery, pageSize = INBOX_PAGE_SIZE): Promise<{ leads: InboxLead[]; total: number }> {
  const { page, ...filters } = query;
  const union = unionOf(filters);
  if (!union) return { leads: [], total: 0 };
  const [leads, counted] = await Promise.all([
    selectLeads(db, filters, { limit: pageSize, offset: (page - 1) * pageSize }),
    rowsOf<{ total: number | string }>(db, sql`select count(*)::int as total from (${union}) as leads`),
  ]);
  return { leads, total: Number(counted[0]?.total ?? 0) };
}

/** Sets the staff status and/or note of a callback or voucher request. */
export async function updateLead(db: Db, kind: FollowUpKind, id: string, input: unknown) {
  const update = parseBody(leadUpdateSchema, input);
  if (kind === "callback") return updateCallback(db, id, update);

  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AppError(404, "NOT_FOUND", "This voucher request does not exist.");
  }
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

/**
 * Every lead of one kind matching the filters (not just one page), newest first, as CSV with CRLF
 * line ends; each cell goes through csvCell, so no value can run as a spreadsheet formula.
 */
export async function leadsCsv(db: Db, kind: LeadKind, filters: Omit<Filters, "kind">): Promise<string> {
  const columns = CSV_COLUMNS[kind];
  const leads = await selectLeads(db, { ...filters, kind });
  const lines = [columns.map(([header]) => csvCell(header)).join(",")];
  for (const lead of leads) lines.push(columns.map(([, read]) => csvCell(read(lead))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
