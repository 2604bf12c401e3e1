import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import { type Database, openDatabase } from "./client";
import { constraintOf } from "./sql-state";
import { listCustomerAppointments } from "../appointments/appointments";
import { catsBookedTwice } from "../stays/staff";
import { listHouseholdStays } from "../stays/views";
import { createEmptyPostgresDatabase, newPgliteCluster, testDatabaseKind } from "../testing/test-database";

/**
 * A database that a deployed release migrated with the first migration only, holding a lead of each
 * kind, is opened by today's code: the later migrations apply and every row is kept (migrations are
 * additive).
 */
const FIRST_RELEASE_SQL = `
  insert into call_me_back_form (phone_number, source_page, consent_text, ip_hash, user_agent) values ('+19492490188', '/', 'consent', 'hash', 'old release');
  insert into voucher_requests (name, email, phone, consent_text, consented_at, source_page) values ('Old Lead', 'old@example.com', '+19492497788', 'consent', now(), '/');
`;

/** The drizzle folder as a release shipped it: the first `count` migrations and their journal entries. */
function releaseMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-release-"));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) fs.copyFileSync(path.resolve(`drizzle/${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const firstReleaseMigrations = () => releaseMigrations(1);

/** Opens a database that a release migrated with its first `count` migrations and then ran `seed` on, with today's code. */
async function upgradedFrom(count: number, seed: string, check: (database: Database) => Promise<void>) {
  if (testDatabaseKind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-pglite-"));
    try {
      const old = await PGlite.create(dataDir, { loadDataDir: newPgliteCluster(), extensions: { btree_gist, pg_trgm } });
      await migratePglite(drizzlePglite(old), { migrationsFolder: releaseMigrations(count) });
      await old.exec(seed);
      await old.close();
      const database = await openDatabase({ dataDir });
      try {
        await check(database);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const empty = await createEmptyPostgresDatabase("test_upgrade");
  try {
    const old = new pg.Client({ connectionString: empty.url });
    await old.connect();
    await migratePg(drizzlePg(old), { migrationsFolder: releaseMigrations(count) });
    await old.query(seed);
    await old.end();
    const database = await openDatabase({ url: empty.url, poolSize: 2 });
    try {
      await check(database);
    } finally {
      await database.close();
    }
  } finally {
    await empty.drop();
  }
}

async function expectRowsKept(database: Database) {
  const { rows: callbacks } = (await database.db.execute("select phone_number, call_status from call_me_back_form")) as unknown as {
    rows: { phone_number: string; call_status: string }[];
  };
  const { rows: vouchers } = (await database.db.execute("select email, voucher_code, mail_status from voucher_requests")) as unknown as {
    rows: { email: string; voucher_code: string | null; mail_status: string | null }[];
  };
  expect(callbacks).toEqual([{ phone_number: "+19492490188", call_status: "pending" }]);
  // Columns added later are empty for rows from before them.
  expect(vouchers).toEqual([{ email: "old@example.com", voucher_code: null, mail_status: null }]);
}

// An on-disk database from a new cluster and every migration run on it: seconds on a busy machine, so
// the budget is the slow-test one rather than the default.
describe("upgrading a database made by the first release", { timeout: 60_000 }, () => {
  it.skipIf(testDatabaseKind !== "pglite")("embedded: the data folder keeps its rows", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upgrade-pglite-"));
    try {
      const old = await PGlite.create(dataDir, { loadDataDir: newPgliteCluster() });
      await migratePglite(drizzlePglite(old), { migrationsFolder: firstReleaseMigrations() });
      await old.exec(FIRST_RELEASE_SQL);
      await old.close();

      const database = await openDatabase({ dataDir });
      try {
        await expectRowsKept(database);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.skipIf(testDatabaseKind !== "postgres")("PostgreSQL: the database keeps its rows", async () => {
    const empty = await createEmptyPostgresDatabase("test_upgrade");
    try {
      const old = new pg.Client({ connectionString: empty.url });
      await old.connect();
      await migratePg(drizzlePg(old), { migrationsFolder: firstReleaseMigrations() });
      await old.query(FIRST_RELEASE_SQL);
      await old.end();

      const database = await openDatabase({ url: empty.url, poolSize: 2 });
      try {
        await expectRowsKept(database);
      } finally {
        await database.close();
      }
    } finally {
      await empty.drop();
    }
  });
});

/** Calendar days relative to today (the stays ahead, when they were booked behind), so the test never ages. */
const today = businessDate(new Date());
const day = (offset: number) => addBusinessDays(today, offset);
const [stayIn, stayOut, laterIn, laterOut] = [day(100), day(103), day(101), day(104)];
const [booked1, booked2, booked3, released] = [day(-4), day(-3), day(-2), day(-1)];

/**
 * Miso, booked twice for a night by the bug migration 0012 closes (a stay in Cozy 1 and a later one in
 * Cozy 2), and a cancelled third stay over the same nights; Tofu, booked once.
 */
const CAT_BOOKED_TWICE_SQL = `
  insert into users (id, email) values ('00000000-0000-4000-8000-000000000001', 'twice@example.com');
  insert into households (id, user_id, name) values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Ana Ruiz');
  insert into cats (id, household_id, name, sex) values
    ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000002', 'Miso', 'female'),
    ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-000000000002', 'Tofu', 'male');
  insert into stays (id, household_id, status, check_in, check_out, total_cents, price_lines, cancellation_tiers, created_at) values
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000002', 'confirmed', '${stayIn}', '${stayOut}', 13500, '[]', '[]', '${booked1}'),
    ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000002', 'confirmed', '${laterIn}', '${laterOut}', 13500, '[]', '[]', '${booked2}'),
    ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000002', 'cancelled', '${stayIn}', '${stayOut}', 13500, '[]', '[]', '${booked3}');
  insert into stay_suites (id, stay_id, suite_id, suite_type_id, check_in, check_out, released_at)
    select v.id::uuid, v.stay_id::uuid, s.id, s.suite_type_id, v.check_in::date, v.check_out::date, v.released_at::timestamptz
    from (values
      ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000a1', 'Cozy 1', '${stayIn}', '${stayOut}', null),
      ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000a2', 'Cozy 2', '${laterIn}', '${laterOut}', null),
      ('00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-0000000000a3', 'Cozy 3', '${stayIn}', '${stayOut}', '${released}')
    ) as v(id, stay_id, suite, check_in, check_out, released_at) join suites s on s.name = v.suite;
  insert into stay_cats (stay_id, stay_suite_id, cat_id, cat_name) values
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000c1', 'Miso'),
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000c2', 'Tofu'),
    ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000c1', 'Miso'),
    ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-0000000000c1', 'Miso');
`;

describe("upgrading a database in which a cat was booked twice for a night", { timeout: 60_000 }, () => {
  it("keeps both stays, marks the later one's cat for staff, and refuses any new double booking", async () => {
    await upgradedFrom(12, CAT_BOOKED_TWICE_SQL, async ({ db }) => {
      const rows = async (query: string) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      // No booking was cancelled or changed.
      expect(await rows("select id, status from stays order by created_at")).toEqual([
        { id: "00000000-0000-4000-8000-0000000000a1", status: "confirmed" },
        { id: "00000000-0000-4000-8000-0000000000a2", status: "confirmed" },
        { id: "00000000-0000-4000-8000-0000000000a3", status: "cancelled" },
      ]);
      expect(await rows("select stay_id, cat_name, check_in::text, check_out::text, held, overlap_allowed from stay_cats order by stay_id, cat_name")).toEqual([
        { stay_id: "00000000-0000-4000-8000-0000000000a1", cat_name: "Miso", check_in: stayIn, check_out: stayOut, held: true, overlap_allowed: false },
        { stay_id: "00000000-0000-4000-8000-0000000000a1", cat_name: "Tofu", check_in: stayIn, check_out: stayOut, held: true, overlap_allowed: false },
        { stay_id: "00000000-0000-4000-8000-0000000000a2", cat_name: "Miso", check_in: laterIn, check_out: laterOut, held: true, overlap_allowed: true },
        { stay_id: "00000000-0000-4000-8000-0000000000a3", cat_name: "Miso", check_in: stayIn, check_out: stayOut, held: false, overlap_allowed: false },
      ]);
      // The later stay's log tells staff which stay its cat is also booked in.
      expect(await rows("select stay_id, kind, actor, detail from stay_events")).toEqual([
        {
          stay_id: "00000000-0000-4000-8000-0000000000a2",
          kind: "cat_booked_twice",
          actor: "system:migration",
          detail: { catId: "00000000-0000-4000-8000-0000000000c1", otherStayId: "00000000-0000-4000-8000-0000000000a1" },
        },
      ]);
      // From now on the database refuses a third stay of Tofu (or Miso) on those nights.
      const third = await db
        .execute(
          `insert into stay_cats (stay_id, stay_suite_id, cat_id, cat_name, check_in, check_out)
           values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000c2', 'Tofu', '${laterIn}', '${laterOut}')`,
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(constraintOf(third)).toBe("stay_cats_no_overlap");

      // Admin Stays lists the clash until one of the stays is settled.
      expect(await catsBookedTwice(db)).toEqual([
        {
          catName: "Miso",
          household: "Ana Ruiz",
          stay: { id: "00000000-0000-4000-8000-0000000000a2", checkIn: laterIn, checkOut: laterOut, suiteName: "Cozy 2" },
          other: { id: "00000000-0000-4000-8000-0000000000a1", checkIn: stayIn, checkOut: stayOut, suiteName: "Cozy 1" },
        },
      ]);
      await db.execute("update stay_suites set released_at = now() where id = '00000000-0000-4000-8000-0000000000b1'");
      expect(await catsBookedTwice(db)).toEqual([]);
    });
  });
});

/** An instant at a Los Angeles wall-clock time `offset` days from today, as SQL text. */
const at = (offset: number, time: string) => `'${businessLocalToUtc(day(offset), time).toISOString()}'`;

const KNOWN_USER = "00000000-0000-4000-8000-000000000011";
const KNOWN_HOUSEHOLD = "00000000-0000-4000-8000-000000000012";
const GROOM_USER = "00000000-0000-4000-8000-000000000021";
const GROOM_HOUSEHOLD = "00000000-0000-4000-8000-000000000022";
const appointment = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, "0")}`;

/**
 * What migrations up to 0015 left in `appointments`: staff appointments for an address with no account
 * (typed with capitals) and for an account, a groom booked online, overnight stays staff made in each
 * status (one with a proposed change waiting, one priced, one ending the day it starts), and a deleted
 * account's stay, its address already a placeholder.
 */
const APPOINTMENTS_SQL = `
  insert into users (id, email, email_confirmed_at) values ('${KNOWN_USER}', 'known@example.com', now()), ('${GROOM_USER}', 'groomed@example.com', now());
  insert into households (id, user_id, name) values ('${KNOWN_HOUSEHOLD}', '${KNOWN_USER}', 'Ben Ortiz'), ('${GROOM_HOUSEHOLD}', '${GROOM_USER}', 'Cy Park');
  insert into cats (id, household_id, name, sex) values ('00000000-0000-4000-8000-0000000000d1', '${GROOM_HOUSEHOLD}', 'Pip', 'male');
  insert into groomers (id, name, working_hours, breaks) values ('00000000-0000-4000-8000-0000000000e1', 'Upgrade Groomer', '[[],[],[],[],[],[],[]]', '[[],[],[],[],[],[],[]]');
  insert into appointments (id, customer_email, service_id, cat_names, starts_at, ends_at, status, proposed_starts_at, proposed_ends_at, notes,
      groomer_id, cat_ids, price_cents, created_by, updated_by) values
    ('${appointment(1)}', 'New.Person@Example.com', 'full-grooming', 'Luna', ${at(5, "10:00")}, null, 'Confirmed', null, null, '', null, null, null, 'staff@example.com', 'staff@example.com'),
    ('${appointment(2)}', 'known@example.com', 'bath-and-brush', 'Max', ${at(6, "11:00")}, null, 'Confirmed', null, null, '', null, null, null, 'staff@example.com', 'staff@example.com'),
    ('${appointment(3)}', 'groomed@example.com', 'full-grooming', 'Pip', ${at(7, "09:00")}, ${at(7, "10:30")}, 'Confirmed', null, null, '',
      '00000000-0000-4000-8000-0000000000e1', '["00000000-0000-4000-8000-0000000000d1"]', 9500, 'groomed@example.com', 'groomed@example.com'),
    ('${appointment(4)}', 'new.person@example.com', 'cat-boarding', 'Luna, Sol', ${at(20, "10:30")}, ${at(23, "12:00")}, 'Confirmed', null, null, 'Sol takes a pill at night', null, null, null, 'staff@example.com', 'staff@example.com'),
    ('${appointment(5)}', 'known@example.com', 'long-term-boarding', 'Max', ${at(30, "09:00")}, ${at(40, "17:00")}, 'Pending', ${at(31, "09:00")}, ${at(41, "17:00")}, '', null, null, null, 'staff@example.com', 'known@example.com'),
    ('${appointment(6)}', 'known@example.com', 'cat-boarding', 'Max', ${at(50, "09:00")}, ${at(52, "09:00")}, 'Cancelled', null, null, '', null, null, null, 'staff@example.com', 'staff@example.com'),
    ('${appointment(7)}', 'known@example.com', 'multi-cat-rooms', '', ${at(-10, "09:00")}, ${at(-8, "09:00")}, 'Completed', null, null, '', null, null, 12000, 'staff@example.com', 'staff@example.com'),
    ('${appointment(8)}', 'known@example.com', 'cat-boarding', 'Max', ${at(60, "08:00")}, ${at(60, "18:00")}, 'Confirmed', null, null, '', null, null, null, 'staff@example.com', 'staff@example.com'),
    ('${appointment(9)}', 'deleted-0123456789ab@deleted.invalid', 'cat-boarding', '', ${at(-30, "09:00")}, ${at(-28, "09:00")}, 'Completed', null, null, '', null, null, null, 'staff@example.com', 'deleted-0123456789ab@deleted.invalid');
`;

describe("upgrading a database whose appointments belonged to an e-mail address", { timeout: 60_000 }, () => {
  it("attaches every appointment to its address's household and carries each overnight stay staff made into a stay", async () => {
    await upgradedFrom(16, APPOINTMENTS_SQL, async ({ db }) => {
      const rows = async (query: string) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      // The address with no account has one now, as sign-in would make it, and a household.
      const [newPerson] = await rows(
        "select u.id, u.email, u.email_confirmed_at, h.id as household_id from users u join households h on h.user_id = u.id where u.email = 'new.person@example.com'",
      );
      expect(newPerson).toMatchObject({ email: "new.person@example.com", email_confirmed_at: null });
      expect(await rows("select email from users where email like '%deleted.invalid' or email like 'New.%'")).toEqual([]);

      // Every row is kept as it was, and belongs to its address's household.
      const kept = await rows(
        "select id, customer_email, status, household_id, proposed_starts_at is not null as proposed, stay_id is not null as carried from appointments order by id",
      );
      const carried = (household: unknown) => ({ household_id: household, carried: true });
      expect(kept).toEqual([
        {
          id: appointment(1),
          customer_email: "New.Person@Example.com",
          status: "Confirmed",
          household_id: newPerson!.household_id,
          proposed: false,
          carried: false,
        },
        { id: appointment(2), customer_email: "known@example.com", status: "Confirmed", household_id: KNOWN_HOUSEHOLD, proposed: false, carried: false },
        { id: appointment(3), customer_email: "groomed@example.com", status: "Confirmed", household_id: GROOM_HOUSEHOLD, proposed: false, carried: false },
        { id: appointment(4), customer_email: "new.person@example.com", status: "Confirmed", proposed: false, ...carried(newPerson!.household_id) },
        { id: appointment(5), customer_email: "known@example.com", status: "Pending", proposed: true, ...carried(KNOWN_HOUSEHOLD) },
        { id: appointment(6), customer_email: "known@example.com", status: "Cancelled", proposed: false, ...carried(KNOWN_HOUSEHOLD) },
        { id: appointment(7), customer_email: "known@example.com", status: "Completed", proposed: false, ...carried(KNOWN_HOUSEHOLD) },
        { id: appointment(8), customer_email: "known@example.com", status: "Confirmed", proposed: false, ...carried(KNOWN_HOUSEHOLD) },
        { id: appointment(9), customer_email: "deleted-0123456789ab@deleted.invalid", status: "Completed", proposed: false, ...carried(null) },
      ]);

      // Each overnight one is a stay of the same household, linked both ways.
      const stays = await rows(`
        select a.id as appointment_id, s.household_id, s.status, s.check_in::text, s.check_out::text, s.notes, s.total_cents, s.price_lines, s.cancellation_tiers,
          (select count(*)::int from stay_suites ss where ss.stay_id = s.id) as suites,
          (select e.detail->>'appointmentId' from stay_events e where e.stay_id = s.id and e.kind = 'carried_over' and e.actor = 'migration:0016') as event_of
        from appointments a join stays s on s.id = a.stay_id order by a.id`);
      const stay = (n: number, fields: Record<string, unknown>) => ({
        appointment_id: appointment(n),
        event_of: appointment(n),
        suites: 0,
        total_cents: 0,
        price_lines: [],
        cancellation_tiers: [],
        ...fields,
      });
      expect(stays).toEqual([
        stay(4, {
          household_id: newPerson!.household_id,
          status: "confirmed",
          check_in: day(20),
          check_out: day(23),
          notes: "Booked by staff as Cat Boarding: arrives 10:30 AM, leaves 12:00 PM.\nCats: Luna, Sol\nSol takes a pill at night",
        }),
        // The proposed change waits on the appointment row; the stay keeps the dates staff confirmed.
        stay(5, {
          household_id: KNOWN_HOUSEHOLD,
          status: "confirmed",
          check_in: day(30),
          check_out: day(40),
          notes: expect.stringContaining("Cats: Max") as unknown,
        }),
        stay(6, { household_id: KNOWN_HOUSEHOLD, status: "cancelled", check_in: day(50), check_out: day(52), notes: expect.any(String) as unknown }),
        stay(7, {
          household_id: KNOWN_HOUSEHOLD,
          status: "checked_out",
          check_in: day(-10),
          check_out: day(-8),
          notes: "Booked by staff as Multi-Cat Rooms: arrives 9:00 AM, leaves 9:00 AM.",
          total_cents: 12000,
          price_lines: [{ label: "Multi-Cat Rooms", cents: 12000 }],
          cancellation_tiers: [{ from: today, feeCents: 0 }],
        }),
        // A stay that ends the day it starts still takes a night.
        stay(8, { household_id: KNOWN_HOUSEHOLD, status: "confirmed", check_in: day(60), check_out: day(61), notes: expect.any(String) as unknown }),
        stay(9, { household_id: null, status: "checked_out", check_in: day(-30), check_out: day(-28), notes: expect.any(String) as unknown }),
      ]);

      // My Trips lists them as it lists stays booked online; My Appointments no longer does.
      const trips = await listHouseholdStays(db, KNOWN_USER);
      expect(trips.map((t) => [t.checkIn, t.status])).toEqual([
        [day(60), "confirmed"],
        [day(50), "cancelled"],
        [day(30), "confirmed"],
        [day(-10), "checked_out"],
      ]);
      expect((await listHouseholdStays(db, newPerson!.id as string)).map((t) => t.checkIn)).toEqual([day(20)]);
      const actor = { userId: KNOWN_USER, email: "known@example.com", isAdmin: false } as const;
      const listed = await listCustomerAppointments(db, actor, new Date());
      expect([...listed.upcoming, ...listed.past].map((a) => a.id)).toEqual([appointment(2)]);
    });
  });
});
