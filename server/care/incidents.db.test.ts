import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidentForm } from "~/features/care/schema";
import { addBusinessDays, businessDate, businessLocalToUtc } from "~/lib/business-time";
import type { Database, Db } from "../db/client";
import { careIncidents, households, mailQueue, smsQueue, stayCats, stays } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { staffMember, stayWithMiso } from "../testing/care";
import { createTestDatabase } from "../testing/test-database";
import type { FormReply } from "~/lib/forms";
import { testPageBuild } from "../testing/page-build";
import { sessionCookieFor } from "../testing/sessions";
import { startPageTestServer } from "../testing/test-server";
import { careLog, staffStay } from "./care";
import { recordIncident } from "./incidents";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const today = businessDate(new Date());
/** Times of today, business time: the tests pass `now`. */
const at = (time: string) => businessLocalToUtc(today, time);
const ctx = { siteUrl: "https://cats.example/" };

/** What staff type into "Record an incident", parsed as the page's action parses it. */
const incident = (fields: Record<string, string | undefined> = {}) =>
  incidentForm.parse({
    intent: "incident",
    whatHappened: "Miso caught a claw in the blanket and it bled a little",
    when: "14:30",
    whatWasDone: "Cleaned the paw and trimmed the claw; she is calm and eating",
    vetCalled: "on",
    ...fields,
  });

const queuedFor = async (stayId: string) => ({
  mails: await db.select().from(mailQueue).where(eq(mailQueue.stayId, stayId)),
  texts: await db.select().from(smsQueue).where(eq(smsQueue.stayId, stayId)),
});

describe("recording an incident", () => {
  it("tells the owner at once, one e-mail and one text, and the owner's Care log shows it on its day", async () => {
    const s = await stayWithMiso(db, "checked_in", today);
    const staff = await staffMember(db, "maria.lopez@example.com");
    const saved = await recordIncident(db, staff, s.stayId, incident({ catId: s.catId }), ctx, at("14:40"));
    expect(saved).toMatchObject({ catId: s.catId, vetCalled: true, staffInitials: "ML", happenedAt: at("14:30") });

    const { mails, texts } = await queuedFor(s.stayId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(s.email);
    expect(mails[0]!.message.subject).toBe("An incident during Miso's stay");
    expect(mails[0]!.message.text).toContain("What happened: Miso caught a claw in the blanket");
    expect(mails[0]!.message.text).toContain("What we did: Cleaned the paw");
    expect(mails[0]!.message.text).toContain("A vet was called.");
    expect(mails[0]!.message.text).toContain(`https://cats.example/trips/${s.stayId}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.toPhone).toBe("+19492491234");
    expect(texts[0]!.body).toMatch(/an incident during Miso's stay \(.+2:30 PM\)\. A vet was called\./);

    const log = await careLog(db, { userId: s.userId, isStaff: false }, s.stayId, at("14:40"));
    expect(log.days.map((d) => d.day)).toEqual([today]);
    expect(log.days[0]!.incidents).toEqual([
      expect.objectContaining({
        catName: "Miso",
        time: "2:30 PM",
        whatHappened: "Miso caught a claw in the blanket and it bled a little",
        whatWasDone: "Cleaned the paw and trimmed the claw; she is calm and eating",
        vetCalled: true,
        initials: "ML",
      }),
    ]);
  });

  it("to a household with no mobile number sends the e-mail only", async () => {
    const s = await stayWithMiso(db);
    await db.update(households).set({ mobilePhone: null }).where(eq(households.id, s.householdId));
    await recordIncident(db, await staffMember(db), s.stayId, incident({ vetCalled: undefined }), ctx, at("15:00"));
    const { mails, texts } = await queuedFor(s.stayId);
    expect(mails.map((m) => m.message.text.includes("No vet was called."))).toEqual([true]);
    expect(texts).toEqual([]);
  });

  it("about no one cat names every cat of the stay", async () => {
    const s = await stayWithMiso(db);
    const [stay] = await db.select().from(stays).where(eq(stays.id, s.stayId));
    const [miso] = await db.select().from(stayCats).where(eq(stayCats.stayId, s.stayId));
    const tofu = await testHousehold(db, new Date(), { cats: ["Tofu"] });
    await db
      .insert(stayCats)
      .values({ stayId: s.stayId, staySuiteId: miso!.staySuiteId, catId: tofu.catIds[0]!, catName: "Tofu", checkIn: stay!.checkIn, checkOut: stay!.checkOut });
    await recordIncident(db, await staffMember(db), s.stayId, incident(), ctx, at("15:00"));
    expect((await queuedFor(s.stayId)).mails[0]!.message.subject).toBe("An incident during Miso and Tofu's stay");
    // Another household's cat is not this stay's to name.
    await expect(
      recordIncident(db, await staffMember(db), s.stayId, incident({ catId: (await stayWithMiso(db)).catId }), ctx, at("15:00")),
    ).rejects.toMatchObject({
      status: 404,
      code: "CAT_NOT_ON_STAY",
    });
  });

  it("takes a day and time, but not one still to come nor before the stay", async () => {
    const s = await stayWithMiso(db);
    const staff = await staffMember(db);
    const yesterday = addBusinessDays(today, -1);
    const saved = await recordIncident(db, staff, s.stayId, incident({ when: `${yesterday}T21:15` }), ctx, at("09:00"));
    expect(saved.happenedAt).toEqual(businessLocalToUtc(yesterday, "21:15"));
    await expect(recordIncident(db, staff, s.stayId, incident({ when: "16:00" }), ctx, at("15:00"))).rejects.toMatchObject({
      status: 400,
      details: { fields: { when: "That time is still to come: say when it happened." } },
    });
    await expect(recordIncident(db, staff, s.stayId, incident({ when: `${addBusinessDays(today, -5)}T10:00` }), ctx, at("15:00"))).rejects.toMatchObject({
      status: 400,
      code: "INCIDENT_WHEN",
    });
    expect(incidentForm.safeParse({ intent: "incident", whatHappened: "x", whatWasDone: "y", when: "25:00" }).error?.issues[0]?.message).toMatch(
      /^Say when it happened/,
    );
  });

  it("is for a stay in the hotel only, and an unknown or malformed stay is a 404", async () => {
    const staff = await staffMember(db);
    const arriving = await stayWithMiso(db, "confirmed", today);
    await expect(recordIncident(db, staff, arriving.stayId, incident(), ctx, at("15:00"))).rejects.toMatchObject({ status: 409, code: "STAY_NOT_IN_HOTEL" });
    for (const id of [crypto.randomUUID(), "not-a-uuid"])
      await expect(recordIncident(db, staff, id, incident(), ctx, at("15:00"))).rejects.toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
    expect((await queuedFor(arriving.stayId)).mails).toEqual([]);
  });

  it("is never edited: the database refuses an update", async () => {
    const s = await stayWithMiso(db);
    const saved = await recordIncident(db, await staffMember(db), s.stayId, incident(), ctx, at("15:00"));
    await expect(db.update(careIncidents).set({ whatWasDone: "Nothing" }).where(eq(careIncidents.id, saved.id))).rejects.toThrow();
    const [row] = await db.select().from(careIncidents).where(eq(careIncidents.id, saved.id));
    expect(row!.whatWasDone).toBe("Cleaned the paw and trimmed the claw; she is calm and eating");
  });
});

describe("who reads an incident", () => {
  it("the stay's household and staff; another household, an unknown and a malformed id get the same 404", async () => {
    const s = await stayWithMiso(db);
    const staff = await staffMember(db);
    await recordIncident(db, staff, s.stayId, incident(), ctx, at("15:00"));
    const page = await staffStay(db, staff, s.stayId, new Date());
    expect(page.suites).toEqual([s.suite]);
    expect(page.cats).toEqual([
      expect.objectContaining({
        catId: s.catId,
        name: "Miso",
        feedingInstructions: "1/4 can at 7am and 6pm",
        medications: [expect.objectContaining({ name: "Methimazole" })],
      }),
    ]);
    expect(page.log.days[0]!.incidents).toHaveLength(1);
    const stranger = await testHousehold(db, new Date());
    for (const id of [s.stayId, crypto.randomUUID(), "not-a-uuid"])
      await expect(careLog(db, { userId: stranger.user.id, isStaff: false }, id, new Date())).rejects.toMatchObject({ status: 404, code: "STAY_NOT_FOUND" });
    await expect(staffStay(db, staff, crypto.randomUUID(), new Date())).rejects.toMatchObject({ status: 404 });
  });
});

describe("an incident posted twice", () => {
  it("is recorded once, with one mail and one text, when the same form is posted 20 times at once without JavaScript", async () => {
    const s = await stayWithMiso(db);
    const email = `maria.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const cookie = await sessionCookieFor(db, email, { staff: true });
    const pages = await startPageTestServer(
      database,
      testPageBuild({ "routes/staff/stays.$stayId.tsx": { path: "staff/stays/:stayId", module: await import("~/routes/staff/stays.$stayId") } }),
    );
    try {
      const post = async (fields: Record<string, string>) => {
        const res = await fetch(`${pages.url}/staff/stays/${s.stayId}`, {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields),
        });
        const { actionData } = (await res.json()) as { actionData: Record<string, FormReply> };
        return { status: res.status, reply: actionData["routes/staff/stays.$stayId.tsx"]! };
      };
      const form = {
        intent: "incident",
        catId: s.catId,
        whatHappened: "Miso knocked her water bowl over and got a wet paw",
        when: `${addBusinessDays(today, -1)}T12:00`,
        whatWasDone: "Dried her paw and refilled the bowl",
        formToken: crypto.randomBytes(18).toString("base64url"),
      };
      const replies = await Promise.all(Array.from({ length: 20 }, () => post(form)));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      const titles = replies.map((r) => r.reply.notice!.title);
      expect(titles.filter((t) => t === "Incident recorded. The owner is told by e-mail and text.")).toHaveLength(1);
      const replayed = replies.filter((r) => r.reply.notice!.title.startsWith("Already recorded at "));
      expect(replayed).toHaveLength(19);
      expect(replayed[0]!.reply.notice).toMatchObject({ kind: "success", description: "The incident was recorded and the owner told once." });
      expect(replayed[0]!.reply.notice!.title).toMatch(new RegExp(`^Already recorded at \\d{1,2}:\\d{2} [AP]M by ${email.replace(".", "\\.")}$`));
      expect(await db.select().from(careIncidents).where(eq(careIncidents.stayId, s.stayId))).toHaveLength(1);
      const { mails, texts } = await queuedFor(s.stayId);
      expect([mails.length, texts.length]).toEqual([1, 1]);

      // A new form (a fresh token from the page) is a new incident; a post without a token is refused as out of date.
      expect((await post({ ...form, formToken: crypto.randomBytes(18).toString("base64url") })).reply.notice!.title).toBe(
        "Incident recorded. The owner is told by e-mail and text.",
      );
      const { formToken: _, ...withoutToken } = form;
      const stale = await post(withoutToken);
      expect(stale.status).toBe(400);
      expect(stale.reply.notice).toMatchObject({ kind: "error", description: "This form is out of date. Reload the page and try again." });
      expect(await db.select().from(careIncidents).where(eq(careIncidents.stayId, s.stayId))).toHaveLength(2);
    } finally {
      await pages.close();
    }
  });
});
