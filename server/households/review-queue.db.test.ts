import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catForm } from "~/features/cats/schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Database } from "../db/client";
import { users, vaccineRecords } from "../db/schema/index";
import { TEST_PDF } from "../testing/households";
import { createTestDatabase } from "../testing/test-database";
import { createCat } from "./households";
import { reviewQueuePage, uploadVaccineRecord, verifyVaccineRecord } from "./vaccines";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date();
const expiresOn = addBusinessDays(businessDate(now), 300);

/** Five records awaiting review, one a minute apart (oldest first), each for a cat of its own. */
async function fiveUploads() {
  const { db } = database;
  await db.delete(vaccineRecords);
  const [user] = await db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com` })
    .returning();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const cat = await createCat(db, user!.id, catForm.parse({ name: `Queue ${i}`, sex: "female", spayedNeutered: "yes", medications: [] }), now);
    const at = new Date(now.getTime() - (5 - i) * 60_000);
    const record = await uploadVaccineRecord(db, user!.id, cat.id, { vaccine: "fvrcp", expiresOn, document: { bytes: TEST_PDF, name: "fvrcp.pdf" } }, at);
    ids.push(record.id);
  }
  return ids;
}

describe("the Documents queue", () => {
  it("counts every record awaiting review and reaches the ones past the first page, oldest first, and back", async () => {
    const { db } = database;
    const ids = await fiveUploads();
    const idsOf = (page: { records: { id: string }[] }) => page.records.map((r) => r.id);

    const first = await reviewQueuePage(db, {}, 2);
    expect(first).toMatchObject({ total: 5, earlier: null, later: expect.any(String) });
    expect(idsOf(first)).toEqual(ids.slice(0, 2));

    const second = await reviewQueuePage(db, { after: first.later! }, 2);
    expect(second).toMatchObject({ total: 5, earlier: expect.any(String), later: expect.any(String) });
    expect(idsOf(second)).toEqual(ids.slice(2, 4));

    const last = await reviewQueuePage(db, { after: second.later! }, 2);
    expect(idsOf(last)).toEqual([ids[4]]);
    expect(last.later).toBeNull();

    // Back from the last page: the two before it; and from there, the first page.
    const back = await reviewQueuePage(db, { before: last.earlier! }, 2);
    expect(idsOf(back)).toEqual(ids.slice(2, 4));
    const start = await reviewQueuePage(db, { before: back.earlier! }, 2);
    expect(idsOf(start)).toEqual(ids.slice(0, 2));
    expect(start.earlier).toBeNull();

    // A record reviewed leaves the queue and the count; the pages after stay where they were.
    await verifyVaccineRecord(db, ids[0]!, { expiresOn }, "staff@example.com", now);
    const after = await reviewQueuePage(db, { after: first.later! }, 2);
    expect(after.total).toBe(4);
    expect(idsOf(after)).toEqual(ids.slice(2, 4));
  });
});
