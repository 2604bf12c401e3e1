import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "~/lib/zod";
import type { Database } from "../db/client";
import { callMeBackForm } from "../db/schema/index";
import { callbackListQuerySchema, callbackUpdateSchema } from "~/features/callback/schema";
import { parseBody } from "../http/validation";
import { createTestDatabase } from "../testing/test-database";
import { callbacksCsv, csvCell, listCallbacks, updateCallback } from "./inbox";

let database: Database;
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(callMeBackForm).values([
    { phoneNumber: "+19492491001", callStatus: "simulated", callSid: "CA1", createdAt: at(1), consentText: "I agree" },
    { phoneNumber: "+17142491002", callStatus: "failed", callError: 'twilio 400: "bad"', createdAt: at(2) },
    { phoneNumber: "+19492491003", callStatus: "paused", staffStatus: "contacted", createdAt: at(3), staffNote: '=HYPERLINK("x")' },
  ]);
});
afterAll(() => database.close());

/** As a caller does: the filters and the update parsed by their schemas first (their refusals are tested on the schemas). */
const list = (filters: z.input<typeof callbackListQuerySchema> = {}) => listCallbacks(database.db, parseBody(callbackListQuerySchema, filters));
const update = (id: string, input: z.input<typeof callbackUpdateSchema>) => updateCallback(database.db, id, parseBody(callbackUpdateSchema, input));

describe("callback inbox queries", () => {
  it("lists newest first with the total, and never exposes the IP hash", async () => {
    const { leads, total } = await list();
    expect(total).toBe(3);
    expect(leads.map((l) => l.phoneNumber)).toEqual(["+19492491003", "+17142491002", "+19492491001"]);
    expect(leads[0]).not.toHaveProperty("ipHash");
  });

  it("filters by staff status, call outcome, digits of the number and date range, and pages", async () => {
    expect((await list({ staffStatus: "contacted" })).leads.map((l) => l.phoneNumber)).toEqual(["+19492491003"]);
    expect((await list({ callStatus: "failed" })).leads.map((l) => l.phoneNumber)).toEqual(["+17142491002"]);
    expect((await list({ phone: "(949)" })).total).toBe(2);
    expect((await list({ from: at(2), to: at(3) })).leads.map((l) => l.phoneNumber)).toEqual(["+17142491002"]);
    const page = await list({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, leads: [{ phoneNumber: "+17142491002" }] });
  });

  it("sets the staff status and note, and says when the lead does not exist", async () => {
    const { leads } = await list({ phone: "1001" });
    const id = leads[0]!.id;
    const updated = await update(id, { staffStatus: "booked", staffNote: "  Booked 3 nights  " });
    expect(updated).toMatchObject({ staffStatus: "booked", staffNote: "Booked 3 nights" });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(at(1).getTime());
    expect((await update(id, { staffNote: "" })).staffNote).toBeNull();

    await expect(update("00000000-0000-0000-0000-000000000000", { staffStatus: "closed" })).rejects.toMatchObject({ status: 404 });
    await expect(update("not-a-uuid", { staffStatus: "closed" })).rejects.toMatchObject({ status: 404 });
  });

  it("exports every matching lead as CSV that a spreadsheet will not execute", async () => {
    const csv = await callbacksCsv(database.db, parseBody(callbackListQuerySchema, { phone: "949" }));
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Requested at","Phone","Call status","Call error","Call id","Staff status","Note","Source page","Consent"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'+19492491003","paused"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('"I agree"');
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["-1+1", `"'-1+1"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    [null, '""'],
  ])("%j -> %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
