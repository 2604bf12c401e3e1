import crypto from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm, householdForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { createSession } from "../auth/sessions";
import type { Database, Db } from "../db/client";
import {
  formSubmissions,
  groomPayments,
  stayBillLines,
  appointmentReminders,
  appointments,
  callMeBackForm,
  incomingTexts,
  textOptOuts,
  textReplies,
  catPhotoVariants,
  groomGuarantees,
  newsletterSignups,
  signIns,
  telephonyEvents,
  userRoles,
  users,
  vaccineDocuments,
  vaccineRecords,
  vaccineReminders,
  mailQueue,
  paymentRefunds,
  payments,
  receipts,
  creditNotes,
  reviewRequests,
  phoneVerifications,
  smsQueue,
  stayAgreementSignatures,
  stayCats,
  stayCheckInReminders,
  stayCheckIns,
  stayEvents,
  stayPickupAttempts,
  stayPickupCodes,
  stayPickupPeople,
  careAlerts,
  careDiarySends,
  stayReleases,
  careEntries,
  catHandovers,
  careIncidents,
  carePhotoVariants,
  doseClaims,
  staySuites,
  stays,
  suites,
  verifications,
  voucherRequests,
  waitlistEntries,
  referralCreditEntries,
} from "../db/schema/index";
import { archiveCat, createCat, saveHousehold } from "../households/households";
import { confirmPhoneCode, sendPhoneCode } from "../households/phone-proof";
import { AppError } from "../http/errors";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createTelephony } from "../telephony/telephony";
import { createTestDatabase } from "../testing/test-database";
import { deleteAccount } from "./erase";
import { exportZip } from "./export";
import { OTHER_TABLES, PERSONAL_TABLES } from "./tables";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const unique = () => crypto.randomBytes(4).toString("hex");
/** A valid, unused-looking mobile number: +1 949 2xx xxxx. */
const freshPhone = () => `+1949${crypto.randomInt(200, 999)}${String(crypto.randomInt(0, 9999)).padStart(4, "0")}`;

const PDF = Buffer.from(`%PDF-1.4\n% a certificate ${unique()}\n%%EOF\n`);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x10, 0, 0, 0]), Buffer.from("WEBPVP8 "), crypto.randomBytes(8)]);

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The database's own tables and their columns (not the schema files): what is really stored. */
async function storedColumns(db: Db): Promise<Map<string, { name: string; type: string }[]>> {
  const rows = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, { name: string; type: string }[]>();
  for (const r of rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), { name: r.column_name, type: r.data_type }]);
  return tables;
}

/** Each seeded customer's receipt takes the next number (they are unique). */
let receiptNumber = 0;

/**
 * A customer with a row in every table that can hold something about them: household, two cats
 * (one archived) with a photo and vaccine records with documents and a reminder, sessions and sign-in
 * requests, appointments with a reminder text, and leads sent with their e-mail and number.
 */
async function seedCustomer(db: Db) {
  const tag = unique();
  const person = {
    email: `privacy-${tag}@example.com`,
    name: `Quillfeather ${tag}`,
    mobile: freshPhone(),
    reminderPhone: freshPhone(),
    /** The mobile the household had when a text about its stay went out. */
    previousMobile: freshPhone(),
    catNames: [`Pumpernickel${tag}`, `Marzipan${tag}`],
    microchip: `985${String(crypto.randomInt(0, 1e9)).padStart(12, "0")}`,
  };
  const [user] = await db.insert(users).values({ email: person.email, lastSignInAt: now }).returning();
  const userId = user!.id;
  const household = await saveHousehold(
    db,
    userId,
    householdForm.parse({
      name: person.name,
      mobilePhone: person.mobile,
      addressLine1: `12 ${tag} Lane`,
      city: "Laguna Niguel",
      state: "CA",
      postalCode: "92677",
      emergencyContactName: `Contact ${tag}`,
      emergencyContactPhone: freshPhone(),
      vetClinic: `Clinic ${tag}`,
      vetPhone: freshPhone(),
    }),
    now,
  );
  const cat = await createCat(
    db,
    userId,
    catForm.parse({
      name: person.catNames[0]!,
      sex: "female",
      spayedNeutered: "yes",
      felvFivStatus: "negative",
      microchip: person.microchip,
      medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am" }],
    }),
    now,
  );
  const archived = await createCat(
    db,
    userId,
    catForm.parse({ name: person.catNames[1]!, sex: "male", spayedNeutered: "unknown", felvFivStatus: "unknown", medications: [] }),
    now,
  );
  await archiveCat(db, userId, archived.id, now);
  await db.insert(catPhotoVariants).values({ catId: cat.id, width: 320, height: 320, bytes: WEBP });
  const [record] = await db
    .insert(vaccineRecords)
    .values({
      catId: cat.id,
      vaccine: "fvrcp",
      expiresOn: addBusinessDays(today, 200),
      documentType: "application/pdf",
      documentName: `${tag}.pdf`,
      documentSize: PDF.length,
    })
    .returning();
  await db.insert(vaccineDocuments).values({ recordId: record!.id, bytes: PDF });
  await db.insert(vaccineReminders).values({ recordId: record!.id, kind: "30-days", sentAt: now });
  await createSession(db, userId, now);
  await db.insert(userRoles).values({ userId, role: "care" });
  await db.insert(signIns).values({ userId, method: "link", signedInAt: now });
  await db.insert(verifications).values({ email: person.email, tokenHash: `t-${tag}`, codeHash: `c-${tag}`, expiresAt: now });
  // The household's appointment (ADR 0146), and one from before appointments had households, found by the address.
  await db.insert(appointments).values({
    customerEmail: person.email,
    serviceId: "bath-and-brush",
    catNames: person.catNames.join(", "),
    startsAt: now,
    notes: `Legacy note for ${person.name}`,
    createdBy: "owner@cathotel.test",
    updatedBy: "owner@cathotel.test",
  });
  const [booking] = await db
    .insert(appointments)
    .values({
      householdId: household.id,
      customerEmail: person.email,
      serviceId: "cat-boarding",
      catNames: person.catNames.join(", "),
      startsAt: now,
      reminderPhone: person.reminderPhone,
      notes: `Call ${person.name} before noon`,
      createdBy: "owner@cathotel.test",
      updatedBy: person.email,
    })
    .returning();
  // A satisfaction guarantee given for it at the desk, with what the customer said (ADR 0166).
  await db.insert(groomGuarantees).values({
    appointmentId: booking!.id,
    amountCents: 2000,
    method: "cash",
    reason: `${person.name} found ${person.catNames[0]}'s nails too short`,
    recordedBy: "staff:owner@cathotel.test",
  });
  // Paid at the desk (ADR 0192).
  await db.insert(groomPayments).values({ appointmentId: booking!.id, amountCents: 4500, method: "card", recordedBy: "staff:owner@cathotel.test" });
  // A form the customer posted, answered with their cat's name (ADR 0179).
  await db.insert(formSubmissions).values({
    key: `form-${tag}`,
    form: "/trips cancel",
    userId,
    outcome: { kind: "success", title: `${person.catNames[0]}'s stay is cancelled` },
    createdAt: now,
  });
  // The mobile is proven (ADR 0140): leads sent from it are the customer's.
  await db.insert(phoneVerifications).values({ id: crypto.randomUUID(), userId, phone: person.mobile, codeHash: `p-${tag}`, expiresAt: now, verifiedAt: now });
  const reminderSid = `SM${tag}`;
  await db.insert(appointmentReminders).values({
    appointmentId: booking!.id,
    kind: "manual",
    phoneNumber: person.reminderPhone,
    message: `${person.catNames[0]} is booked tomorrow`,
    status: "sent",
    sentBy: person.email,
    providerSid: reminderSid,
  });
  // The provider's record of that reminder (the number was typed, not proven: it is found through the reminder).
  await db
    .insert(telephonyEvents)
    .values({ kind: "sms", provider: "simulated", to: person.reminderPhone, from: "+19495550100", body: `${person.catNames[0]} is booked`, sid: reminderSid });
  await db.insert(callMeBackForm).values({ phoneNumber: person.mobile, consentText: "I agree to receive a call." });
  // Texts the customer sent us from the proven mobile, our answer, and a STOP (ADR 0191).
  await db.insert(incomingTexts).values({
    messageSid: `SM${crypto.randomBytes(16).toString("hex")}`,
    fromPhone: person.mobile,
    body: `${person.name} asks how ${person.catNames[0]} is`,
    householdId: household.id,
    senderName: person.name,
    receivedAt: now,
  });
  await db.insert(textReplies).values({
    replyKey: crypto.randomUUID(),
    householdId: household.id,
    toPhone: person.mobile,
    body: `${person.catNames[0]} is purring`,
    sentBy: "desk@cathotel.test",
    createdAt: now,
  });
  await db.insert(textOptOuts).values({ phone: person.mobile, keyword: "STOP", optedOutAt: now });
  await db
    .insert(voucherRequests)
    .values({ name: person.name, email: person.email, phone: person.mobile, consentText: "I agree.", consentedAt: now, sourcePage: "/" });
  await db
    .insert(newsletterSignups)
    .values({ email: person.email, consentText: "I agree.", consentedAt: now, sourcePage: "/", unsubscribeTokenHash: `u-${tag}` });
  // A stay (its suite already released, so seeds never compete for a room), a waitlist entry and its mail.
  const [suite] = await db.select().from(suites).limit(1);
  const stayDates = { checkIn: addBusinessDays(today, 30), checkOut: addBusinessDays(today, 32) };
  const [stay] = await db
    .insert(stays)
    .values({
      householdId: household.id,
      status: "cancelled",
      ...stayDates,
      notes: `Call ${person.name}`,
      totalCents: 13000,
      priceLines: [],
      cancellationTiers: [],
    })
    .returning();
  const [room] = await db
    .insert(staySuites)
    .values({ stayId: stay!.id, suiteId: suite!.id, suiteTypeId: suite!.suiteTypeId, ...stayDates, releasedAt: now })
    .returning();
  await db.insert(stayCats).values({ stayId: stay!.id, staySuiteId: room!.id, catId: cat.id, catName: person.catNames[0], ...stayDates });
  await db.insert(stayEvents).values({ stayId: stay!.id, kind: "booked", actor: `customer:${userId}` });
  // A line the desk added to the bill (ADR 0192).
  await db.insert(stayBillLines).values({ stayId: stay!.id, kind: "vet_bill", description: "Ear drops", cents: 2400, recordedBy: "staff:owner@cathotel.test" });
  // Its online check-in: the care plan, who may collect the cat, the signed agreement and the reminder.
  await db.insert(stayCheckIns).values({
    stayId: stay!.id,
    cats: [
      {
        catId: cat.id,
        catName: person.catNames[0]!,
        food: "Dry food",
        amountPerMeal: "1/4 cup",
        medications: [{ name: "Methimazole", times: "8am", doses: 10 }],
        hidingAndFears: `Hides from ${person.name}'s vacuum`,
        belongings: "A blanket",
      },
    ],
    vetSpendLimitCents: 50000,
    contactName: `Contact ${tag}`,
    contactPhone: person.reminderPhone,
    confirmedAt: now,
  });
  await db.insert(stayPickupPeople).values({ stayId: stay!.id, position: 1, name: `Collector ${tag}`, phone: person.reminderPhone });
  await db.insert(stayAgreementSignatures).values({
    stayId: stay!.id,
    signedName: person.name,
    signedAt: now,
    ipAddress: "203.0.113.7",
    userAgent: "Privacy browser",
    agreementVersion: "0123456789ab",
    agreementSha256: "0".repeat(64),
    agreementText: "Boarding agreement",
  });
  await db.insert(stayCheckInReminders).values({ stayId: stay!.id, sentAt: now });
  // The departure day's pickup code, the release it made, and the provider's record of the code's text
  // (sealed in the queue: found by the code's number and day, ADR 0162).
  const [pickupCode] = await db
    .insert(stayPickupCodes)
    .values({
      id: crypto.randomUUID(),
      stayId: stay!.id,
      day: today,
      person: 1,
      name: `Collector ${tag}`,
      phone: person.reminderPhone,
      codeHash: "0".repeat(64),
      createdAt: now,
      usedAt: now,
    })
    .returning();
  await db.insert(stayReleases).values({
    stayId: stay!.id,
    codeId: pickupCode!.id,
    collectedBy: `Collector ${tag}`,
    staffUserId: crypto.randomUUID(),
    staffEmail: "desk@cathotel.test",
    releasedAt: now,
  });
  // A wrong pickup code entered at the desk that day (ADR 0176).
  await db
    .insert(stayPickupAttempts)
    .values({ stayId: stay!.id, day: today, number: 1, staffUserId: crypto.randomUUID(), staffEmail: "desk@cathotel.test", at: now });
  await db.insert(telephonyEvents).values({
    kind: "sms",
    provider: "simulated",
    to: person.reminderPhone,
    from: "+19495550100",
    body: `Cat Hotel: the pickup code for ${person.catNames[0]} today is 123456. Show it at the desk. Valid today only.`,
    createdAt: now,
  });
  await db.insert(reviewRequests).values({ householdId: household.id, stayId: stay!.id, sentAt: now });
  // The care log staff kept of the cat (a note naming the cat and the owner).
  const [note] = await db
    .insert(careEntries)
    .values({
      stayId: stay!.id,
      catId: cat.id,
      kind: "photo",
      day: today,
      remark: `${person.catNames[0]} purred when ${person.name} called`,
      staffInitials: "ML",
      at: now,
    })
    .returning();
  await db.insert(carePhotoVariants).values({ entryId: note!.id, width: 480, height: 360, bytes: WEBP });
  // The dose it gave, held once (ADR 0188).
  await db.insert(doseClaims).values({ catId: cat.id, medication: "Methimazole", dueAt: now, stayId: stay!.id, entryId: note!.id });
  // An alert staff acknowledged about the cat (ADR 0164).
  await db.insert(careAlerts).values({
    stayId: stay!.id,
    catId: cat.id,
    rule: "no_food_24h",
    key: now.toISOString(),
    urgent: false,
    detail: `${person.catNames[0]} has eaten nothing since check-in`,
    since: now,
    raisedAt: now,
    acknowledgedBy: "ML",
    acknowledgedAt: now,
  });
  // The evening diary the household was sent that day (ADR 0163).
  await db.insert(careDiarySends).values({ householdId: household.id, day: today, sentAt: now });
  // What the desk weighed and counted at check-in (the belongings name the owner).
  await db.insert(catHandovers).values({
    stayId: stay!.id,
    catId: cat.id,
    direction: "arrival",
    weightGrams: 4250,
    doses: [{ medication: "Methimazole", count: 14 }],
    belongings: `${person.name}'s blanket`,
    overrideReason: `${person.name} signed on paper`,
    staffInitials: "ML",
    at: now,
  });
  // An incident recorded during the stay, naming the cat and the owner.
  await db.insert(careIncidents).values({
    stayId: stay!.id,
    catId: cat.id,
    whatHappened: `${person.catNames[0]} hid when ${person.name}'s neighbour's dog barked`,
    happenedAt: now,
    whatWasDone: `Called ${person.name}`,
    vetCalled: false,
    staffInitials: "ML",
    recordedAt: now,
  });
  // Its deposit, paid and given back on cancelling.
  const [payment] = await db
    .insert(payments)
    .values({
      stayId: stay!.id,
      provider: "simulated",
      checkoutSessionId: `sim_cs_${tag}`,
      paymentIntentId: `sim_pi_${tag}`,
      amountCents: 5000,
      status: "paid",
      refundedCents: 5000,
      paidAt: now,
    })
    .returning();
  const [refund] = await db
    .insert(paymentRefunds)
    .values({
      paymentId: payment!.id,
      amountCents: 5000,
      providerRefundId: `sim_re_${tag}`,
      status: "succeeded",
      reason: "cancellation",
      actor: `customer:${userId}`,
    })
    .returning();
  // Its receipt (a business record: kept, nothing personal in it).
  const [receipt] = await db
    .insert(receipts)
    .values({
      number: (receiptNumber += 1),
      stayId: stay!.id,
      figures: { ...stayDates, nights: 2, lines: [], totalCents: 13000, payments: [], balanceDueCents: 0 },
    })
    .returning();
  // The refund's credit note (a business record like the receipt: the names it prints are read when it is made).
  await db.insert(creditNotes).values({
    number: receiptNumber,
    refundId: refund!.id,
    stayId: stay!.id,
    receiptId: receipt!.id,
    figures: {
      ...stayDates,
      amountCents: 5000,
      reason: "cancellation",
      atDesk: false,
      payment: { kind: "deposit", method: "card", amountCents: 5000, reference: null, paidAt: now.toISOString() },
      receiptNumber: receipt!.number,
    },
  });
  await db.insert(waitlistEntries).values({ householdId: household.id, ...stayDates, catIds: [cat.id] });
  // A free night the household earned for a referral (ADR 0153), applied to the stay and returned when it was cancelled.
  const creditId = crypto.randomUUID();
  await db.insert(referralCreditEntries).values([
    { id: creditId, creditId, seq: 1, householdId: household.id, kind: "granted", at: now },
    { creditId, seq: 2, householdId: household.id, kind: "applied", stayId: stay!.id, cents: 6500, at: now },
    { creditId, seq: 3, householdId: household.id, kind: "returned", stayId: stay!.id, cents: 6500, at: now },
  ]);
  await db.insert(mailQueue).values({
    dedupeKey: `stay:${stay!.id}:confirmed:1`,
    toAddress: person.email,
    message: { subject: `${person.catNames[0]}'s stay`, text: person.name, html: "" },
    stayId: stay!.id,
  });
  // Its texts: one sent to the number the household had then (so also a provider record), one queued to today's.
  await db.insert(smsQueue).values({
    dedupeKey: `stay:${stay!.id}:confirmed:1`,
    toPhone: person.previousMobile,
    body: `${person.catNames[0]}'s stay is confirmed`,
    stayId: stay!.id,
    status: "sent",
  });
  await db
    .insert(telephonyEvents)
    .values({ kind: "sms", provider: "simulated", to: person.previousMobile, from: "+19495550100", body: `${person.catNames[0]}'s stay is confirmed` });
  await db
    .insert(smsQueue)
    .values({ dedupeKey: `stay:${stay!.id}:cancelled:2`, toPhone: person.mobile, body: `${person.catNames[0]}'s stay is cancelled`, stayId: stay!.id });
  return { ...person, userId, catId: cat.id, recordId: record!.id, bookingId: booking!.id, stayId: stay!.id };
}

/** The seed makes every customer staff too, so user_roles has a row to export; deletion needs a customer who is not. */
const revokeStaffRole = async (db: Db, userId: string) => db.delete(userRoles).where(eq(userRoles.userId, userId));

describe("the privacy registry", () => {
  it("names every table of the database, as holding customer data or not, and only real tables", async () => {
    const stored = [...(await storedColumns(database.db)).keys()].sort();
    const listed = [...Object.keys(PERSONAL_TABLES), ...Object.keys(OTHER_TABLES)].sort();
    // A new table must be added to PERSONAL_TABLES (exported and erased) or OTHER_TABLES (with the reason).
    expect(listed).toEqual(stored);
  });
});

describe("the privacy export", () => {
  it("holds every stored column of every row about the customer, the files beside the JSON, and nobody else's data", async () => {
    const { db } = database;
    const customer = await seedCustomer(db);
    const bystander = await seedCustomer(db);
    const { fileName, zip } = await exportZip(db, customer.userId, now);
    expect(fileName).toBe(`cat-hotel-data-${today}.zip`);

    const files = unzipSync(zip);
    const text = new TextDecoder().decode(files["data.json"]);
    const data = JSON.parse(text) as { account: string; tables: Record<string, Record<string, unknown>[]>; withheld: Record<string, Record<string, string>> };
    expect(data.account).toBe(customer.email);

    const columns = await storedColumns(db);
    for (const [table, entry] of Object.entries(PERSONAL_TABLES)) {
      const stored = columns.get(table)!.map((c) => c.name);
      const withheld = Object.keys(entry.withheld ?? {});
      expect(stored, `${table}: every withheld column exists`).toEqual(expect.arrayContaining(withheld));
      const rows = data.tables[table] ?? [];
      // An empty table here means the seed above does not fill it yet: add a row for it.
      expect(rows.length, `${table}: the seeded customer has rows`).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort(), `${table}: every stored column`).toEqual(stored.filter((c) => !withheld.includes(c)).sort());
    }
    expect(data.tables.cats!.map((c) => c.name).sort()).toEqual([...customer.catNames].sort());
    expect(data.tables.cats!.find((c) => c.name === customer.catNames[0])).toMatchObject({
      microchip: customer.microchip,
      medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am" }],
    });
    expect(data.tables.households![0]).toMatchObject({ name: customer.name, mobile_phone: customer.mobile });

    // The stored files, byte for byte, named from the cells that held them.
    const document = data.tables.vaccine_documents![0]!.bytes as { file: string };
    expect(document.file).toBe(`files/vaccine_documents/${customer.recordId}.pdf`);
    expect(Buffer.from(files[document.file]!).equals(PDF)).toBe(true);
    const photo = data.tables.cat_photo_variants![0]!.bytes as { file: string };
    expect(photo.file).toBe(`files/cat_photo_variants/${customer.catId}-320.webp`);
    expect(Buffer.from(files[photo.file]!).equals(WEBP)).toBe(true);

    for (const secret of ["t-", "c-", "u-", "p-"]) expect(text).not.toContain(`"${secret}`);
    for (const other of [bystander.email, bystander.name, bystander.mobile, ...bystander.catNames]) expect(text).not.toContain(other);
  });

  it("answers 404 for an account that no longer exists", async () => {
    const error = await exportZip(database.db, crypto.randomUUID(), now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
  });
});

describe("account deletion", () => {
  it("leaves none of the customer's data in any text column of any table, and keeps their appointments without it", async () => {
    const { db } = database;
    const customer = await seedCustomer(db);
    await revokeStaffRole(db, customer.userId);
    const bystander = await seedCustomer(db);

    expect(await deleteAccount(db, customer.userId)).toEqual({ email: customer.email });

    // Every text-like column of every table, read from the database itself so later tables are covered.
    const needles = [
      customer.email,
      customer.name,
      customer.mobile.slice(2),
      customer.reminderPhone.slice(2),
      customer.previousMobile.slice(2),
      ...customer.catNames,
      customer.microchip,
    ];
    const searchable = new Set(["text", "character varying", "character", "json", "jsonb", "ARRAY"]);
    const found: string[] = [];
    for (const [table, columns] of await storedColumns(db)) {
      for (const column of columns.filter((c) => searchable.has(c.type))) {
        for (const needle of needles) {
          const [hit] = await rowsOf<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column.name)}::text ilike ${`%${needle}%`}`,
          );
          if (hit!.n > 0) found.push(`${table}.${column.name} still holds ${needle}`);
        }
      }
    }
    expect(found).toEqual([]);

    // The appointment and its reminder are kept for the business, without the person.
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, customer.bookingId));
    expect(kept).toMatchObject({ serviceId: "cat-boarding", catNames: "", notes: "", reminderPhone: null, createdBy: "owner@cathotel.test" });
    expect(kept!.customerEmail).toMatch(/^deleted-[0-9a-f]{12}@deleted\.invalid$/);
    expect(kept!.updatedBy).toBe(kept!.customerEmail);
    expect(await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, customer.bookingId))).toHaveLength(1);
    expect(await db.select().from(signIns).where(eq(signIns.userId, customer.userId))).toHaveLength(0);
    // The stay stays in the books, for nobody.
    const [stay] = await db.select().from(stays).where(eq(stays.id, customer.stayId));
    expect(stay).toMatchObject({ householdId: null, notes: "", totalCents: 13000 });

    // Nobody else's data went with it.
    const others = await db.select().from(appointments).where(eq(appointments.customerEmail, bystander.email));
    expect(others.map((o) => o.catNames)).toEqual([bystander.catNames.join(", "), bystander.catNames.join(", ")]);
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [bystander.userId])),
    ).toHaveLength(1);
    expect(await db.select().from(voucherRequests).where(eq(voucherRequests.email, bystander.email))).toHaveLength(1);
  });

  it("refuses a staff account, and changes nothing", async () => {
    const { db } = database;
    const staff = await seedCustomer(db);
    const error = await deleteAccount(db, staff.userId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect(await db.select().from(users).where(eq(users.id, staff.userId))).toHaveLength(1);
  });

  it("refuses a team member of any role (ADR 0156, 0185)", async () => {
    const { db } = database;
    const member = await seedCustomer(db);
    await db.update(userRoles).set({ role: "front_desk" }).where(eq(userRoles.userId, member.userId));
    await expect(deleteAccount(db, member.userId)).rejects.toMatchObject({ status: 409, code: "STAFF_ACCOUNT" });
  });
});

describe("a number typed into the household form (ADR 0140)", () => {
  const env = loadEnv({ LOG_LEVEL: "silent" });
  const logger = createLogger("silent");
  /** The real telephony module: without Twilio settings, the simulated provider records each text. */
  const proofDeps = () => ({ db: database.db, env, logger, telephony: createTelephony(env, database.db, logger) });

  /** Someone without an account who asked for a call and a voucher from their own number, and was called. */
  async function seedStranger(db: Db) {
    const tag = unique();
    const stranger = { name: `Wrennick ${tag}`, email: `stranger-${tag}@example.com`, phone: freshPhone(), voucherCode: `FREE-${tag}` };
    await db.insert(callMeBackForm).values({ phoneNumber: stranger.phone, consentText: "I agree to receive a call." });
    await db.insert(voucherRequests).values({
      name: stranger.name,
      email: stranger.email,
      phone: stranger.phone,
      consentText: "I agree.",
      consentedAt: now,
      sourcePage: "/",
      voucherCode: stranger.voucherCode,
    });
    await db
      .insert(telephonyEvents)
      .values({ kind: "call", provider: "simulated", to: stranger.phone, from: "+19495550100", body: "<Response/>", sid: `CA${tag}` });
    return stranger;
  }

  async function accountWithMobile(db: Db, mobile: string) {
    const [user] = await db
      .insert(users)
      .values({ email: `claimant-${unique()}@example.com`, lastSignInAt: now })
      .returning();
    await saveHousehold(db, user!.id, householdForm.parse({ name: "Claimant", mobilePhone: mobile }), now);
    return user!.id;
  }

  const exported = async (userId: string) => {
    const { zip } = await exportZip(database.db, userId, now);
    return JSON.parse(new TextDecoder().decode(unzipSync(zip)["data.json"])) as { tables: Record<string, Record<string, unknown>[]> };
  };

  /** The code the simulated provider texted to a number: what its holder reads on their phone. */
  async function codeTextedTo(phone: string) {
    const texts = await database.db.select().from(telephonyEvents).where(eq(telephonyEvents.to, phone)).orderBy(desc(telephonyEvents.createdAt));
    return /\b(\d{6})\b/.exec(texts.find((t) => t.kind === "sms")?.body ?? "")![1]!;
  }

  it("neither exports nor erases another person's callback lead, voucher request and call record", async () => {
    const { db } = database;
    const stranger = await seedStranger(db);
    const claimant = await accountWithMobile(db, stranger.phone);

    const data = await exported(claimant);
    expect(data.tables.households).toMatchObject([{ mobile_phone: stranger.phone }]);
    expect(data.tables.call_me_back_form).toEqual([]);
    expect(data.tables.voucher_requests).toEqual([]);
    expect(data.tables.telephony_events).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(stranger.voucherCode);

    await deleteAccount(db, claimant);
    expect(await db.select().from(callMeBackForm).where(eq(callMeBackForm.phoneNumber, stranger.phone))).toHaveLength(1);
    expect(await db.select().from(voucherRequests).where(eq(voucherRequests.phone, stranger.phone))).toMatchObject([
      { name: stranger.name, voucherCode: stranger.voucherCode },
    ]);
    expect(await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, stranger.phone))).toMatchObject([{ kind: "call", body: "<Response/>" }]);
  });

  it("exports and erases the rows of a number once the account proves it with the texted code", async () => {
    const { db } = database;
    const holder = await seedStranger(db);
    const account = await accountWithMobile(db, holder.phone);
    expect((await exported(account)).tables.call_me_back_form).toEqual([]);

    await sendPhoneCode(proofDeps(), account, "192.0.2.1", now);
    await confirmPhoneCode(proofDeps(), account, await codeTextedTo(holder.phone), now);

    const data = await exported(account);
    expect(data.tables.phone_verifications).toMatchObject([{ phone: holder.phone }]);
    expect(data.tables.phone_verifications![0]!.verified_at).not.toBeNull();
    expect(data.tables.call_me_back_form).toMatchObject([{ phone_number: holder.phone }]);
    expect(data.tables.voucher_requests).toMatchObject([{ name: holder.name, voucher_code: holder.voucherCode }]);
    expect(data.tables.telephony_events!.map((e) => e.kind).sort()).toEqual(["call", "sms"]);

    await deleteAccount(db, account);
    expect(await db.select().from(callMeBackForm).where(eq(callMeBackForm.phoneNumber, holder.phone))).toEqual([]);
    expect(await db.select().from(voucherRequests).where(eq(voucherRequests.phone, holder.phone))).toEqual([]);
    expect(await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, holder.phone))).toEqual([]);
    expect(await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, account))).toEqual([]);
  });

  it("stops counting a proven number once the household saves another", async () => {
    const { db } = database;
    const holder = await seedStranger(db);
    const account = await accountWithMobile(db, holder.phone);
    await sendPhoneCode(proofDeps(), account, "192.0.2.2", now);
    await confirmPhoneCode(proofDeps(), account, await codeTextedTo(holder.phone), now);
    expect((await exported(account)).tables.call_me_back_form).toHaveLength(1);

    await saveHousehold(db, account, householdForm.parse({ name: "Claimant", mobilePhone: freshPhone() }), now);
    const data = await exported(account);
    expect(data.tables.phone_verifications).toEqual([]);
    expect(data.tables.call_me_back_form).toEqual([]);
  });
});
