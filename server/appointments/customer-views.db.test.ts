import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { appointments } from "../db/schema/index";
import { householdForEmail } from "../households/households";
import { createTestDatabase } from "../testing/test-database";
import { type CustomerActor, customerActor } from "./appointments";
import { listCustomerAppointmentsPage } from "./customer-views";

let database: Database;
const now = new Date();
const DAY = 86_400_000;
let alice: CustomerActor;
let bob: CustomerActor;
/** Alice's past appointments as the pages must list them: latest first, ties by id (descending). */
let pastIds: string[];
let upcomingIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const [a, b] = [await householdForEmail(database.db, "Alice@Example.com"), await householdForEmail(database.db, "bob@example.com")];
  alice = customerActor({ id: a.userId, email: a.email });
  bob = customerActor({ id: b.userId, email: b.email });
  const row = (customerEmail: string, startsAt: Date) => ({
    householdId: customerEmail === a.email ? a.householdId : b.householdId,
    customerEmail,
    serviceId: "full-grooming",
    startsAt,
    createdBy: "test",
    updatedBy: "test",
  });
  // 43 past visits a day apart, two more at the same instant as the latest of them, and two to come.
  const spread = await database.db
    .insert(appointments)
    .values(Array.from({ length: 43 }, (_, i) => row("alice@example.com", new Date(now.getTime() - (i + 1) * DAY))))
    .returning({ id: appointments.id });
  const tied = await database.db
    .insert(appointments)
    .values([1, 2].map(() => row("alice@example.com", new Date(now.getTime() - DAY))))
    .returning({ id: appointments.id });
  const coming = await database.db
    .insert(appointments)
    .values([9, 2].map((days) => row("alice@example.com", new Date(now.getTime() + days * DAY))))
    .returning({ id: appointments.id });
  await database.db.insert(appointments).values([row("bob@example.com", new Date(now.getTime() - DAY)), row("bob@example.com", new Date(now.getTime() + DAY))]);
  pastIds = [
    ...[spread[0]!, ...tied]
      .map((r) => r.id)
      .sort()
      .reverse(),
    ...spread.slice(1).map((r) => r.id),
  ];
  upcomingIds = [coming[1]!.id, coming[0]!.id];
});
afterAll(() => database.close());

describe("a customer's appointments, the past paged", () => {
  it("lists every upcoming visit and the past 20 at a time, latest first, until none is older", async () => {
    const first = await listCustomerAppointmentsPage(database.db, alice, {}, now);
    expect(first.upcoming.map((a) => a.id)).toEqual(upcomingIds);
    const pages = [first.past.map((a) => a.id)];
    let older = first.older;
    while (older) {
      const page = await listCustomerAppointmentsPage(database.db, alice, { before: older }, now);
      pages.push(page.past.map((a) => a.id));
      older = page.older;
    }
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(pastIds);
    expect(first.past[0]).toMatchObject({ customerEmail: "alice@example.com", serviceTitle: "Full Grooming" });
  });

  it("shows nobody else's visits", async () => {
    const bobs = await listCustomerAppointmentsPage(database.db, bob, {}, now);
    expect([bobs.upcoming.length, bobs.past.length, bobs.older]).toEqual([1, 1, null]);
  });
});
