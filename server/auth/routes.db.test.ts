import path from "node:path";
import { testRequestContext } from "../testing/request-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminErrorBoundary } from "~/routes/admin/error-boundary";
import type { RequestContext } from "../context";
import type { Database } from "../db/client";
import { userRoles, users, verifications } from "../db/schema/index";
import { loadEnv } from "../env";
import { routeTable } from "../testing/route-table";
import { createTestDatabase } from "../testing/test-database";
import { ROLES, ROLE_PERMISSIONS, ROUTE_PERMISSIONS } from "~/domain/roles";
import { verifyLinkAction } from "./verify-link.server";
import { createSession } from "./sessions";
import { hashToken, randomToken } from "../crypto/tokens";

let database: Database;
let context: RequestContext;
const PEOPLE = ["customer", ...ROLES] as const;
type Person = (typeof PEOPLE)[number];
const cookies = {} as Record<Person, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  context = testRequestContext(env, database.db);
  for (const who of PEOPLE) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `${who}@example.com` })
      .returning();
    if (who !== "customer") await database.db.insert(userRoles).values({ userId: user!.id, role: who });
    cookies[who] = `cat_hotel_session=${(await createSession(database.db, user!.id, new Date())).token}`;
  }
});
afterAll(() => database.close());

/** Every route module under /admin, read from app/routes.ts: routes added later are checked too. */
const adminRouteFiles = () => routeTable().filter((r) => r.url === "/admin" || r.url.startsWith("/admin/"));

type Handler = (args: { request: Request; context: RequestContext; params: Record<string, string> }) => Promise<unknown>;

async function outcome(handler: Handler, url: string, cookie?: string, method = "GET") {
  const request = new Request(`http://localhost${url}`, { method, headers: cookie ? { cookie } : {} });
  try {
    await handler({ request, context, params: {} });
    return "allowed";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("location")}`;
    if (thrown instanceof Object && "type" in thrown && thrown.type === "DataWithResponseInit") {
      const { data, init } = thrown as unknown as { data: { code?: string }; init: { status?: number } };
      // The guard's refusal of a role: a 403 page that says so.
      if (data.code === "NOT_PERMITTED") return `${init.status} NOT_PERMITTED`;
      // Past the guard, a page may answer for itself (a household that does not exist is a 404 page).
      return "allowed";
    }
    throw thrown;
  }
}

describe("the admin pages", () => {
  const admin = adminRouteFiles().map(({ url, file }) => ({ path: url, file }));

  it("are all found in the route config", () => {
    expect(admin.map((r) => r.path)).toEqual(expect.arrayContaining(["/admin", "/admin/bookings", "/admin/content", "/admin/analytics"]));
  });

  it("each show their own failures inside the admin layout (an ErrorBoundary per page, none on the layout)", async () => {
    // A resource route (a .ts file: a CSV, a PDF) renders no page, so it has no boundary to show.
    for (const { path: url, file } of admin.filter((r) => r.file.endsWith(".tsx"))) {
      const mod = (await import(/* @vite-ignore */ path.resolve("app", file))) as { ErrorBoundary?: unknown };
      if (file.endsWith("layout.tsx")) expect(mod.ErrorBoundary, `${file}: a boundary here would hide the admin menu`).toBeUndefined();
      else expect(mod.ErrorBoundary, `${url} (${file}) needs export { AdminErrorBoundary as ErrorBoundary }`).toBe(AdminErrorBoundary);
    }
  });

  it("the layout lets in the roles with a page under /admin: a care attendant is refused in words, a customer sent home", async () => {
    const layout = admin.find((r) => r.file.endsWith("layout.tsx"))!;
    const { loader } = (await import(/* @vite-ignore */ path.resolve("app", layout.file))) as { loader: Handler };
    expect(await outcome(loader, "/admin")).toBe(`302 /auth?redirectTo=${encodeURIComponent("/admin")}`);
    expect(await outcome(loader, "/admin", cookies.customer)).toBe("302 /");
    expect(await outcome(loader, "/admin", cookies.care)).toBe("403 NOT_PERMITTED");
    for (const role of ["owner", "manager", "front_desk"] as const) expect(await outcome(loader, "/admin", cookies[role]), role).toBe("allowed");
  });
});

/** Every route module under /staff, read from app/routes.ts. */
const staffRouteFiles = () => routeTable().filter((r) => r.url === "/staff" || r.url.startsWith("/staff/"));

describe("the team's pages, walked for every role (ADR 0185)", () => {
  const pages = [...adminRouteFiles(), ...staffRouteFiles()].filter((r) => !r.layout);

  it("each declare the permission they need in ROUTE_PERMISSIONS, and nothing else is declared", () => {
    const declared = Object.keys(ROUTE_PERMISSIONS).sort();
    for (const { url } of pages) expect(ROUTE_PERMISSIONS[url], `${url} needs its permission in ROUTE_PERMISSIONS (app/domain/roles.ts)`).toBeDefined();
    expect(declared).toEqual(pages.map((r) => r.url).sort());
  });

  it("each guard their loader and action: visitors to /auth, customers home, a role without the permission refused (403), the others in", async () => {
    expect(pages.length).toBeGreaterThan(15);
    for (const { url, file } of pages) {
      const permission = ROUTE_PERMISSIONS[url]!;
      const mod = (await import(/* @vite-ignore */ path.resolve("app", file))) as { loader?: Handler; action?: Handler };
      expect(mod.loader, `${file} needs a loader that calls requirePermission`).toBeTypeOf("function");
      for (const [name, handler, method] of [
        ["loader", mod.loader, "GET"],
        ["action", mod.action, "POST"],
      ] as const) {
        if (!handler) continue;
        expect(await outcome(handler, url, undefined, method), `${file} ${name}, visitor`).toBe(`302 /auth?redirectTo=${encodeURIComponent(url)}`);
        expect(await outcome(handler, url, cookies.customer, method), `${file} ${name}, customer`).toBe("302 /");
        for (const role of ROLES) {
          // An action past its guard answers the empty form's refusal (a 400), which is the page's own answer.
          const expected = ROLE_PERMISSIONS[role].includes(permission) ? "allowed" : "403 NOT_PERMITTED";
          expect(await outcome(handler, url, cookies[role], method), `${file} ${name}, ${role} (needs ${permission})`).toBe(expected);
        }
      }
    }
  });

  it("the front desk is refused content, rates, revenue and the team, and reaches the desk", () => {
    const frontDesk = (url: string) => ROLE_PERMISSIONS.front_desk.includes(ROUTE_PERMISSIONS[url]!);
    expect(["/admin/content", "/admin/rooms", "/admin/analytics/revenue", "/admin/team", "/admin/customers"].filter(frontDesk)).toEqual([]);
    expect(["/admin/stays", "/admin/stays/:stayId/check-in", "/admin/stays/:stayId/check-out", "/admin/documents"].every(frontDesk)).toBe(true);
  });
});

describe("the other signed-in pages", () => {
  it("/account sends visitors to /auth and back", async () => {
    const { loader } = (await import("~/routes/account")) as unknown as { loader: Handler };
    expect(await outcome(loader, "/account")).toBe("302 /auth?redirectTo=%2Faccount");
    expect(await outcome(loader, "/account", cookies.customer)).toBe("allowed");
  });

  it("the My Cats pages send visitors to /auth and back, for reading and for changing", async () => {
    for (const [file, url] of [
      ["cats", "/cats"],
      ["cats.new", "/cats/new"],
      ["cats.$catId", "/cats/x"],
    ] as const) {
      const { loader, action } = (await import(`~/routes/${file}.tsx`)) as unknown as { loader: Handler; action?: Handler };
      const back = `302 /auth?redirectTo=${encodeURIComponent(url)}`;
      expect(await outcome(loader, url), `${url} loader`).toBe(back);
      if (action) expect(await outcome(action, url, undefined, "POST"), `${url} action`).toBe(back);
    }
    const { loader } = (await import("~/routes/cats")) as unknown as { loader: Handler };
    expect(await outcome(loader, "/cats", cookies.customer)).toBe("allowed");
  });

  it("/auth sends signed-in visitors on: admins to /admin, others to / or where they were going", async () => {
    const { loader } = (await import("~/routes/auth")) as unknown as { loader: Handler };
    expect(await outcome(loader, "/auth")).toBe("allowed");
    expect(await outcome(loader, "/auth", cookies.customer)).toBe("302 /");
    expect(await outcome(loader, "/auth", cookies.owner)).toBe("302 /admin");
    expect(await outcome(loader, "/auth", cookies.front_desk)).toBe("302 /admin");
    expect(await outcome(loader, "/auth", cookies.care)).toBe("302 /");
    expect(await outcome(loader, "/auth?redirectTo=%2Faccount", cookies.customer)).toBe("302 /account");
    expect(await outcome(loader, "/auth?redirectTo=https%3A%2F%2Fevil.example", cookies.customer)).toBe("302 /");
  });

  it("/dev/outbox exists only in development without SMTP", async () => {
    const { loader } = (await import("~/routes/dev.outbox")) as unknown as { loader: Handler };
    const call = (env: Record<string, string>) =>
      loader({
        request: new Request("http://localhost/dev/outbox"),
        params: {},
        context: { ...context, env: loadEnv({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", ...env }) },
      }).then(
        () => 200,
        (e: { init?: { status?: number } }) => e.init?.status,
      );
    expect(await call({})).toBe(200);
    expect(await call({ SMTP_URL: "smtp://127.0.0.1:2525" })).toBe(404);
  });
});

describe("the link page's action", () => {
  async function linkFor(email: string, expiresInMs = 600_000) {
    const token = randomToken();
    await database.db.insert(verifications).values({ email, tokenHash: hashToken(token), codeHash: "00", expiresAt: new Date(Date.now() + expiresInMs) });
    return token;
  }
  const post = (token: string, headers: Record<string, string> = {}) =>
    new Request(`http://localhost/auth/verify?token=${token}`, { method: "POST", body: new URLSearchParams({ token }), headers });

  it("signs in with the session cookie set, once", async () => {
    const token = await linkFor("clicker@example.com");
    const first = await verifyLinkAction(post(token), context, new Date());
    expect(first.data).toEqual({ ok: true, redirectTo: "/", email: "clicker@example.com" });
    expect(new Headers(first.init?.headers).getSetCookie()[0]).toMatch(/^cat_hotel_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    const second = await verifyLinkAction(post(token), context, new Date());
    expect([second.init?.status, second.data]).toEqual([
      400,
      { ok: false, code: "LINK_USED", message: "This sign-in link has already been used. Please request a new one." },
    ]);
  });

  it("says clearly when the link has expired", async () => {
    const token = await linkFor("slow@example.com", -1000);
    const res = await verifyLinkAction(post(token), context, new Date());
    expect(res.data).toMatchObject({ ok: false, code: "LINK_EXPIRED", message: expect.stringContaining("expired") });
  });

  it("sets a __Host- cookie with Secure in production", async () => {
    const token = await linkFor("prod@example.com");
    const prodEnv = { ...context.env, isProduction: true };
    const res = await verifyLinkAction(post(token), { ...context, env: prodEnv }, new Date());
    expect(new Headers(res.init?.headers).getSetCookie()[0]).toMatch(/^__Host-cat_hotel_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });
});
