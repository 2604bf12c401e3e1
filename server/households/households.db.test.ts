import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { type CatInput, catForm, householdForm } from "~/features/cats/schema";
import type { Database } from "../db/client";
import { cats, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { createTestDatabase } from "../testing/test-database";
import { archiveCat, createCat, getCat, getHousehold, householdForEmail, listCats, saveHousehold, updateCat } from "./households";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);

async function newUser(): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com` })
    .returning();
  return row!.id;
}

const miso: CatInput = {
  name: "Miso",
  sex: "female",
  spayedNeutered: "yes",
  felvFivStatus: "negative",
  birthDate: addBusinessDays(today, -800),
  medications: [{ name: "Methimazole", dose: "2.5 mg", times: "8am and 8pm" }],
};

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("households", () => {
  it("saves one household per account, its phones as dialled", async () => {
    const { db } = database;
    const userId = await newUser();
    const household = { name: "Ana Ruiz", mobilePhone: "(949) 249-1234", city: "Laguna Niguel", state: "ca", postalCode: "92677" };
    const saved = await saveHousehold(db, userId, householdForm.parse(household), now);
    expect(saved).toMatchObject({ name: "Ana Ruiz", mobilePhone: "+19492491234", state: "CA", emergencyContactPhone: null });
    await saveHousehold(db, userId, householdForm.parse({ ...household, emergencyContactName: "Luis", emergencyContactPhone: "949-249-5678" }), now);
    expect(await getHousehold(db, userId)).toMatchObject({ id: saved.id, emergencyContactPhone: "+19492495678" });
  });
});

describe("householdForEmail", () => {
  it("finds the household of an address however it is typed, and creates one (with its account) only once, even when twenty race", async () => {
    const address = `Staff-Booked-${crypto.randomUUID()}@Example.com`;
    const found = await Promise.all(Array.from({ length: 20 }, () => householdForEmail(database.db, `  ${address} `)));
    expect(new Set(found.map((f) => f.householdId)).size).toBe(1);
    expect(found[0]!.email).toBe(address.toLowerCase());
    const accounts = await database.db.select().from(users).where(eq(users.email, address.toLowerCase()));
    expect(accounts).toHaveLength(1);
    expect((await getHousehold(database.db, accounts[0]!.id))?.id).toBe(found[0]!.householdId);
  });
});

describe("cats", () => {
  it("lists a household's cats; another household gets 404 for every read, update and archive", async () => {
    const { db } = database;
    const owner = await newUser();
    const stranger = await newUser();
    const cat = await createCat(db, owner, catForm.parse(miso), now);
    await createCat(db, stranger, catForm.parse({ ...miso, name: "Tofu" }), now);

    expect((await listCats(db, owner)).map((c) => c.name)).toEqual(["Miso"]);
    expect(await getCat(db, owner, cat.id)).toMatchObject({ name: "Miso", medications: miso.medications });

    // One at a time: a refusal started early would reject before anything awaits it.
    for (const attempt of [
      () => getCat(db, stranger, cat.id),
      () => updateCat(db, stranger, cat.id, catForm.parse({ ...miso, name: "Stolen" }), now),
      () => archiveCat(db, stranger, cat.id, now),
    ]) {
      expect(await refusal(attempt())).toMatchObject({ status: 404, code: "CAT_NOT_FOUND", message: "We couldn't find that cat." });
    }
    // A cat that does not exist and an id that is not one read the same: nothing to tell them apart.
    expect(await refusal(getCat(db, stranger, crypto.randomUUID()))).toMatchObject({ status: 404, code: "CAT_NOT_FOUND" });
    expect(await refusal(getCat(db, stranger, "../1"))).toMatchObject({ status: 404, code: "CAT_NOT_FOUND" });
    expect(await getCat(db, owner, cat.id)).toMatchObject({ name: "Miso", archivedAt: null });
  });

  it("edits a cat, and archiving keeps its row while taking it off the list", async () => {
    const { db } = database;
    const owner = await newUser();
    const cat = await createCat(db, owner, catForm.parse(miso), now);
    const edited = await updateCat(db, owner, cat.id, catForm.parse({ ...miso, birthDate: undefined, approximateAge: 4, medications: [] }), now);
    expect(edited).toMatchObject({ birthDateEstimated: true, medications: [] });
    expect(edited.birthDate!.slice(4)).toBe(today.slice(4) === "-02-29" ? "-02-28" : today.slice(4));

    const later = new Date(now.getTime() + 60_000);
    await archiveCat(db, owner, cat.id, later);
    expect(await listCats(db, owner)).toEqual([]);
    const [row] = await db.select().from(cats).where(eq(cats.id, cat.id));
    expect(row).toMatchObject({ name: "Miso", archivedAt: later });
    expect(await refusal(updateCat(db, owner, cat.id, catForm.parse(miso), now))).toMatchObject({ status: 409 });
  });

  it("refuses a birth date in the future (today's, by the server's clock), and saves nothing", async () => {
    const { db } = database;
    const owner = await newUser();
    const error = await refusal(createCat(db, owner, catForm.parse({ ...miso, birthDate: addBusinessDays(today, 1) }), now));
    expect(error).toMatchObject({ status: 400, message: "The birth date can't be in the future." });
    expect(await listCats(db, owner)).toEqual([]);
  });
});
