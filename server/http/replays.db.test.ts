import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import type { FormReply } from "~/lib/forms";
import type { Database } from "../db/client";
import { paymentRefunds, payments, stayAgreementSignatures, stays } from "../db/schema/index";
import { publishedAgreement } from "../stays/check-in";
import { testHousehold } from "../testing/households";
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
  /** Sets the scene: who posts what, and how to count the effect. */
  setup(): Promise<{ url: string; cookie: string; fields: Record<string, string>; effects: () => Promise<number> }>;
}
type Entry = { scenarios: Record<string, Scenario> } | { testedIn: string } | { naturally: string } | { notYet: string };

let database: Database;
let server: TestServer;
const today = businessDate(new Date());
const token = () => crypto.randomBytes(18).toString("base64url");

const staysPage = { path: "admin/stays", file: "routes/admin/stays.tsx" };

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
  // Also on this page: the satisfaction guarantee, once a stay (below); move, approve, decline and no-show change a state the second post finds changed; retrying a mail or a text queues the same row again.
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
      "server/stays/bill.db.test.ts: a line on the bill posted 20 times at once with the page's form token is one line (ADR 0192); a groom is on one bill (unique appointment); one release a stay (a unique index, ADR 0162) and a check-out moves a checked-in stay to checked out once, the receipt issued in that transaction.",
  },
  "routes/admin/grooming.tsx": {
    naturally:
      "A groom's guarantee is one per groom (unique appointment, ADR 0166), so is its payment at the desk (groom_payments, unique appointment, ADR 0192; 20 at once in server/stays/bill.db.test.ts); a service, a groomer's week and a day off are saved as they are (the same save twice leaves the same rows).",
  },
  "routes/admin/stays.book.tsx": {
    naturally: "A cat's nights are held by an exclusion constraint (ADR 0141): the same cats for the same nights are refused the second time.",
  },
  "routes/book.stay.tsx": {
    notYet: "Booking is held by the cat's nights (ADR 0141); joining the waitlist twice adds two entries: give the page a form token and submitOnce.",
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
  "routes/trips.$stayId.check-in.tsx": {
    notYet: "Signing the agreement twice adds two signatures (the latest counts): give the page a form token and submitOnce.",
  },
  "routes/admin/messages.tsx": {
    naturally: "An answer keeps its form's key (text_replies, unique; ADR 0191): posted twice it is queued once; a conversation marked done twice stays done.",
  },
  "routes/admin/messages.simulated.tsx": {
    notYet: "A simulated reply posted twice comes in twice (each gets a message id of its own); only the simulated provider has this page: submitOnce.",
  },
  "routes/admin/team.tsx": { naturally: "A role is held once per person by the database; removing it twice leaves it removed." },
  "routes/admin/rooms.tsx": { notYet: "Suite types, windows and house rules are saved as they are; a calendar rule posted twice is added twice: submitOnce." },
  "routes/admin/content.tsx": { notYet: "A draft posted twice saves two revisions of the same text (nothing sent): submitOnce." },
  "routes/admin/leads.tsx": { notYet: "Check what its posts create and give it submitOnce where they create." },
  "routes/admin/grooming.book.tsx": {
    notYet:
      "A groom booked twice for the same slot is refused by the groomer's exclusion constraint (ADR 0130) only when staff chose the same groomer: submitOnce.",
  },
  "routes/admin/bookings.tsx": { notYet: "Creating an appointment twice adds two: submitOnce; the status changes find the status changed." },
  "routes/admin/documents.tsx": {
    notYet: "Verifying or rejecting a record twice: check the second finds it decided, and that the rejection mail is queued once.",
  },
  "routes/appointments.tsx": { notYet: "A reminder sent by hand twice texts twice, a proposal posted twice proposes twice: submitOnce." },
  "routes/book.groom.tsx": { notYet: "A groom booked twice: submitOnce (the salon's slot is held only per groomer)." },
  "routes/cats.new.tsx": { notYet: "A cat added twice is two cats: submitOnce." },
  "routes/cats.$catId.tsx": { notYet: "A vaccine record uploaded twice is two records: submitOnce; saving and archiving change a state." },
  "routes/staff/today.tsx": { notYet: "A care tap (a meal, a dose, a photo) posted twice is two entries: submitOnce with the page's token." },
  "routes/account.tsx": {
    notYet: "A phone code sent twice texts twice (rate-limited); the saves (the household, a team member's name and PIN) are updates: submitOnce for the code.",
  },
  "routes/auth.tsx": { notYet: "A sign-in mail requested twice is sent twice (rate-limited)." },
  "routes/home.tsx": { notYet: "A callback, voucher or newsletter request posted twice: submitOnce in publicFormAction." },
  "routes/home-backup.tsx": { notYet: "As the home page: submitOnce in publicFormAction." },
  "routes/cat-boarding-laguna-niguel.tsx": { notYet: "As the home page: submitOnce in publicFormAction." },
  "routes/book-online.tsx": { notYet: "As the home page: submitOnce in publicFormAction." },
  "routes/refer.$code.tsx": { notYet: "Check what its post creates." },
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
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const reply = (await res.json()) as { actionData?: Record<string, FormReply> };
      return { status: res.status, notice: reply.actionData ? Object.values(reply.actionData)[0]?.notice : undefined };
    };
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status], JSON.stringify([first, second])).toEqual([200, 200]);
    expect(await effects()).toBe(1);
    expect([first.notice?.title, second.notice?.title].filter((t) => t?.startsWith("Already recorded at "))).toHaveLength(1);
  });
});
