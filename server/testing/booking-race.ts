/**
 * What the cross-process booking tests share: twenty customers, each with one cat whose required
 * vaccine is verified, and the race itself, half of the requests in each of two worker processes
 * (`booking-worker.ts`) on one PostgreSQL database.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { createCat, saveHousehold } from "../households/households";
import { uploadVaccineRecord, verifyVaccineRecord } from "../households/vaccines";

const run = promisify(execFile);
const worker = path.resolve("server/testing/booking-worker.ts");
const tsx = path.resolve("node_modules/.bin/tsx");

/** `count` new customers, each with a cat (Miso) whose FVRCP is verified for the next 400 days. */
export async function verifiedCustomers(db: Db, count: number, now: Date) {
  const customers = [];
  for (let i = 0; i < count; i++) {
    const [user] = await db.insert(users).values({ email: `${crypto.randomUUID()}@example.com` }).returning();
    await saveHousehold(db, user!.id, { name: "Ana Ruiz", mobilePhone: "(949) 249-1234" }, now);
    const cat = await createCat(db, user!.id, { name: "Miso", sex: "female", spayedNeutered: "yes", felvFivStatus: "negative" }, now);
    const document = { bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), name: "fvrcp.pdf" };
    const record = await uploadVaccineRecord(db, user!.id, cat.id, { vaccine: "fvrcp", expiresOn: addBusinessDays(businessDate(now), 400), document }, now);
    await verifyVaccineRecord(db, record.id, { expiresOn: record.expiresOn }, "staff@example.com", now);
    customers.push({ user: user!, catId: cat.id });
  }
  return customers;
}

/** Books `requests` at once, half in each of two processes, and gives every request's outcome. */
export async function bookInTwoProcesses(url: string, requests: unknown[], kind: "stay" | "groom") {
  const half = Math.ceil(requests.length / 2);
  const outputs = await Promise.all(
    [requests.slice(0, half), requests.slice(half)].map((batch) => run(tsx, [worker, url, JSON.stringify(batch), kind], { timeout: 90_000 })),
  );
  return outputs.flatMap((o) => JSON.parse(o.stdout.trim().split("\n").pop()!) as { ok: boolean; code?: string }[]);
}
