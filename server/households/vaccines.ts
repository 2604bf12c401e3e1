import { type SQL, and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TOO_BIG_MESSAGE,
  type DocumentType,
  type RecordStatus,
  VACCINE_LABELS,
  type Vaccine,
  type VaccinePolicy,
  expiryDateProblem,
  recordStatus,
  requiredVaccines,
} from "~/domain/vaccines";
import { businessDate, formatCalendarDayShort } from "~/lib/business-time";
import { loadSiteContent } from "../content/content";
import type { KeysetPageQuery } from "~/lib/keyset-cursor";
import type { Db } from "../db/client";
import { type Boundary, beyond, cursorOf, keysetPage } from "../db/keyset";
import { cats, households, users, vaccineDocuments, vaccineRecords } from "../db/schema/index";
import { AppError } from "../http/errors";
import { checkCertificate } from "./certificates";
import { isUuid } from "~/lib/ids";
import { CAT_NOT_FOUND, getCat } from "./households";
import { householdOf, readableBy } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * Vaccine records (ADR 0120): the customer uploads a certificate with its expiry date, it counts at
 * once as "awaiting review", staff verify or reject it. Every customer-side function reaches a record
 * through the user's own household (404 otherwise, as households.ts does); staff functions are
 * called only behind requireAdmin.
 */

export type VaccineRecord = typeof vaccineRecords.$inferSelect;

const RECORD_NOT_FOUND = () => new AppError(404, "RECORD_NOT_FOUND", "We couldn't find that vaccine record.");

/** A refusal that the form shows under the field it is about, as well as at the top. */
const fieldError = (status: number, code: string, field: string, message: string) => new AppError(status, code, message, { fields: { [field]: message } });

/** A file name safe to repeat in a header and a page: no path, no control or quote characters, at most 100 characters. */
export function cleanFileName(name: string, type: DocumentType): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[^\p{L}\p{N} ._'()-]/gu, "")
    .trim()
    .slice(-100);
  return base || `certificate.${type === "application/pdf" ? "pdf" : type.slice("image/".length)}`;
}

export interface UploadedDocument {
  name: string;
  bytes: Buffer;
}

/**
 * Stores a new record of `vaccine` for one of the household's cats; the current record of that
 * vaccine, if any, becomes history. The date and the file are checked first, so nothing changes
 * when either is refused.
 */
export async function uploadVaccineRecord(
  db: Db,
  userId: string,
  catId: string,
  input: { vaccine: Vaccine; expiresOn: string; document: UploadedDocument },
  now: Date,
): Promise<VaccineRecord> {
  const cat = await getCat(db, userId, catId);
  if (cat.archivedAt) throw new AppError(409, "CAT_ARCHIVED", `${cat.name} is archived and can no longer be changed.`);
  const dateProblem = expiryDateProblem(input.expiresOn, businessDate(now));
  if (dateProblem) throw fieldError(400, "INVALID_EXPIRY_DATE", "expiresOn", dateProblem);
  const { bytes } = input.document;
  if (bytes.length === 0) throw fieldError(400, "DOCUMENT_MISSING", "document", "Choose the certificate file to upload.");
  if (bytes.length > DOCUMENT_MAX_BYTES) throw fieldError(413, "DOCUMENT_TOO_BIG", "document", DOCUMENT_TOO_BIG_MESSAGE);
  // Decoded, not sniffed: an image must decode whole within the photos' pixel limit, a PDF have a PDF's structure.
  const type = await checkCertificate(bytes);

  return inTransaction(db, async (tx) => {
    // Two uploads for the cat at once take turns, so each replaces the one before it.
    await tx.select({ id: cats.id }).from(cats).where(eq(cats.id, cat.id)).for("update");
    await tx
      .update(vaccineRecords)
      .set({ replacedAt: now })
      .where(and(eq(vaccineRecords.catId, cat.id), eq(vaccineRecords.vaccine, input.vaccine), isNull(vaccineRecords.replacedAt)));
    const [record] = await tx
      .insert(vaccineRecords)
      .values({
        catId: cat.id,
        vaccine: input.vaccine,
        expiresOn: input.expiresOn,
        documentType: type,
        documentName: cleanFileName(input.document.name, type),
        documentSize: bytes.length,
        createdAt: now,
      })
      .returning();
    await tx.insert(vaccineDocuments).values({ recordId: record!.id, bytes });
    return record!;
  });
}

/** A current record as the pages show it: its status today included. */
export interface VaccineRecordView {
  id: string;
  catId: string;
  vaccine: Vaccine;
  expiresOn: string;
  status: RecordStatus;
  rejectionReason: string | null;
  documentName: string;
  uploadedAt: Date;
}

const view = (r: VaccineRecord, today: string): VaccineRecordView => ({
  id: r.id,
  catId: r.catId,
  vaccine: r.vaccine,
  expiresOn: r.expiresOn,
  status: recordStatus(r, today),
  rejectionReason: r.rejectionReason,
  documentName: r.documentName,
  uploadedAt: r.createdAt,
});

/** The current record of each vaccine of these cats (callers have checked the cats are the user's). */
async function currentRecords(db: Db, catIds: readonly string[]): Promise<VaccineRecord[]> {
  if (catIds.length === 0) return [];
  return db
    .select()
    .from(vaccineRecords)
    .where(and(inArray(vaccineRecords.catId, [...catIds]), isNull(vaccineRecords.replacedAt)))
    .orderBy(asc(vaccineRecords.catId), asc(vaccineRecords.vaccine));
}

/** The current records of the household's cats, by cat id (for the My Cats list's badges). */
export async function currentRecordsByCat(db: Db, catIds: readonly string[], now: Date): Promise<Map<string, VaccineRecordView[]>> {
  const today = businessDate(now);
  const byCat = new Map<string, VaccineRecordView[]>();
  for (const r of await currentRecords(db, catIds)) byCat.set(r.catId, [...(byCat.get(r.catId) ?? []), view(r, today)]);
  return byCat;
}

/** One of the household's cats' current records, one per vaccine that has one. */
export async function listVaccineRecords(db: Db, userId: string, catId: string, now: Date): Promise<VaccineRecordView[]> {
  const cat = await getCat(db, userId, catId);
  return (await currentRecordsByCat(db, [cat.id], now)).get(cat.id) ?? [];
}

/** The published vaccine policy (ADR 0121): the same value the public Vaccination Requirements box shows. */
export async function vaccinePolicy(db: Db): Promise<VaccinePolicy> {
  return (await loadSiteContent(db)).vaccinePolicy;
}

export type CatCoverage = {
  catId: string;
  catName: string;
  state: "ready" | "awaiting-review" | "not-covered";
  /** Customer-facing sentences, e.g. "FVRCP expires Mar 3, before check-out." or "Rabies record awaiting review." */
  problems: string[];
};

/**
 * Whether each cat's required vaccines cover a stay through `through` (the last day that must be
 * covered: check-out, YYYY-MM-DD). ready: every required vaccine has a verified record expiring on
 * or after `through`; awaiting-review: each has such a record verified or awaiting review, at least
 * one awaiting; not-covered otherwise. A cat that is not the user's answers 404.
 */
export async function vaccineCoverage(db: Db, input: CoverageInput): Promise<CatCoverage[]> {
  return (await catsAndCoverage(db, input)).coverage;
}

interface CoverageInput {
  userId: string;
  catIds: string[];
  through: string;
  now: Date;
  /** What `through` is, in the sentences: "check-out" unless told. */ throughLabel?: string;
}

/** A cat as `catsAndCoverage` reads it: what a booking needs of its profile. */
export type CoveredCat = { id: string; name: string; householdId: string; archivedAt: Date | null; medications: (typeof cats.$inferSelect)["medications"] };

/** The cat's columns `catsAndCoverage` reads, beside each of its current records (`currentRecordOf`). */
export const coveredCatColumns = { id: cats.id, name: cats.name, householdId: cats.householdId, archivedAt: cats.archivedAt, medications: cats.medications };

/** A cat's records that count now (not replaced), as a join condition: one row per record, or one for a cat without any. */
export const currentRecordOf = and(eq(vaccineRecords.catId, cats.id), isNull(vaccineRecords.replacedAt));

/** The ids asked for, refused (404) before any read when one is no id at all. */
export function refuseMalformedCatIds(catIds: readonly string[]): void {
  if (!catIds.every(isUuid)) throw CAT_NOT_FOUND();
}

/**
 * `vaccineCoverage`, with the cats it read (in the order asked, each the user's or a 404): for a
 * caller that needs both, one read of the cats and their current records instead of two. Each cat's
 * profile medications come with it: what a new stay charges medication for (`medicatedCats` without
 * a care plan), so a quote or a booking does not read the cats twice.
 */
export async function catsAndCoverage(db: Db, input: CoverageInput): Promise<{ cats: CoveredCat[]; coverage: CatCoverage[] }> {
  refuseMalformedCatIds(input.catIds);
  const rows =
    input.catIds.length === 0
      ? []
      : await db
          .select({ cat: coveredCatColumns, record: vaccineRecords })
          .from(cats)
          .innerJoin(households, eq(households.id, cats.householdId))
          .leftJoin(vaccineRecords, currentRecordOf)
          .where(and(inArray(cats.id, [...input.catIds]), householdOf(input.userId)));
  // After the cats: in a booking's transaction the reads share one connection.
  return coverageOf(rows, await vaccinePolicy(db), input);
}

/**
 * `catsAndCoverage`'s answer from rows already read (each cat of the household beside each of its
 * current records; a cat or a record may come in several rows, and a row without a cat is none): for
 * a read that carries the cats with more, as a booking's terms do.
 */
export function coverageOf(
  rows: readonly { cat: CoveredCat | null; record: VaccineRecord | null }[],
  policy: VaccinePolicy,
  input: Omit<CoverageInput, "userId">,
): { cats: CoveredCat[]; coverage: CatCoverage[] } {
  const chosen = input.catIds.map((catId) => {
    const cat = rows.find((r) => r.cat?.id === catId)?.cat;
    if (!cat) throw CAT_NOT_FOUND();
    return cat;
  });
  const records = [...new Map(rows.flatMap((r) => (r.record ? [[r.record.id, r.record] as const] : []))).values()];
  const today = businessDate(input.now);
  const coverage = chosen.map((cat): CatCoverage => {
    const problems: string[] = [];
    let awaiting = false;
    for (const vaccine of requiredVaccines(policy)) {
      const label = VACCINE_LABELS[vaccine];
      const record = records.find((r) => r.catId === cat.id && r.vaccine === vaccine);
      if (!record) problems.push(`${label} record needed.`);
      else if (record.status === "rejected") problems.push(`${label} record was not accepted: ${record.rejectionReason}`);
      else if (record.expiresOn < today) problems.push(`${label} expired ${formatCalendarDayShort(record.expiresOn)}.`);
      else if (record.expiresOn < input.through)
        problems.push(`${label} expires ${formatCalendarDayShort(record.expiresOn)}, before ${input.throughLabel ?? "check-out"}.`);
      else if (record.status === "awaiting_review") awaiting = true;
    }
    const state = problems.length > 0 ? "not-covered" : awaiting ? "awaiting-review" : "ready";
    if (state === "awaiting-review")
      for (const vaccine of requiredVaccines(policy))
        if (records.some((r) => r.catId === cat.id && r.vaccine === vaccine && r.status === "awaiting_review"))
          problems.push(`${VACCINE_LABELS[vaccine]} record awaiting review.`);
    return { catId: cat.id, catName: cat.name, state, problems };
  });
  return { cats: chosen, coverage };
}

/** The cat page's upload form with the vaccine chosen: where the mails send the customer (signing in first if needed). */
export const recordUploadUrl = (siteUrl: string, catId: string, vaccine: Vaccine) => `${siteUrl}/cats/${catId}?vaccine=${vaccine}#upload-record`;

// ---- Documents: served only to the household and to admins ----------------------------------------

export interface StoredDocument {
  type: DocumentType;
  name: string;
  bytes: Buffer;
}

/**
 * A record's document for the signed-in user: an admin may read any, a customer only those of the
 * household's cats. Anything else (another household's, a missing one, a bad id) is the same 404.
 */
export async function readVaccineDocument(db: Db, reader: { userId: string; isAdmin: boolean }, recordId: string): Promise<StoredDocument> {
  if (!isUuid(recordId)) throw RECORD_NOT_FOUND();
  const [row] = await db
    .select({ type: vaccineRecords.documentType, name: vaccineRecords.documentName, bytes: vaccineDocuments.bytes })
    .from(vaccineRecords)
    .innerJoin(vaccineDocuments, eq(vaccineDocuments.recordId, vaccineRecords.id))
    .innerJoin(cats, eq(cats.id, vaccineRecords.catId))
    .where(and(eq(vaccineRecords.id, recordId), readableBy(cats.householdId, { userId: reader.userId, seesEveryHousehold: reader.isAdmin })));
  if (!row) throw RECORD_NOT_FOUND();
  return { type: row.type, name: row.name, bytes: row.bytes };
}

// ---- Staff review ------------------------------------------------------------------------------

export interface QueuedRecord {
  id: string;
  vaccine: Vaccine;
  expiresOn: string;
  documentType: DocumentType;
  documentName: string;
  uploadedAt: Date;
  catId: string;
  catName: string;
  householdName: string | null;
  email: string;
}

/** Records with the fields asked for and their cat and owner (for staff and the mails), to be filtered by the caller. */
export function recordsWithOwner<T extends Record<string, PgColumn | SQL>>(db: Db, fields: T) {
  return db
    .select({ ...fields, catId: cats.id, catName: cats.name, householdName: households.name, email: users.email })
    .from(vaccineRecords)
    .innerJoin(cats, eq(cats.id, vaccineRecords.catId))
    .innerJoin(households, eq(households.id, cats.householdId))
    .innerJoin(users, eq(users.id, households.userId));
}

/** Records a page of the Documents queue shows. */
export const REVIEW_PAGE_SIZE = 50;

/** A current record awaiting review: the Documents queue's rows, and the count above it. */
const awaitingReview = () => and(eq(vaccineRecords.status, "awaiting_review"), isNull(vaccineRecords.replacedAt));

export interface ReviewQueuePage {
  records: QueuedRecord[];
  /** How many records await review in all, on every page. */
  total: number;
  /** The cursors of the pages of earlier and of later uploads (`before` and `after`); null where there is none. */
  earlier: string | null;
  later: string | null;
}

/**
 * One page of the Documents queue, oldest upload first, and how many records await review in all.
 * Keyset pages over (created_at, id) (ADR 0115): `after` (a page's `later`) opens the uploads after
 * it, `before` (a page's `earlier`) those before it, as `keysetPageQuerySchema` parsed them.
 * The queue's order is the reverse of `keysetPage`'s newest first, so its boundaries are mirrored.
 */
export async function reviewQueuePage(db: Db, { before, after }: KeysetPageQuery = {}, pageSize = REVIEW_PAGE_SIZE): Promise<ReviewQueuePage> {
  const at = vaccineRecords.createdAt;
  const id = vaccineRecords.id;
  /** Up to `limit` records beyond the boundary, nearest to it first; keysetPage's "older" are the later uploads here. */
  const select = async (boundary: Boundary, limit: number) => {
    const back = boundary !== null && "after" in boundary;
    const mirrored: Boundary = boundary === null ? null : "before" in boundary ? { after: boundary.before } : { before: boundary.after };
    return await recordsWithOwner(db, {
      id,
      vaccine: vaccineRecords.vaccine,
      expiresOn: vaccineRecords.expiresOn,
      documentType: vaccineRecords.documentType,
      documentName: vaccineRecords.documentName,
      uploadedAt: at,
      cursor: cursorOf(at, id).mapWith(String),
    })
      .where(and(awaitingReview(), beyond(mirrored, at, id)))
      .orderBy(...(back ? [desc(at), desc(id)] : [asc(at), asc(id)]))
      .limit(limit);
  };
  const [page, [counted]] = await Promise.all([
    keysetPage(select, { before: after, after: before }, pageSize),
    db.select({ total: count() }).from(vaccineRecords).where(awaitingReview()),
  ]);
  return {
    records: page.rows,
    total: counted?.total ?? 0,
    earlier: page.newer,
    later: page.older,
  };
}

/** A record that was reviewed, with what the customer's mail needs. */
export interface ReviewedRecord {
  record: VaccineRecord;
  catName: string;
  email: string;
  householdName: string | null;
}

/**
 * Staff decide on a current record awaiting review. A record that was replaced or already decided
 * meanwhile (another admin, a new upload) is refused with 409, so no decision lands on the wrong one.
 */
async function decide(
  db: Db,
  recordId: string,
  change: { status: "verified"; expiresOn: string } | { status: "rejected"; rejectionReason: string },
  reviewer: string,
  now: Date,
): Promise<ReviewedRecord> {
  if (!isUuid(recordId)) throw RECORD_NOT_FOUND();
  const [record] = await db
    .update(vaccineRecords)
    .set({ ...change, reviewedBy: reviewer, reviewedAt: now })
    .where(and(eq(vaccineRecords.id, recordId), eq(vaccineRecords.status, "awaiting_review"), isNull(vaccineRecords.replacedAt)))
    .returning();
  if (!record) {
    const [exists] = await db.select({ id: vaccineRecords.id }).from(vaccineRecords).where(eq(vaccineRecords.id, recordId));
    if (!exists) throw RECORD_NOT_FOUND();
    throw new AppError(409, "RECORD_ALREADY_REVIEWED", "This record was already reviewed or replaced by a newer upload. Reload the queue.");
  }
  const [owner] = await db
    .select({ catName: cats.name, email: users.email, householdName: households.name })
    .from(cats)
    .innerJoin(households, eq(households.id, cats.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(cats.id, record.catId));
  return { record, ...owner! };
}

/** Verifies a record, with the expiry date as staff read it off the document (they may correct it). */
export async function verifyVaccineRecord(db: Db, recordId: string, input: { expiresOn: string }, reviewer: string, now: Date): Promise<ReviewedRecord> {
  const [current] = isUuid(recordId)
    ? await db.select({ expiresOn: vaccineRecords.expiresOn }).from(vaccineRecords).where(eq(vaccineRecords.id, recordId))
    : [];
  // A date staff did not change stays as the customer gave it, even if that day has since passed.
  if (current && input.expiresOn !== current.expiresOn) {
    const problem = expiryDateProblem(input.expiresOn, businessDate(now));
    if (problem) throw fieldError(400, "INVALID_EXPIRY_DATE", "expiresOn", problem);
  }
  return decide(db, recordId, { status: "verified", expiresOn: input.expiresOn }, reviewer, now);
}

/** Rejects a record with the reason the customer will read. */
export async function rejectVaccineRecord(db: Db, recordId: string, input: { reason: string }, reviewer: string, now: Date): Promise<ReviewedRecord> {
  const reason = input.reason.trim();
  if (!reason) throw fieldError(400, "REASON_REQUIRED", "reason", "Tell the customer why the record can't be accepted.");
  return decide(db, recordId, { status: "rejected", rejectionReason: reason }, reviewer, now);
}

/** Every record of one of the household's cats, newest first, replaced ones included. */
export async function vaccineRecordHistory(db: Db, userId: string, catId: string): Promise<VaccineRecord[]> {
  const cat = await getCat(db, userId, catId);
  return db.select().from(vaccineRecords).where(eq(vaccineRecords.catId, cat.id)).orderBy(desc(vaccineRecords.createdAt));
}
