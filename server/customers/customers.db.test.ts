import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm, householdForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { appointments, users, vaccineRecords } from "../db/schema/index";
import { archiveCat, createCat, saveHousehold } from "../households/households";
import { AppError } from "../http/errors";
import { createTestDatabase } from "../testing/test-database";
import { getCustomer, listCustomers } from "./customers";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const tag = () => crypto.randomBytes(4).toString("hex");
const freshPhone = () => `+1949${crypto.randomInt(200, 999)}${String(crypto.randomInt(0, 9999)).padStart(4, "0")}`;

async function newHousehold(name: string, mobile = freshPhone()) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}-${tag()}@example.com`;
  const [user] = await database.db.insert(users).values({ email }).returning();
  const household = await saveHousehold(database.db, user!.id, householdForm.parse({ name, mobilePhone: mobile }), new Date());
  return { userId: user!.id, email, mobile, householdId: household.id };
}

describe("the admin's Customers", () => {
  it("finds a household by part of its name, its e-mail, or its mobile typed in any common format", async () => {
    const surname = `Vasquez${tag()}`;
    const ana = await newHousehold(`Ana ${surname}`);
    await newHousehold(`Someone ${tag()}`);
    const digits = ana.mobile.slice(2);
    const formats = [
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
      `+1 ${digits}`,
      `1-${digits.slice(0, 3)}-${digits.slice(3)}`,
      digits.slice(-7),
    ];
    for (const q of [surname.toLowerCase(), ana.email.slice(0, 12).toUpperCase(), ...formats]) {
      const { customers } = await listCustomers(database.db, { q });
      expect(
        customers.map((c) => c.householdId),
        q,
      ).toEqual([ana.householdId]);
    }
    expect((await listCustomers(database.db, { q: `nobody-${tag()}` })).customers).toEqual([]);
    // LIKE's own characters are searched for as themselves.
    expect((await listCustomers(database.db, { q: "%" })).customers).toEqual([]);
  });

  it("pages through every household newest first, older and newer, without losing or repeating one", async () => {
    for (let i = 0; i < 5; i++) await newHousehold(`Pager ${i} ${tag()}`);
    const first = await listCustomers(database.db, {}, 2);
    expect(first.newer).toBeNull();
    const second = await listCustomers(database.db, { before: first.older! }, 2);
    const back = await listCustomers(database.db, { after: second.newer! }, 2);
    expect(back.customers.map((c) => c.householdId)).toEqual(first.customers.map((c) => c.householdId));
    const seen = [...first.customers, ...second.customers].map((c) => c.householdId);
    expect(new Set(seen).size).toBe(4);
    const joined = [...first.customers, ...second.customers].map((c) => c.joinedAt);
    expect([...joined].sort().reverse()).toEqual(joined);
  });

  it("shows a household with every cat (archived ones marked), their vaccine records and the account's appointments", async () => {
    const { db } = database;
    const owner = await newHousehold(`Bea ${tag()}`);
    const miso = await createCat(
      db,
      owner.userId,
      catForm.parse({ name: "Miso", sex: "female", spayedNeutered: "yes", felvFivStatus: "negative", medications: [] }),
      new Date(),
    );
    const old = await createCat(
      db,
      owner.userId,
      catForm.parse({ name: "Zorro", sex: "male", spayedNeutered: "yes", felvFivStatus: "unknown", medications: [] }),
      new Date(),
    );
    await archiveCat(db, owner.userId, old.id, new Date());
    await db.insert(vaccineRecords).values({
      catId: miso.id,
      vaccine: "fvrcp",
      expiresOn: addBusinessDays(businessDate(new Date()), 300),
      status: "rejected",
      rejectionReason: "Unreadable",
      documentType: "application/pdf",
      documentName: "fvrcp.pdf",
      documentSize: 10,
    });
    await db.insert(appointments).values({
      householdId: owner.householdId,
      customerEmail: owner.email,
      serviceId: "full-grooming",
      startsAt: new Date(),
      createdBy: "staff",
      updatedBy: "staff",
    });

    const customer = await getCustomer(db, owner.householdId);
    expect(customer.account.email).toBe(owner.email);
    expect(customer.household.mobilePhone).toBe(owner.mobile);
    expect(customer.cats.map((c) => [c.name, c.archivedAt !== null])).toEqual([
      ["Miso", false],
      ["Zorro", true],
    ]);
    expect(customer.cats[0]!.vaccineRecords).toMatchObject([
      { vaccine: "fvrcp", status: "rejected", rejectionReason: "Unreadable", documentName: "fvrcp.pdf" },
    ]);
    expect(customer.cats[0]!.photo).toBeNull();
    expect(customer.appointments).toHaveLength(1);
    expect((await listCustomers(db, { q: owner.email })).customers[0]!.cats).toBe(1);
  });

  it("answers 404 for an id that is no household's, or no id at all", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const error = await getCustomer(database.db, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(404);
    }
  });
});
