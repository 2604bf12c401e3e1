import { type SQL, and, asc, desc, eq, sql } from "drizzle-orm";
import { CUSTOMER_APPOINTMENTS_SHOWN, CUSTOMERS_PAGE_SIZE, type CustomerRow, type CustomerSearch, type CustomersQuery } from "~/features/customers/schema";
import type { CustomerMatch } from "~/domain/customer-match";
import { formatUsPhone } from "~/lib/phone";
import { isUuid } from "~/lib/ids";
import type { Db } from "../db/client";
import { type Boundary, beyond, cursorOf, keysetPage } from "../db/keyset";
import { searchPatterns } from "../db/search";
import { appointments, cats, households, users, vaccineRecords } from "../db/schema/index";
import { catPhotoImage, catPhotoVersions } from "../households/photos";
import { isAppointment } from "../appointments/appointments";
import { AppError } from "../http/errors";

/**
 * The admin's Customers (ADR 0123): every household, newest first, searched by the owner's name,
 * the account's e-mail or the mobile number; and one household with its cats, their vaccine
 * records and its bookings. Pages are keyset pages over (created_at, id), the search a trigram
 * search, as the leads inbox does (ADR 0115). Every caller sits behind the admin guard.
 */

const NOT_FOUND = () => new AppError(404, "CUSTOMER_NOT_FOUND", "We couldn't find that customer.");

/**
 * The households a search matches, as a UNION of one search over the households' own columns and
 * one over the accounts' e-mails, so each side is answered by its own trigram index (an OR across
 * the two tables would read one of them whole). A search that looks like a phone number looks at
 * the mobile numbers' digits, not at names; a search with spaces or brackets is no e-mail address.
 * Without a search: every household.
 */
function householdsMatching(q: string | undefined): SQL {
  const search = searchPatterns(q);
  if (!search) return sql`select * from ${households}`;
  const h = households;
  const own = search.digits ? sql`${h.mobilePhone} like ${search.digits}` : sql`${h.name} ilike ${search.text}`;
  const byOwn = sql`select ${h}.* from ${h} where ${own}`;
  if (/[\s()]/.test(q!)) return byOwn;
  return sql`${byOwn} union select ${h}.* from ${h} join ${users} on ${users.id} = ${h.userId} where ${users.email} ilike ${search.text}`;
}

interface Selected {
  household_id: string;
  name: string | null;
  email: string;
  mobile_phone: string | null;
  joined_at: string;
  cursor: string;
  cats: number;
}

async function selectCustomers(db: Db, q: string | undefined, boundary: Boundary, limit: number): Promise<Selected[]> {
  const direction = boundary !== null && "after" in boundary ? sql`asc` : sql`desc`;
  // The account's e-mail is read per row shown, by its key: joining the accounts before the page is
  // cut would read all of them.
  const beyondBoundary = beyond(boundary, sql`h.created_at`, sql`h.id`);
  const result = await db.execute(sql`
    select h.id as household_id, h.name, h.mobile_phone,
      (select ${users.email} from ${users} where ${users.id} = h.user_id) as email,
      to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as joined_at,
      ${cursorOf(sql`h.created_at`, sql`h.id`)} as cursor,
      (select count(*)::int from ${cats} where ${cats.householdId} = h.id and ${cats.archivedAt} is null) as cats
    from (${householdsMatching(q)}) h
    ${beyondBoundary ? sql`where ${beyondBoundary}` : sql``}
    order by h.created_at ${direction}, h.id ${direction} limit ${limit}`);
  return (result as unknown as { rows: Selected[] }).rows;
}

const toRow = (r: Selected): CustomerRow => ({
  householdId: r.household_id,
  name: r.name,
  email: r.email,
  mobilePhone: r.mobile_phone,
  cats: Number(r.cats),
  joinedAt: r.joined_at,
});

/** One page of customers, newest first (a keyset page: `keysetPage`). */
export async function listCustomers(
  db: Db,
  { q, before, after }: CustomersQuery,
  pageSize = CUSTOMERS_PAGE_SIZE,
): Promise<{ customers: CustomerRow[]; newer: string | null; older: string | null }> {
  const { rows, newer, older } = await keysetPage((boundary, limit) => selectCustomers(db, q, boundary, limit), { before, after }, pageSize);
  return { customers: rows.map(toRow), newer, older };
}

/**
 * One household as staff see it: the account, the contact details, every cat (archived ones too)
 * with its vaccine records (current first, then the replaced ones), and the appointments booked
 * for the account's e-mail address, newest first. 404 for an id that is not a household's.
 */
export async function getCustomer(db: Db, householdId: string) {
  if (!isUuid(householdId)) throw NOT_FOUND();
  const [found] = await db
    .select({ household: households, email: users.email, joinedAt: users.createdAt, lastSignInAt: users.lastSignInAt })
    .from(households)
    .innerJoin(users, eq(users.id, households.userId))
    .where(eq(households.id, householdId));
  if (!found) throw NOT_FOUND();
  const householdCats = await db
    .select()
    .from(cats)
    .where(eq(cats.householdId, householdId))
    .orderBy(sql`${cats.archivedAt} is not null`, asc(cats.name), asc(cats.createdAt));
  const records = await db
    .select({
      id: vaccineRecords.id,
      catId: vaccineRecords.catId,
      vaccine: vaccineRecords.vaccine,
      expiresOn: vaccineRecords.expiresOn,
      status: vaccineRecords.status,
      rejectionReason: vaccineRecords.rejectionReason,
      documentName: vaccineRecords.documentName,
      replacedAt: vaccineRecords.replacedAt,
      createdAt: vaccineRecords.createdAt,
    })
    .from(vaccineRecords)
    .innerJoin(cats, eq(cats.id, vaccineRecords.catId))
    .where(eq(cats.householdId, householdId))
    .orderBy(sql`${vaccineRecords.replacedAt} is not null`, asc(vaccineRecords.vaccine), desc(vaccineRecords.createdAt));
  const photos = await catPhotoVersions(
    db,
    householdCats.map((c) => c.id),
  );
  const bookings = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.householdId, householdId), isAppointment))
    .orderBy(desc(appointments.startsAt))
    .limit(CUSTOMER_APPOINTMENTS_SHOWN);
  return {
    household: found.household,
    account: { email: found.email, joinedAt: found.joinedAt, lastSignInAt: found.lastSignInAt },
    cats: householdCats.map((cat) => ({
      ...cat,
      photo: photos.has(cat.id) ? catPhotoImage(cat.id, photos.get(cat.id)!) : null,
      vaccineRecords: records.filter((r) => r.catId === cat.id),
    })),
    appointments: bookings,
  };
}

/**
 * The "find the customer" step of booking for a customer (a stay or a groom): the households the
 * search `q` matches (none without one). The page's loader parsed it (`customerSearchOf`).
 */
export async function findCustomersToBookFor(db: Db, { q }: CustomerSearch): Promise<CustomerMatch[]> {
  if (!q) return [];
  const { customers } = await listCustomers(db, { q });
  return customers.map((c) => ({
    householdId: c.householdId,
    name: c.name,
    email: c.email,
    phone: c.mobilePhone ? formatUsPhone(c.mobilePhone) : null,
    cats: c.cats,
  }));
}
