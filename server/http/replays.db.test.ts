import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import type { Database } from "../db/client";
import {
  appointmentReminders,
  appointments,
  calendarRules,
  callMeBackForm,
  careEntries,
  cats,
  households,
  incomingTexts,
  mailQueue,
  paymentRefunds,
  payments,
  siteContentRevisions,
  stayAgreementSignatures,
  stays,
  telephonyEvents,
  vaccineRecords,
  voucherRequests,
  waitlistEntries,
} from "../db/schema/index";
import { VOUCHER_CONSENT_TEXT } from "~/domain/consent";
import { PHONE_PROOF_INTENTS } from "~/domain/phone-proof";
import { createAppointment, staffActor } from "../appointments/appointments";
import { quoteGroom } from "../grooming/grooming";
import { publishedAgreement } from "../stays/check-in";
import { stayWithMiso, staffMember } from "../testing/care";
import { weekdayOnOrAfter } from "../testing/dates";
import { TEST_PDF, testHousehold } from "../testing/households";
import { testPageBuild } from "../testing/page-build";
import { routeTable } from "../testing/route-table";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";

/**
 * Every post is safe to send twice (ADR 0179). Each route module with an `action` is listed here with
 * how its posts are held to one effect: a scenario this test posts twice at once without JavaScript
 * (one effect, both answered), the test elsewhere that races it, why it is idempotent by nature, or
 * what is still to do. A new action fails the first test until it is listed.
 */
interface Scenario {
  /** The page the form posts to, with its module. */
  page: { path: string; file: string };
  /** Sets the scene: who posts what (a form with a file as multipart), and how to count the effect. */
  setup(): Promise<{ url: string; cookie: string; fields: Record<string, string> | FormData; effects: () => Promise<number> }>;
}
type Entry = { scenarios: Record<string, Scenario> } | { testedIn: string } | { naturally: string };

let database: Database;
let server: TestServer;
const today = businessDate(new Date());
const token = () => crypto.randomBytes(18).toString("base64url");

const staysPage = { path: "admin/stays", file: "routes/admin/stays.tsx" };

/** A new customer with one cat (Miso, vaccinated), signed in. */
async function customer() {
  const home = await testHousehold(database.db, new Date());
  return { ...home, cookie: await sessionCookieFor(database.db, home.user.email) };
}
const countOf = async (rows: Promise<unknown[]>) => (await rows).length;

/**
 * A public page's form (`publicFormAction`): the page is stored once and served to everyone, so it
 * posts no token; the same words again are the same request (ADR 0195).
 */
function voucherOn(path: string, file: string, url: () => Promise<string> = async () => `/${path}`): Record<string, Scenario> {
  return {
    "a voucher request (held by its words: the page is the same for everyone)": {
      page: { path, file },
      async setup() {
        const email = `${crypto.randomUUID()}@example.com`;
        return {
          url: await url(),
          cookie: "",
          fields: { intent: "voucher", name: "Ana Ruiz", email, phone: "(949) 249-1234", consent: "on", consentText: VOUCHER_CONSENT_TEXT },
          effects: async () =>
            (await countOf(database.db.select().from(voucherRequests).where(eq(voucherRequests.email, email)))) *
            (await countOf(database.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email)))),
        };
      },
    },
  };
}

const REGISTRY: Record<string, Entry> = {
  "routes/admin/stays.tsx": {
    scenarios: {
      "refund (the page's form token)": {
        page: staysPage,
        async setup() {
          const home = await testHousehold(database.db, new Date());
          const [stay] = await database.db
            .insert(stays)
            .values({
              householdId: home.householdId,
              status: "confirmed",
              checkIn: addBusinessDays(today, 40),
              checkOut: addBusinessDays(today, 42),
              totalCents: 16_000,
              depositCents: 8_000,
              priceLines: [],
              cancellationTiers: [],
            })
            .returning();
          const [payment] = await database.db
            .insert(payments)
            .values({
              stayId: stay!.id,
              provider: "simulated",
              checkoutSessionId: `sim_cs_${crypto.randomUUID().replaceAll("-", "")}`,
              amountCents: 8_000,
              status: "paid",
              paidAt: new Date(),
            })
            .returning();
          const cookie = await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true });
          return {
            url: "/admin/stays",
            cookie,
            fields: { intent: "refund", paymentId: payment!.id, amount: "20.00", formToken: token() },
            effects: async () => (await database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id))).length,
          };
        },
      },
    },
  },
  // Also on this page: a groom paid at the desk (the page's form token; one payment a groom anyway, groom_payments); the satisfaction guarantee, once a stay (below); move, approve, decline and no-show change a state the second post finds changed; retrying a mail or a text queues the same row again.
  "routes/staff/stays.$stayId.tsx": { testedIn: "server/care/incidents.db.test.ts: an incident posted twice (20 at once, its form token on its row)" },
  // Also on this page: a check-in moves a confirmed stay to checked in; the second post finds it checked in and is refused.
  "routes/admin/stays.$stayId.check-in.tsx": {
    scenarios: {
      "the agreement signed at the desk (the page's form token)": {
        page: { path: "admin/stays/:stayId/check-in", file: "routes/admin/stays.$stayId.check-in.tsx" },
        async setup() {
          const home = await testHousehold(database.db, new Date());
          const [stay] = await database.db
            .insert(stays)
            .values({
              householdId: home.householdId,
              status: "confirmed",
              checkIn: today,
              checkOut: addBusinessDays(today, 2),
              totalCents: 16_000,
              depositCents: 8_000,
              priceLines: [],
              cancellationTiers: [],
            })
            .returning();
          const cookie = await sessionCookieFor(database.db, `desk-${crypto.randomUUID()}@example.com`, { admin: true });
          const { version } = await publishedAgreement(database.db);
          return {
            url: `/admin/stays/${stay!.id}/check-in`,
            cookie,
            fields: { intent: "signAtDesk", fullName: "Dana Whitfield", agree: "on", version, formToken: token() },
            effects: async () => (await database.db.select().from(stayAgreementSignatures).where(eq(stayAgreementSignatures.stayId, stay!.id))).length,
          };
        },
      },
    },
  },
  "routes/admin/stays.$stayId.check-out.tsx": {
    testedIn:
      "server/stays/bill.db.test.ts: a line on the bill posted 20 times at once with the page's form token is one line (ADR 0192), a line removed posted twice at once is removed once (ADR 0199); a groom is on one bill (unique appointment); one release a stay (a unique index, ADR 0162) and a check-out moves a checked-in stay to checked out once, the receipt issued in that transaction.",
  },
  "routes/admin/grooming.tsx": {
    naturally:
      "A groom's guarantee is one per groom (unique appointment, ADR 0166); a service, a groomer's week and a day off are saved as they are (the same save twice leaves the same rows).",
  },
  "routes/admin/stays.book.tsx": {
    naturally: "A cat's nights are held by an exclusion constraint (ADR 0141): the same cats for the same nights are refused the second time.",
  },
  // Booking itself is held by the cat's nights (ADR 0141): the same cats for the same nights are refused the second time.
  "routes/book.stay.tsx": {
    scenarios: {
      "joining the waitlist (the page's form token)": {
        page: { path: "book/stay", file: "routes/book.stay.tsx" },
        async setup() {
          const { cookie, catIds, householdId } = await customer();
          // A Tuesday to a Friday: days the hotel takes arrivals and departures.
          const checkIn = weekdayOnOrAfter(addBusinessDays(today, 30), 2);
          return {
            url: "/book/stay",
            cookie,
            fields: { intent: "waitlist", checkIn, checkOut: addBusinessDays(checkIn, 3), catIds: catIds[0]!, flexDays: "2", formToken: token() },
            effects: () => countOf(database.db.select().from(waitlistEntries).where(eq(waitlistEntries.householdId, householdId))),
          };
        },
      },
    },
  },
  "routes/simulated-payments.$sessionId.tsx": {
    naturally: "A payment event is handled once per event id (handlePaymentEvent, ADR 0132); a paid checkout stays paid.",
  },
  "routes/account.delete.tsx": { naturally: "The account is deleted once: the second post finds no account and no session." },
  "routes/auth.verify.tsx": { naturally: "A sign-in link is used once (it is consumed in the transaction that signs in)." },
  "routes/unsubscribe.tsx": { naturally: "Stopping a kind of mail twice leaves it stopped." },
  "routes/trips.tsx": {
    naturally:
      "Cancelling, changing dates or cats and accepting an offer change a state the second post finds changed (an accepted offer says so); paying reuses the stay's open checkout; leaving the waitlist twice leaves it left.",
  },
  // Confirming the care plan replaces the plan confirmed before.
  "routes/trips.$stayId.check-in.tsx": {
    scenarios: {
      "signing the agreement (the page's form token: each signature is a row of its own)": {
        page: { path: "trips/:stayId/check-in", file: "routes/trips.$stayId.check-in.tsx" },
        async setup() {
          const { stayId, email } = await stayWithMiso(database.db, "confirmed", addBusinessDays(today, 1));
          const { version } = await publishedAgreement(database.db);
          return {
            url: `/trips/${stayId}/check-in`,
            cookie: await sessionCookieFor(database.db, email),
            fields: { intent: "sign", fullName: "Ana Ruiz", agree: "on", version, formToken: token() },
            effects: () => countOf(database.db.select().from(stayAgreementSignatures).where(eq(stayAgreementSignatures.stayId, stayId))),
          };
        },
      },
    },
  },
  "routes/admin/messages.tsx": {
    naturally:
      "An answer keeps its form's key (text_replies, unique; ADR 0191): posted twice it is queued once; a conversation marked done (or read) twice stays done (or read at its first time).",
  },
  "routes/admin/messages.simulated.tsx": {
    scenarios: {
      "a simulated reply (the page's form token: each reply gets a message id of its own)": {
        page: { path: "admin/messages/simulated", file: "routes/admin/messages.simulated.tsx" },
        async setup() {
          const body = `On our way ${crypto.randomUUID()}`;
          return {
            url: "/admin/messages/simulated",
            cookie: await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true }),
            fields: { from: "(949) 555-0142", body, formToken: token() },
            effects: () => countOf(database.db.select().from(incomingTexts).where(eq(incomingTexts.body, body))),
          };
        },
      },
    },
  },
  "routes/admin/team.tsx": { naturally: "A role is held once per person by the database; removing it twice leaves it removed." },
  // Suite types, windows, house rules and a suite's service are saved as they are; a new suite's name is unique (a second is refused).
  "routes/admin/rooms.tsx": {
    scenarios: {
      "adding a calendar rule (the page's form token)": {
        page: { path: "admin/rooms", file: "routes/admin/rooms.tsx" },
        async setup() {
          const name = `Festival ${crypto.randomUUID().slice(0, 8)}`;
          // Far ahead, so no other scenario's nights are priced by it.
          const startsOn = addBusinessDays(today, 500);
          return {
            url: "/admin/rooms",
            cookie: await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true }),
            fields: {
              intent: "addRule",
              kind: "peak",
              name,
              startsOn,
              endsOn: addBusinessDays(startsOn, 3),
              surchargePercent: "20",
              minNights: "1",
              formToken: token(),
            },
            effects: () => countOf(database.db.select().from(calendarRules).where(eq(calendarRules.name, name))),
          };
        },
      },
    },
  },
  // Publishing a draft and reverting are held by the same token.
  "routes/admin/content.tsx": {
    scenarios: {
      "a draft saved by the editor's script (the page's form token)": {
        page: { path: "admin/content", file: "routes/admin/content.tsx" },
        async setup() {
          const email = `admin-${crypto.randomUUID()}@example.com`;
          const promo = { tagline: "Cats only, always", title: `Calm stays ${crypto.randomUUID().slice(0, 8)}`, lead: "A quiet suite for every cat." };
          return {
            url: "/admin/content",
            cookie: await sessionCookieFor(database.db, email, { admin: true }),
            fields: { intent: "draft", section: "promo", value: JSON.stringify(promo), formToken: token() },
            effects: () => countOf(database.db.select().from(siteContentRevisions).where(eq(siteContentRevisions.createdBy, email))),
          };
        },
      },
    },
  },
  "routes/admin/leads.tsx": { naturally: "Its one form sets a lead's follow-up status and note: the same post twice leaves the same row, and sends nothing." },
  "routes/admin/grooming.book.tsx": {
    scenarios: {
      "booking a groom for a customer (the page's form token; the groomer's constraint holds only the same groomer)": {
        page: { path: "admin/grooming/book", file: "routes/admin/grooming.book.tsx" },
        async setup() {
          const { catIds, user, householdId } = await customer();
          const day = weekdayOnOrAfter(addBusinessDays(today, 27), 2);
          const [time] = (await quoteGroom(database.db, user.id, { serviceId: "full-grooming", catIds, day }, new Date())).times;
          return {
            url: "/admin/grooming/book",
            cookie: await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true }),
            fields: { intent: "bookForCustomer", householdId, serviceId: "full-grooming", catIds: catIds[0]!, day, time: time!.time, formToken: token() },
            effects: () => countOf(database.db.select().from(appointments).where(eq(appointments.customerEmail, user.email))),
          };
        },
      },
    },
  },
  // Editing sets the same fields again; confirming, completing and cancelling find the status changed.
  "routes/admin/bookings.tsx": {
    scenarios: {
      "creating an appointment (the page's form token)": {
        page: { path: "admin/bookings", file: "routes/admin/bookings.tsx" },
        async setup() {
          const customerEmail = `${crypto.randomUUID()}@example.com`;
          return {
            url: "/admin/bookings",
            cookie: await sessionCookieFor(database.db, `admin-${crypto.randomUUID()}@example.com`, { admin: true }),
            fields: { intent: "create", customerEmail, serviceId: "full-grooming", date: addBusinessDays(today, 12), time: "10:00", formToken: token() },
            effects: () => countOf(database.db.select().from(appointments).where(eq(appointments.customerEmail, customerEmail))),
          };
        },
      },
    },
  },
  "routes/admin/documents.tsx": {
    naturally:
      "A record is decided only while it awaits review (the update's condition): the second verify or reject is refused (409, already reviewed) before the rejection mail, which is queued once.",
  },
  // A proposal (a groom's move, which mails) is held by the same token; cancelling finds it cancelled.
  "routes/appointments.tsx": {
    scenarios: {
      "a reminder texted by hand (the page's form token)": {
        page: { path: "appointments", file: "routes/appointments.tsx" },
        async setup() {
          const { cookie, user } = await customer();
          const staff = staffActor({ email: "desk@example.com" });
          const appointment = await createAppointment(
            database.db,
            staff,
            {
              customerEmail: user.email,
              serviceId: "full-grooming",
              catNames: "Miso",
              date: addBusinessDays(today, 9),
              time: "11:00",
              notes: "",
              autoReminder: false,
            },
            new Date(),
          );
          return {
            url: "/appointments",
            cookie,
            fields: { intent: "remind", appointmentId: appointment.id, phoneNumber: "(949) 555-0143", message: "See you soon", formToken: token() },
            effects: () => countOf(database.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointment.id))),
          };
        },
      },
    },
  },
  // Moving a groom finds it moved.
  "routes/book.groom.tsx": {
    scenarios: {
      "booking a groom (the page's form token; the salon's slot is held only per groomer)": {
        page: { path: "book/groom", file: "routes/book.groom.tsx" },
        async setup() {
          const { cookie, catIds, user } = await customer();
          const day = weekdayOnOrAfter(addBusinessDays(today, 20), 2);
          const [time] = (await quoteGroom(database.db, user.id, { serviceId: "full-grooming", catIds, day }, new Date())).times;
          return {
            url: "/book/groom",
            cookie,
            fields: { serviceId: "full-grooming", catIds: catIds[0]!, day, time: time!.time, formToken: token() },
            effects: () => countOf(database.db.select().from(appointments).where(eq(appointments.customerEmail, user.email))),
          };
        },
      },
    },
  },
  "routes/cats.new.tsx": {
    scenarios: {
      "adding a cat (the page's form token)": {
        page: { path: "cats/new", file: "routes/cats.new.tsx" },
        async setup() {
          const { cookie, householdId } = await customer();
          const fields = new FormData();
          for (const [name, value] of Object.entries({
            intent: "save",
            name: "Pepper",
            sex: "male",
            spayedNeutered: "yes",
            felvFivStatus: "negative",
            formToken: token(),
          }))
            fields.set(name, value);
          return {
            url: "/cats/new",
            cookie,
            fields,
            effects: () =>
              countOf(
                database.db
                  .select()
                  .from(cats)
                  .where(and(eq(cats.householdId, householdId), eq(cats.name, "Pepper"))),
              ),
          };
        },
      },
    },
  },
  // Saving and archiving a cat change a state the second post finds changed.
  "routes/cats.$catId.tsx": {
    scenarios: {
      "uploading a vaccine record (the page's form token)": {
        page: { path: "cats/:catId", file: "routes/cats.$catId.tsx" },
        async setup() {
          const { cookie, catIds } = await customer();
          const fields = new FormData();
          for (const [name, value] of Object.entries({
            intent: "upload-record",
            vaccine: "rabies",
            expiresOn: addBusinessDays(today, 300),
            formToken: token(),
          }))
            fields.set(name, value);
          fields.set("document", new File([new Uint8Array(TEST_PDF)], "rabies.pdf", { type: "application/pdf" }));
          return {
            url: `/cats/${catIds[0]}`,
            cookie,
            fields,
            effects: () =>
              countOf(
                database.db
                  .select()
                  .from(vaccineRecords)
                  .where(and(eq(vaccineRecords.catId, catIds[0]!), eq(vaccineRecords.vaccine, "rabies"))),
              ),
          };
        },
      },
    },
  },
  // Acknowledging an alert twice leaves it acknowledged.
  "routes/staff/today.tsx": {
    scenarios: {
      "a care tap (the page's form token)": {
        page: { path: "staff/today", file: "routes/staff/today.tsx" },
        async setup() {
          const { stayId, catId } = await stayWithMiso(database.db);
          const { email } = await staffMember(database.db);
          return {
            url: "/staff/today",
            cookie: await sessionCookieFor(database.db, email),
            fields: { intent: "play", stayId, catId, remark: "Chased the feather", formToken: token() },
            effects: () =>
              countOf(
                database.db
                  .select()
                  .from(careEntries)
                  .where(and(eq(careEntries.stayId, stayId), eq(careEntries.kind, "play"))),
              ),
          };
        },
      },
    },
  },
  // The household, the diary switch and the referral link are saved as they are; a code is confirmed once.
  "routes/account.tsx": {
    scenarios: {
      "texting a code to the mobile (the page's form token; one a minute an account anyway)": {
        page: { path: "account", file: "routes/account.tsx" },
        async setup() {
          const mobile = `(949) 249-${String(crypto.randomInt(10_000)).padStart(4, "0")}`;
          const home = await testHousehold(database.db, new Date(), { mobilePhone: mobile });
          return {
            url: "/account",
            cookie: await sessionCookieFor(database.db, home.user.email),
            fields: { intent: PHONE_PROOF_INTENTS.send, formToken: token() },
            effects: () =>
              countOf(
                database.db
                  .select()
                  .from(telephonyEvents)
                  .where(eq(telephonyEvents.to, `+1${mobile.replace(/\D/g, "")}`)),
              ),
          };
        },
      },
    },
  },
  "routes/auth.tsx": {
    naturally:
      "A sign-in link is mailed once a minute an address (its rate limit's row, sliding); a second post within that minute is answered as the first by publicFormAction, which holds it by its words (ADR 0195).",
  },
  // The public pages' forms all post to publicFormAction: a callback, a voucher, the newsletter (one row an address anyway), a sign-in link.
  // An index route's form posts to "/?index" (the router adds it to the form's action).
  "routes/home.tsx": { scenarios: voucherOn("", "routes/home.tsx", async () => "/?index") },
  "routes/home-backup.tsx": { scenarios: voucherOn("home-backup-27.05.25", "routes/home-backup.tsx") },
  "routes/book-online.tsx": { scenarios: voucherOn("book-online", "routes/book-online.tsx") },
  "routes/refer.$code.tsx": {
    scenarios: voucherOn("refer/:code", "routes/refer.$code.tsx", async () => {
      const { householdId } = await testHousehold(database.db, new Date());
      const [home] = await database.db.select({ code: households.referralCode }).from(households).where(eq(households.id, householdId));
      return `/refer/${home!.code}`;
    }),
  },
  "routes/cat-boarding-laguna-niguel.tsx": {
    scenarios: {
      "a callback request (held by its words; the number is called once in 15 minutes anyway)": {
        page: { path: "cat-boarding-laguna-niguel", file: "routes/cat-boarding-laguna-niguel.tsx" },
        async setup() {
          const digits = String(crypto.randomInt(10_000)).padStart(4, "0");
          return {
            url: "/cat-boarding-laguna-niguel",
            cookie: "",
            fields: { intent: "callback", phoneNumber: `(949) 249-${digits}` },
            effects: () =>
              countOf(
                database.db
                  .select()
                  .from(callMeBackForm)
                  .where(eq(callMeBackForm.phoneNumber, `+1949249${digits}`)),
              ),
          };
        },
      },
    },
  },
};

const withAction = routeTable().filter((r) => /export (const|async function) action\b/.test(r.source));
const scenarios = Object.entries(REGISTRY).flatMap(([file, entry]) =>
  "scenarios" in entry ? Object.entries(entry.scenarios).map(([name, scenario]) => ({ file, name, scenario })) : [],
);

beforeAll(async () => {
  database = await createTestDatabase();
  const pages = Object.fromEntries(
    await Promise.all(
      scenarios.map(async ({ scenario: { page } }) => [
        page.file,
        { path: page.path, module: await import(/* @vite-ignore */ `~/${page.file.replace(/\.tsx?$/, "")}`) },
      ]),
    ),
  );
  server = await startPageTestServer(database, testPageBuild(pages));
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe("every post is safe to send twice", () => {
  it("lists every route module with an action, and only those", () => {
    expect(
      withAction.map((r) => r.file).filter((file) => !(file in REGISTRY)),
      "route modules with an action missing from REGISTRY",
    ).toEqual([]);
    expect(
      Object.keys(REGISTRY).filter((file) => !withAction.some((r) => r.file === file)),
      "REGISTRY entries that are not route modules with an action",
    ).toEqual([]);
  });

  it.each(scenarios)("$file $name: posted twice at once without JavaScript, one effect, both answered", async ({ scenario }) => {
    const { url, cookie, fields, effects } = await scenario.setup();
    const post = async () => {
      const res = await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: fields instanceof FormData ? { cookie } : { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: fields instanceof FormData ? fields : new URLSearchParams(fields),
      });
      // A form that moves on to another page answers with where to; the replay goes to the same place.
      if (res.status >= 300 && res.status < 400) return { status: res.status, location: res.headers.get("location"), notice: undefined };
      const reply = (await res.json()) as { actionData?: Record<string, FormReply> };
      return { status: res.status, location: null, notice: reply.actionData ? Object.values(reply.actionData)[0]?.notice : undefined };
    };
    const [first, second] = await Promise.all([post(), post()]);
    const answers = JSON.stringify([first, second]);
    expect(await effects(), answers).toBe(1);
    if (first.location) {
      expect([second.status, second.location], answers).toEqual([first.status, first.location]);
    } else {
      expect([first.status, second.status], answers).toEqual([200, 200]);
      expect(
        [first.notice?.title, second.notice?.title].filter((t) => t?.startsWith("Already recorded at ")),
        answers,
      ).toHaveLength(1);
    }
  });
});
