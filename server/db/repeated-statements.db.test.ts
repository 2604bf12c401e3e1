import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import { type Database, type Db, rowsOf } from "./client";
import { users } from "./schema/index";
import { UNIQUE_VIOLATION, constraintOf, sqlStateOf } from "./sql-state";
import { inTransaction } from "./transaction";

// A statement run again is run by a name on the embedded database (ADR 0227): what it answers and
// how it fails must be what a statement sent afresh answers, inside a transaction and outside.
describe("a statement run again and again", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const email = () => `repeat-${crypto.randomUUID()}@example.com`;

  it("answers each run with that run's values, past the runs a plan is kept after", async () => {
    const { db } = database;
    const written = await db
      .insert(users)
      .values(Array.from({ length: 12 }, () => ({ email: email() })))
      .returning({ id: users.id, email: users.email });
    for (const user of written) {
      const [found] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      expect(found?.email).toBe(user.email);
    }
    await inTransaction(db, async (tx) => {
      for (const user of written) {
        const [found] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id));
        expect(found?.email).toBe(user.email);
      }
    });
  });

  it("answers rightly when more statements repeat than a connection keeps named, the first again after the last, in a transaction and out", async () => {
    const { db } = database;
    // 100 texts, each run three times (named at its second), then all again: the first ones' names were given up meanwhile.
    const texts = Array.from({ length: 100 }, (_, i) => (n: number) => sql`select ${sql.raw(String(i))}::int + ${n}::int as sum`);
    const sums = async (run: Db) => {
      const answers: number[] = [];
      for (const text of texts) for (let n = 0; n < 3; n++) answers.push((await rowsOf<{ sum: number }>(run, text(n)))[0]!.sum);
      return answers;
    };
    const expected = texts.flatMap((_, i) => [i, i + 1, i + 2]);
    expect(await sums(db)).toEqual(expected);
    expect(await sums(db)).toEqual(expected);
    await inTransaction(db, async (tx) => {
      expect(await sums(tx)).toEqual(expected);
      // What the connection keeps prepared stays bounded.
      const [kept] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from pg_prepared_statements`);
      expect(kept!.n).toBeLessThanOrEqual(64);
    });
  });

  it("is refused as a first run is, with its SQLSTATE and constraint, and the transaction's other writes are undone", async () => {
    const { db } = database;
    const taken = email();
    await db.insert(users).values({ email: taken });
    const kept: string[] = [];
    for (let run = 0; run < 4; run++) {
      const mine = email();
      kept.push(mine);
      const refusal = await inTransaction(db, async (tx) => {
        await tx.insert(users).values({ email: mine });
        await tx.insert(users).values({ email: taken });
      }).catch((error: unknown) => error);
      expect(sqlStateOf(refusal)).toBe(UNIQUE_VIOLATION);
      expect(constraintOf(refusal)).toBe("users_email_unique");
    }
    expect(await db.select().from(users).where(inArray(users.email, kept))).toEqual([]);
    // The connection carries on after the refusals.
    expect(await db.select({ email: users.email }).from(users).where(eq(users.email, taken))).toEqual([{ email: taken }]);
  });
});
