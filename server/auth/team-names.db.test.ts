import crypto from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { stays, users } from "../db/schema/index";
import type { AppError } from "../http/errors";
import { publishedAgreement, signAgreementAtDesk } from "../stays/check-in";
import { stayHistory } from "../stays/history";
import { releaseOf, releaseWithOverride } from "../stays/pickup";
import { testHousehold } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import { PIN_TRIES, confirmOverride, managersWithPin, setOverridePin } from "./override-pin";
import { listTeam, setFullName, setTeamRole } from "./roles";
import { teamNames } from "./team-names";

/** Names on the team, the manager's PIN at the front desk and the agreement signed at the desk (ADR 0196). */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const today = businessDate(now);
const fresh = (who: string) => `${who}-${crypto.randomUUID()}@example.com`;

async function member(role: "owner" | "manager" | "front_desk" | "care", fullName?: string) {
  const email = fresh(role);
  await setTeamRole(database.db, email, role, fullName);
  const team = await listTeam(database.db);
  const row = team.find((m) => m.email === email)!;
  const [id] = [...(await idsOf([email]))];
  return { email, id: id!, fullName: row.fullName };
}

async function idsOf(emails: string[]) {
  return (await database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails))).map((r) => r.id);
}

async function stayOf(status: "confirmed" | "checked_in") {
  const home = await testHousehold(database.db, now);
  const [stay] = await database.db
    .insert(stays)
    .values({
      householdId: home.householdId,
      status,
      checkIn: status === "confirmed" ? today : addBusinessDays(today, -2),
      checkOut: addBusinessDays(today, 2),
      totalCents: 16_000,
      priceLines: [],
      cancellationTiers: [],
    })
    .returning();
  return stay!;
}

const refusedWith = async (work: Promise<unknown>) =>
  (
    (await work.then(
      () => null,
      (e: AppError) => e,
    )) as AppError | null
  )?.code;

describe("a team member's name", () => {
  it("is the one the Owner typed when adding them, then the one they give themselves", async () => {
    const care = await member("care", "Maria Lopez");
    expect(care.fullName).toBe("Maria Lopez");
    expect((await teamNames(database.db, [care.id])).get(care.id)).toBe("Maria Lopez");
    await setFullName(database.db, care.id, "María López-Ortiz");
    expect((await teamNames(database.db, [care.id])).get(care.id)).toBe("María López-Ortiz");
  });

  it("comes from the address for an account that has none yet", async () => {
    const email = `sam.green-${crypto.randomInt(1e6)}@example.com`;
    await setTeamRole(database.db, email, "care");
    const [id] = await idsOf([email]);
    expect((await teamNames(database.db, [id!])).get(id!)).toBe("Sam Green");
  });
});

describe("a manager's override from the front desk", () => {
  it("needs a Manager's or an Owner's PIN: set by them only, checked, and both names kept", async () => {
    const manager = await member("manager", `Pat Manager ${crypto.randomInt(1e6)}`);
    const desk = await member("front_desk", "Dee Desk");
    expect(await refusedWith(setOverridePin(database.db, desk.id, "1234"))).toBe("PIN_NOT_FOR_ROLE");
    await setOverridePin(database.db, manager.id, "4321");
    expect((await managersWithPin(database.db)).map((m) => m.userId)).toContain(manager.id);

    expect(await refusedWith(confirmOverride(database.db, { manager: manager.id, pin: "" }, now))).toBe("PIN_MISSING");
    expect(await refusedWith(confirmOverride(database.db, { manager: "not-an-id", pin: "4321" }, now))).toBe("PIN_MANAGER_UNKNOWN");
    expect(await refusedWith(confirmOverride(database.db, { manager: desk.id, pin: "4321" }, now))).toBe("PIN_MANAGER_UNKNOWN");
    expect(await refusedWith(confirmOverride(database.db, { manager: manager.id, pin: "0000" }, now))).toBe("PIN_WRONG");

    const stay = await stayOf("checked_in");
    const staff = { userId: desk.id, email: desk.email, isAdmin: false };
    // Without a manager's confirmation the front desk is refused, as before.
    expect(await refusedWith(releaseWithOverride(database.db, { stayId: stay.id, reason: "Owner's sister, no code", staff }, now))).toBe(
      "RELEASE_OVERRIDE_FORBIDDEN",
    );
    const confirmedBy = await confirmOverride(database.db, { manager: manager.id, pin: "4321" }, now);
    await releaseWithOverride(database.db, { stayId: stay.id, reason: "Owner's sister, no code", staff, confirmedBy }, now);
    const release = await releaseOf(database.db, stay.id);
    expect(release).toMatchObject({ method: "override", staffName: "Dee Desk", confirmedBy: manager.fullName, reason: "Owner's sister, no code" });
    const history = await stayHistory(database.db, stay.id);
    expect(history.at(-1)).toMatchObject({ what: expect.stringContaining(`confirmed by ${manager.fullName}`), by: "Dee Desk" });
  });

  it("stops taking a manager's PIN after a few wrong ones, all tried at once, and says when to try again", async () => {
    const manager = await member("owner", "Olive Owner");
    await setOverridePin(database.db, manager.id, "86420");
    const tries = await Promise.all(Array.from({ length: 20 }, () => refusedWith(confirmOverride(database.db, { manager: manager.id, pin: "11111" }, now))));
    expect(tries.filter((code) => code === "PIN_WRONG")).toHaveLength(PIN_TRIES.limit);
    expect(tries.filter((code) => code === "PIN_TOO_MANY")).toHaveLength(20 - PIN_TRIES.limit);
    // Even the right PIN waits: the tries are counted before it is compared.
    const refusal = await confirmOverride(database.db, { manager: manager.id, pin: "86420" }, now).catch((e: AppError) => e);
    expect((refusal as AppError).message).toMatch(/^Too many wrong PINs for this manager\. Try again after /);
  });
});

describe("the agreement signed at the desk", () => {
  it("is kept like the online signature, with its witness, and the history says so", async () => {
    const desk = await member("front_desk", "Dee Witness");
    const stay = await stayOf("confirmed");
    const { version } = await publishedAgreement(database.db);
    const origin = { ipAddress: "203.0.113.9", userAgent: "The desk's tablet" };
    const signed = await signAgreementAtDesk(
      database.db,
      stay.id,
      { fullName: "Dana Whitfield", agree: true, version },
      origin,
      { email: desk.email, name: "Dee Witness" },
      now,
    );
    expect(signed).toMatchObject({ signedName: "Dana Whitfield", agreementVersion: version, witnessName: "Dee Witness" });
    const history = await stayHistory(database.db, stay.id);
    expect(history).toContainEqual(expect.objectContaining({ what: "Boarding agreement signed at the desk, witnessed by Dee Witness", by: "Dee Witness" }));
  });

  it("refuses words changed since the page was opened, and a stay already checked in", async () => {
    const witness = { email: fresh("desk"), name: "Dee" };
    const origin = { ipAddress: "203.0.113.9", userAgent: "tablet" };
    const confirmed = await stayOf("confirmed");
    expect(
      await refusedWith(signAgreementAtDesk(database.db, confirmed.id, { fullName: "Dana", agree: true, version: "0000000000ab" }, origin, witness, now)),
    ).toBe("AGREEMENT_CHANGED");
    const { version } = await publishedAgreement(database.db);
    const inHotel = await stayOf("checked_in");
    expect(await refusedWith(signAgreementAtDesk(database.db, inHotel.id, { fullName: "Dana", agree: true, version }, origin, witness, now))).toBe(
      "DESK_SIGNATURE_CLOSED",
    );
  });
});
