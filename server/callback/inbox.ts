import { and, count, desc, eq, gte, like, lt, type SQL, sql } from "drizzle-orm";
import type { CallbackListQuery, CallbackUpdate } from "~/features/callback/schema";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { callMeBackForm } from "../db/schema/index";
import { AppError } from "../http/errors";

/**
 * The admin inbox's queries for callback leads. Not routed yet: the routes must sit behind the
 * admin guard, and every one of them must call it.
 */

/** What staff see of a lead: no IP hash, no user agent. */
const leadColumns = {
  id: callMeBackForm.id,
  phoneNumber: callMeBackForm.phoneNumber,
  sourcePage: callMeBackForm.sourcePage,
  consentText: callMeBackForm.consentText,
  callStatus: callMeBackForm.callStatus,
  callSid: callMeBackForm.callSid,
  callError: callMeBackForm.callError,
  staffStatus: callMeBackForm.staffStatus,
  staffNote: callMeBackForm.staffNote,
  createdAt: callMeBackForm.createdAt,
  updatedAt: callMeBackForm.updatedAt,
};
export type CallbackLead = {
  [K in keyof typeof leadColumns]: (typeof callMeBackForm.$inferSelect)[K];
};

function filters(query: Omit<CallbackListQuery, "limit" | "offset">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.staffStatus) conditions.push(eq(callMeBackForm.staffStatus, query.staffStatus));
  if (query.callStatus) conditions.push(eq(callMeBackForm.callStatus, query.callStatus));
  // Only digits reach the pattern, so there is nothing to escape.
  if (query.phone) conditions.push(like(callMeBackForm.phoneNumber, `%${query.phone}%`));
  if (query.from) conditions.push(gte(callMeBackForm.createdAt, query.from));
  if (query.to) conditions.push(lt(callMeBackForm.createdAt, query.to));
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, with the total for paging. */
export async function listCallbacks(db: Db, query: CallbackListQuery): Promise<{ leads: CallbackLead[]; total: number }> {
  const where = filters(query);
  const leads = await db
    .select(leadColumns)
    .from(callMeBackForm)
    .where(where)
    .orderBy(desc(callMeBackForm.createdAt), desc(callMeBackForm.id))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(callMeBackForm).where(where);
  return { leads, total: totals?.total ?? 0 };
}

export async function updateCallback(db: Db, id: string, { staffStatus, staffNote }: CallbackUpdate): Promise<CallbackLead> {
  // A malformed id is no request's: the same 404 as an unknown one, before it reaches the query.
  if (!isUuid(id)) throw new AppError(404, "NOT_FOUND", "This callback request does not exist.");
  const [row] = await db
    .update(callMeBackForm)
    .set({
      ...(staffStatus ? { staffStatus } : {}),
      ...(staffNote !== undefined ? { staffNote: staffNote || null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(callMeBackForm.id, id))
    .returning(leadColumns);
  if (!row) throw new AppError(404, "NOT_FOUND", "This callback request does not exist.");
  return row;
}

/**
 * A spreadsheet cell: quoted, and a leading =, +, -, @, tab or carriage return is neutralised with an
 * apostrophe so a spreadsheet never runs it as a formula (phone numbers begin with +).
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS = [
  ["Requested at", (l: CallbackLead) => l.createdAt.toISOString()],
  ["Phone", (l: CallbackLead) => l.phoneNumber],
  ["Call status", (l: CallbackLead) => l.callStatus],
  ["Call error", (l: CallbackLead) => l.callError],
  ["Call id", (l: CallbackLead) => l.callSid],
  ["Staff status", (l: CallbackLead) => l.staffStatus],
  ["Note", (l: CallbackLead) => l.staffNote],
  ["Source page", (l: CallbackLead) => l.sourcePage],
  ["Consent", (l: CallbackLead) => l.consentText],
] as const;

/** Every lead matching the filters (not just one page), newest first, as CSV with CRLF line ends. */
export async function callbacksCsv(db: Db, query: Omit<CallbackListQuery, "limit" | "offset">): Promise<string> {
  const leads = await db.select(leadColumns).from(callMeBackForm).where(filters(query)).orderBy(desc(callMeBackForm.createdAt), desc(callMeBackForm.id));
  const lines = [CSV_COLUMNS.map(([header]) => csvCell(header)).join(",")];
  for (const lead of leads) lines.push(CSV_COLUMNS.map(([, read]) => csvCell(read(lead))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
