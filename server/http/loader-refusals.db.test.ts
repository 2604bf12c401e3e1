import crypto from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import routes from "~/routes";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { creditNotes, paymentRefunds, payments, receipts, stays, vaccineRecords } from "../db/schema/index";
import { testHousehold } from "../testing/households";
import { testPageBuild } from "../testing/page-build";
import { testRequestContext } from "../testing/request-context";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startPageTestServer } from "../testing/test-server";
import { mapsRefusals } from "./refusals";

/** Every route in app/routes.ts with its full path (layouts keep their children's paths). */
function routeEntries(entries: RouteConfigEntry[], parentPath = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? parentPath : [parentPath, entry.path].filter(Boolean).join("/");
    return [{ path: `/${full}`, file: entry.file }, ...routeEntries(entry.children ?? [], full)];
  });
}

const ALL = routeEntries(routes);
type RouteModule = { loader?: unknown; action?: unknown };
const load = (file: string) => import(/* @vite-ignore */ path.resolve("app", file)) as Promise<RouteModule>;

let database: Database;
let server: TestServer;

/** Two households: the one signed in, and another whose cat, record, stay and checkout the first must not reach. */
const ids = { cat: "", record: "", stay: "", sessionId: "", endedStay: "", myCat: "", myHousehold: "" };
let today = "";
const cookies = { customer: "", admin: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const now = new Date();
  today = businessDate(now);
  const viewer = await testHousehold(db, now);
  const other = await testHousehold(db, now);
  cookies.customer = await sessionCookieFor(db, viewer.user.email);
  cookies.admin = await sessionCookieFor(db, `admin-${crypto.randomUUID()}@example.com`, { admin: true });
  ids.cat = other.catIds[0]!;
  ids.myCat = viewer.catIds[0]!;
  ids.myHousehold = viewer.householdId;
  ids.record = (await db.select({ id: vaccineRecords.id }).from(vaccineRecords).where(eq(vaccineRecords.catId, ids.cat)))[0]!.id;
  const stay = (householdId: string, status: "awaiting_payment" | "cancelled") => ({
    householdId,
    status,
    checkIn: addBusinessDays(today, 30),
    checkOut: addBusinessDays(today, 32),
    totalCents: 10_000,
    depositCents: 5_000,
    priceLines: [],
    cancellationTiers: [],
  });
  const [theirs] = await db.insert(stays).values(stay(other.householdId, "awaiting_payment")).returning();
  ids.stay = theirs!.id;
  ids.sessionId = `sim_cs_${crypto.randomUUID().replaceAll("-", "")}`;
  const [payment] = await db
    .insert(payments)
    .values({ stayId: ids.stay, provider: "simulated", checkoutSessionId: ids.sessionId, amountCents: 5_000 })
    .returning();
  await db.insert(receipts).values({
    number: 1,
    stayId: ids.stay,
    figures: { checkIn: today, checkOut: today, nights: 1, lines: [], totalCents: 0, payments: [], balanceDueCents: 0 },
  });
  // Its credit note number 1: the address another household tries.
  const [refund] = await db.insert(paymentRefunds).values({ paymentId: payment!.id, amountCents: 1_000, reason: "cancellation", actor: "staff" }).returning();
  await db.insert(creditNotes).values({
    number: 1,
    refundId: refund!.id,
    stayId: ids.stay,
    figures: {
      checkIn: today,
      checkOut: today,
      amountCents: 1_000,
      reason: "cancellation",
      atDesk: false,
      payment: { kind: "deposit", method: "card", amountCents: 5_000, reference: null, paidAt: null },
      receiptNumber: null,
    },
  });
  const [ended] = await db.insert(stays).values(stay(viewer.householdId, "cancelled")).returning();
  ids.endedStay = ended!.id;

  // Every route with an id, behind the page handler as in production (parent layouts aside: each page guards itself).
  const pages = new Set([...Object.keys(QUERY_IDS), ...[...Object.values(POSTED_IDS), ...Object.values(NOTED_IDS)].map((c) => c.page)]);
  const withIds = ALL.filter((r) => r.path.includes(":") || pages.has(r.path));
  const build = testPageBuild(Object.fromEntries(await Promise.all(withIds.map(async (r) => [r.file, { path: r.path.slice(1), module: await load(r.file) }]))));
  server = await startPageTestServer(database, build, { MAX_BODY_BYTES: "1000000" });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const MALFORMED = ["not-a-uuid", "1'%20or%20'1'='1", "%00"];

interface IdCase {
  /** The address with this id in it (ids are sent as they are: a malformed one is already escaped). */
  url: (id: string) => string;
  /** Another household's id, for a customer; none: the route is staff's. */
  theirs?: () => string;
  unknown: string;
  /** Admins read these too (staff pages, private files): unknown and malformed ids. */
  admin: boolean;
}

/** Every route of app/routes.ts with a parameter: a new one fails the walk until it is added here. */
const PARAM_ROUTES: Record<string, IdCase> = {
  "/admin/customers/:householdId": { url: (id) => `/admin/customers/${id}`, unknown: UUID(), admin: true },
  "/simulated-payments/:sessionId": {
    url: (id) => `/simulated-payments/${id}`,
    theirs: () => ids.sessionId,
    unknown: `sim_cs_${"0".repeat(32)}`,
    admin: false,
  },
  "/cats/:catId": { url: (id) => `/cats/${id}`, theirs: () => ids.cat, unknown: UUID(), admin: false },
  "/trips/:stayId/check-in": { url: (id) => `/trips/${id}/check-in`, theirs: () => ids.stay, unknown: UUID(), admin: false },
  "/trips/:stayId": { url: (id) => `/trips/${id}`, theirs: () => ids.stay, unknown: UUID(), admin: false },
  "/trips/:stayId/photos/:entryId/:file": { url: (id) => `/trips/${id}/photos/${id}/480.webp`, theirs: () => ids.stay, unknown: UUID(), admin: true },
  "/cats/:catId/photo/:file": { url: (id) => `/cats/${id}/photo/320.webp`, theirs: () => ids.cat, unknown: UUID(), admin: true },
  "/vaccine-records/:recordId/document": { url: (id) => `/vaccine-records/${id}/document`, theirs: () => ids.record, unknown: UUID(), admin: true },
  // Another household's code is what the link is for (it answers a page saying so): only unknown and malformed codes are refused.
  "/refer/:code": { url: (id) => `/refer/${id}`, unknown: "0123456789abcdef", admin: false },
  "/trips/:stayId/receipt.pdf": { url: (id) => `/trips/${id}/receipt.pdf`, theirs: () => ids.stay, unknown: UUID(), admin: true },
  "/trips/:stayId/credit-notes/:number": { url: (id) => `/trips/${id}/credit-notes/1`, theirs: () => ids.stay, unknown: UUID(), admin: true },
  "/admin/stays/:stayId/check-in": { url: (id) => `/admin/stays/${id}/check-in`, unknown: UUID(), admin: true },
  "/admin/stays/:stayId/check-out": { url: (id) => `/admin/stays/${id}/check-out`, unknown: UUID(), admin: true },
  "/admin/stays/:stayId/suite-card": { url: (id) => `/admin/stays/${id}/suite-card`, unknown: UUID(), admin: true },
  "/staff/stays/:stayId": { url: (id) => `/staff/stays/${id}`, unknown: UUID(), admin: true },
};

/** Pages that take an id in the query (not in the route config, so listed by hand). */
const QUERY_IDS: Record<string, IdCase> = {
  "/book/groom": { url: (id) => `/book/groom?stay=${id}`, theirs: () => ids.stay, unknown: UUID(), admin: false },
  "/admin/grooming/book": { url: (id) => `/admin/grooming/book?household=${id}`, unknown: UUID(), admin: true },
  "/admin/stays/book": { url: (id) => `/admin/stays/book?household=${id}`, unknown: UUID(), admin: true },
};
const MOVE_GROOM: IdCase = { url: (id) => `/book/groom?move=${id}`, unknown: UUID(), admin: false };

/** A form that posts an id to its page (the route in `page`, the address in `url`). */
interface PostedIdCase extends IdCase {
  page: string;
  fields: (id: string) => Record<string, string>;
  /** What the form answers: a refusal, unless removing what is not there is simply done. */
  answers?: number[];
}
const posted = (page: string, fields: PostedIdCase["fields"], more: Partial<PostedIdCase> = {}): PostedIdCase => ({
  page,
  url: () => page,
  fields,
  unknown: UUID(),
  admin: page.startsWith("/admin"),
  ...more,
});
const inDays = (n: number) => addBusinessDays(today, n);

/** Every form that posts an id: another household's (a customer's form), an unknown and a malformed one are refused. */
const POSTED_IDS: Record<string, PostedIdCase> = {
  "/trips cancel": posted("/trips", (id) => ({ intent: "cancel", stayId: id }), { theirs: () => ids.stay }),
  "/trips pay": posted("/trips", (id) => ({ intent: "pay", stayId: id }), { theirs: () => ids.stay }),
  "/trips change": posted("/trips", (id) => ({ intent: "change", stayId: id, checkIn: inDays(40), checkOut: inDays(42) }), { theirs: () => ids.stay }),
  "/trips changeCats": posted("/trips", (id) => ({ intent: "changeCats", stayId: id, catIds: ids.myCat }), { theirs: () => ids.stay }),
  "/trips accept": posted("/trips", (id) => ({ intent: "accept", stayId: id }), { theirs: () => ids.stay }),
  "/trips leaveWaitlist": posted("/trips", (id) => ({ intent: "leaveWaitlist", entryId: id })),
  "/trips/:stayId/check-in plan": posted(
    "/trips/:stayId/check-in",
    () => ({
      intent: "plan",
      vetSpendLimit: "500",
      contactName: "Bo Ruiz",
      contactPhone: "(949) 249-5678",
      "pickup[0].name": "Cy Ruiz",
      "pickup[0].phone": "(949) 249-5679",
    }),
    { url: (id) => `/trips/${encodeURIComponent(id)}/check-in`, theirs: () => ids.stay },
  ),
  "/trips/:stayId/check-in sign": posted("/trips/:stayId/check-in", () => ({ intent: "sign", fullName: "Ana Ruiz", agree: "on", version: "0123456789ab" }), {
    url: (id) => `/trips/${encodeURIComponent(id)}/check-in`,
    theirs: () => ids.stay,
  }),
  "/cats/:catId archive": posted("/cats/:catId", () => ({ intent: "archive" }), { url: (id) => `/cats/${encodeURIComponent(id)}`, theirs: () => ids.cat }),
  "/staff/today meal": posted("/staff/today", (id) => ({ intent: "meal", stayId: id, catId: id, meal: "Breakfast", eaten: "half" }), { admin: true }),
  "/staff/stays/:stayId incident": posted(
    "/staff/stays/:stayId",
    () => ({ intent: "incident", whatHappened: "Sneezed twice", when: "10:00", whatWasDone: "Watched her", vetCalled: "on" }),
    { url: (id) => `/staff/stays/${encodeURIComponent(id)}`, admin: true },
  ),
  "/staff/today correction": posted("/staff/today", (id) => ({ intent: "water", stayId: UUID(), catId: UUID(), correctsId: id }), { admin: true }),
  "/staff/today acknowledge": posted("/staff/today", (id) => ({ intent: "acknowledge", alertId: id }), { admin: true }),
  "/admin/documents verify": posted("/admin/documents", (id) => ({ intent: "verify", recordId: id, expiresOn: inDays(200) })),
  "/admin/documents reject": posted("/admin/documents", (id) => ({ intent: "reject", recordId: id, reason: "The document cannot be read." })),
  "/admin/stays/:stayId/check-in checkIn": posted(
    "/admin/stays/:stayId/check-in",
    () => ({ intent: "checkIn", "cats[0].catId": UUID(), "cats[0].weight": "4.2" }),
    {
      url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-in`,
    },
  ),
  "/admin/stays/:stayId/check-out checkOut": posted(
    "/admin/stays/:stayId/check-out",
    () => ({ intent: "checkOut", "cats[0].catId": UUID(), "cats[0].weight": "4.2" }),
    {
      url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-out`,
    },
  ),
  "/admin/stays/:stayId/check-out release": posted("/admin/stays/:stayId/check-out", (id) => ({ intent: "release", stayId: id, code: "123456" }), {
    url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-out`,
  }),
  "/admin/stays/:stayId/check-out billLine": posted(
    "/admin/stays/:stayId/check-out",
    (id) => ({ intent: "billLine", stayId: id, kind: "tip", amount: "5", formToken: crypto.randomBytes(18).toString("base64url") }),
    { url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-out` },
  ),
  "/admin/stays/:stayId/check-out removeLine": posted(
    "/admin/stays/:stayId/check-out",
    (id) => ({ intent: "removeLine", stayId: id, lineId: id, formToken: crypto.randomBytes(18).toString("base64url") }),
    { url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-out` },
  ),
  "/admin/stays/:stayId/check-out groomLine": posted(
    "/admin/stays/:stayId/check-out",
    (id) => ({ intent: "groomLine", stayId: id, appointmentId: id, formToken: crypto.randomBytes(18).toString("base64url") }),
    { url: (id) => `/admin/stays/${encodeURIComponent(id)}/check-out` },
  ),
  "/admin/stays move": posted("/admin/stays", (id) => ({ intent: "move", stayId: id, suiteId: UUID() })),
  "/admin/stays refund": posted("/admin/stays", (id) => ({ intent: "refund", paymentId: id, amount: "10" })),
  "/admin/stays guarantee": posted("/admin/stays", (id) => ({ intent: "guarantee", stayId: id, reason: "The suite was cold.", amount: "10" })),
  "/admin/stays retryMail": posted("/admin/stays", (id) => ({ intent: "retryMail", mailId: id })),
  "/admin/stays retrySms": posted("/admin/stays", (id) => ({ intent: "retrySms", smsId: id })),
  "/admin/rooms suiteService": posted("/admin/rooms", (id) => ({ intent: "suiteService", suiteId: id, inService: "on" })),
  "/admin/rooms deleteRule": posted("/admin/rooms", (id) => ({ intent: "deleteRule", ruleId: id })),
  // Removing a day off that is not there changes nothing, and says it is done.
  "/admin/grooming groomGuarantee": posted("/admin/grooming", (id) => ({
    intent: "groomGuarantee",
    appointmentId: id,
    reason: "The nails were cut too short.",
    amount: "10",
    method: "cash",
  })),
  "/admin/stays groomPayment": posted("/admin/stays", (id) => ({
    intent: "groomPayment",
    appointmentId: id,
    method: "cash",
    formToken: crypto.randomBytes(18).toString("base64url"),
  })),
  "/admin/grooming removeDayOff": posted("/admin/grooming", (id) => ({ intent: "removeDayOff", groomerId: id, day: inDays(5) }), { answers: [200, 400, 404] }),
  "/admin/content publish-draft": posted("/admin/content", (id) => ({ intent: "publish-draft", section: "business", revisionId: id }), {
    unknown: "99999999999",
  }),
  "/admin/content revert": posted("/admin/content", (id) => ({ intent: "revert", section: "business", revisionId: id }), { unknown: "99999999999" }),
};
/** The same malformed ids as a form sends them (decoded). */
const MALFORMED_FIELDS = ["not-a-uuid", "1' or '1'='1", "\u0000", "9".repeat(400)];

/**
 * Addresses whose id only adds a line to the page ("your stay is booked", a draft's preview): one
 * that is not the viewer's, unknown or malformed shows the page without it.
 */
interface NotedIdCase extends IdCase {
  page: string;
  /** What the page answers: itself, or a refusal where the id is the page's only subject. */
  answers?: number[];
}
const noted = (page: string, url: (id: string) => string, more: Partial<NotedIdCase> = {}): NotedIdCase => ({
  page,
  url,
  unknown: UUID(),
  admin: false,
  ...more,
});
const NOTED_IDS: Record<string, NotedIdCase> = {
  "/trips?booked=…": noted("/trips", (id) => `/trips?booked=${id}&paid=${id}&waitlisted=${id}&changed=${id}&catsChanged=${id}`, { theirs: () => ids.stay }),
  "/trips?change=": noted("/trips", (id) => `/trips?change=${id}&checkIn=${inDays(40)}&checkOut=${inDays(42)}`, { theirs: () => ids.stay }),
  "/trips?changeCats=": noted("/trips", (id) => `/trips?changeCats=${id}&catIds=${ids.myCat}`, { theirs: () => ids.stay }),
  "/cats?saved=": noted("/cats", (id) => `/cats?saved=${id}`, { theirs: () => ids.cat }),
  "/cats?archived=": noted("/cats", (id) => `/cats?archived=${id}`, { theirs: () => ids.cat }),
  "/appointments?booked=&stay=": noted("/appointments", (id) => `/appointments?booked=${id}&stay=${id}`, { theirs: () => ids.stay }),
  "/appointments?before=": noted("/appointments", (id) => `/appointments?before=${id}`),
  "/admin/grooming/book?booked=": noted("/admin/grooming/book", (id) => `/admin/grooming/book?household=${ids.myHousehold}&booked=${id}`, { admin: true }),
  // A cursor that does not read is a 400 page that says so.
  "/admin/documents?before=": noted("/admin/documents", (id) => `/admin/documents?before=${id}&after=${id}`, { admin: true, answers: [200, 400] }),
  "/?preview=": noted("/", (id) => `/?preview=${id}`, { unknown: "99999999999", admin: true }),
};

function UUID() {
  return crypto.randomUUID();
}

async function statusOf(url: string, cookie: string, method: "GET" | "POST", fields: Record<string, string> = { intent: "pay" }) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    redirect: "manual",
    headers: { cookie, ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    // Each post carries a fresh form token, as the page renders one (ADR 0179).
    body: method === "POST" ? new URLSearchParams({ formToken: crypto.randomBytes(18).toString("base64url"), ...fields }) : undefined,
  });
  const body = await res.text();
  expect(body, `${method} ${url}`).not.toMatch(/\bat .+\.(ts|tsx|js):\d+/);
  return res.status;
}

/** Each id the case is walked with, for whom. */
function walks(name: string, c: IdCase, malformed = MALFORMED) {
  const asCustomer =
    c.theirs || !c.admin ? [["another household's", c.theirs?.()], ["an unknown", c.unknown], ...malformed.map((m) => ["a malformed", m])] : [];
  const asAdmin = c.admin ? [["an unknown", c.unknown], ...malformed.map((m) => ["a malformed", m])] : [];
  return [
    ...asCustomer
      .filter(([, id]) => id !== undefined)
      .map(([what, id]) => ({ who: "customer" as const, what: `${name} with ${what} id (${id})`, id: id!, url: c.url(id!) })),
    ...asAdmin.map(([what, id]) => ({ who: "admin" as const, what: `${name} as an admin with ${what} id (${id})`, id: id!, url: c.url(id!) })),
  ];
}

type Loader = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;

async function callLoader(route: string, url: string, params: Record<string, string> = {}) {
  const { loader } = (await import(/* @vite-ignore */ path.resolve("app/routes", `${route}.tsx`))) as { loader: Loader };
  const request = new Request(`http://localhost${url}`, { headers: { cookie: cookies.customer } });
  return loader({ request, context: testRequestContext(server.env, database.db), params });
}

describe("every loader and action", () => {
  it("maps domain refusals with mapRefusals (server/http/refusals.ts)", async () => {
    const holes: string[] = [];
    for (const { path: url, file } of ALL) {
      const mod = await load(file);
      for (const name of ["loader", "action"] as const) if (mod[name] && !mapsRefusals(mod[name])) holes.push(`${file} ${name} (${url})`);
    }
    expect(holes, "wrap these in mapRefusals: a refusal they throw is a 500 otherwise").toEqual([]);
  });
});

describe("a page with another household's, an unknown or a malformed id", () => {
  it("covers every route of app/routes.ts that has a parameter", () => {
    const withParams = ALL.filter((r) => r.path.includes(":")).map((r) => r.path);
    expect(withParams.toSorted(), "add the new route to PARAM_ROUTES in this test").toEqual(Object.keys(PARAM_ROUTES).toSorted());
    for (const page of Object.keys(QUERY_IDS)) expect(ALL.map((r) => r.path)).toContain(page);
  });

  it.each(Object.entries({ ...PARAM_ROUTES, ...QUERY_IDS, "/book/groom (move)": MOVE_GROOM }))("%s answers 404 or 400, never a 500", async (name, c) => {
    const file = ALL.find((r) => r.path === name.split(" ")[0])!.file;
    const { action } = await load(file);
    for (const { who, what, url } of walks(name, c)) {
      expect([400, 404], `GET ${what}`).toContain(await statusOf(url, cookies[who], "GET"));
      // The page's forms post to the same address: the action refuses the id the same way.
      if (action) expect([400, 404], `POST ${what}`).toContain(await statusOf(url, cookies[who], "POST"));
    }
  });

  it.each(Object.entries(POSTED_IDS))("%s refuses it, never a 500", async (name, c) => {
    for (const { who, what, id } of walks(name, c, MALFORMED_FIELDS)) {
      const url = c.url(id);
      expect(c.answers ?? [400, 404], `POST ${what}`).toContain(await statusOf(url, cookies[who], "POST", c.fields(id)));
    }
  });

  it.each(Object.entries(NOTED_IDS))("%s shows the page without the line, never a 500", async (name, c) => {
    for (const { who, what, url } of walks(name, c)) expect(c.answers ?? [200], `GET ${what}`).toContain(await statusOf(url, cookies[who], "GET"));
  });

  it("says why in words for the person, as a form's refusal does", async () => {
    const thrown = await callLoader("simulated-payments.$sessionId", `/simulated-payments/${ids.sessionId}`, { sessionId: ids.sessionId }).catch(
      (e: unknown) => e,
    );
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      init: { status: 404 },
      data: { code: "CHECKOUT_NOT_FOUND", message: "We couldn't find that payment." },
    });
  });

  it("a stay of one's own that was cancelled leaves Book a Groom's first step open, with the reason", async () => {
    expect(await callLoader("book.groom", `/book/groom?stay=${ids.endedStay}`)).toMatchObject({
      step: "choose",
      stay: null,
      errors: { form: expect.stringContaining("cancelled") },
    });
  });
});
