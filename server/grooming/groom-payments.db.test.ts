import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import { type Role } from "~/domain/roles";
import { setTeamRole } from "../auth/roles";
import type { Database } from "../db/client";
import { appointments, groomPayments, groomers } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { testPageBuild } from "../testing/page-build";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";
import { groomsAtDesk } from "./groom-payments";

/**
 * A groom paid at the desk on its own (ADR 0192) is taken on the desk's Stays page: the front desk
 * records it there, a care attendant (who handles no money) cannot.
 */

const now = new Date();
let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  const page = { path: "admin/stays", module: await import("~/routes/admin/stays") };
  server = await startPageTestServer(database, testPageBuild({ "routes/admin/stays.tsx": page }));
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** A groom of a new household, a day of its own, at its price. */
let days = 0;
async function groom() {
  const home = await testHousehold(database.db, now);
  const [groomer] = await database.db.select({ id: groomers.id }).from(groomers).limit(1);
  const day = addBusinessDays(businessDate(now), 30 + (days += 1));
  const startsAt = businessLocalToUtc(day, "10:00");
  const [row] = await database.db
    .insert(appointments)
    .values({
      householdId: home.householdId,
      customerEmail: home.user.email,
      serviceId: "full-grooming",
      catNames: "Miso",
      catIds: home.catIds,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      groomerId: groomer!.id,
      priceCents: 8500,
      status: "Completed",
      createdBy: "desk@example.com",
      updatedBy: "desk@example.com",
    })
    .returning();
  return { id: row!.id, day };
}

async function teamMember(role: Role) {
  const email = `${role}-${crypto.randomUUID()}@example.com`;
  const cookie = await sessionCookieFor(database.db, email);
  await setTeamRole(database.db, email, role);
  return cookie;
}

async function pay(cookie: string, appointmentId: string) {
  const res = await fetch(`${server.url}/admin/stays`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "groomPayment", appointmentId, method: "cash", formToken: crypto.randomBytes(18).toString("base64url") }),
  });
  const reply = (await res.json()) as { actionData?: Record<string, FormReply> };
  return { status: res.status, title: reply.actionData ? Object.values(reply.actionData)[0]?.notice?.title : undefined };
}

const paymentsOf = (appointmentId: string) => database.db.select().from(groomPayments).where(eq(groomPayments.appointmentId, appointmentId));

describe("a groom paid at the desk", () => {
  it("is recorded by the front desk on the Stays page; a care attendant is refused and nothing is recorded", async () => {
    const { id, day } = await groom();
    expect(await groomsAtDesk(database.db, day)).toEqual([expect.objectContaining({ id, priceCents: 8500, paid: null, billedOnStayId: null })]);

    const attendant = await pay(await teamMember("care"), id);
    expect(attendant.status).toBe(403);
    expect(await paymentsOf(id)).toEqual([]);

    expect(await pay(await teamMember("front_desk"), id)).toEqual({ status: 200, title: "Groom paid: $85.00 recorded" });
    expect(await paymentsOf(id)).toMatchObject([{ amountCents: 8500, method: "cash", recordedBy: expect.stringMatching(/^staff:front_desk-/) }]);
    expect((await groomsAtDesk(database.db, day))[0]!.paid).toEqual({ amountCents: 8500, method: "cash", reference: null });
  });
});
