import fs from "node:fs";
import type { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../clock";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { loadEnv } from "../env";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createPaymentProviders } from "../payments/provider";
import { createTelephony } from "../telephony/telephony";
import { sampleUrl } from "../testing/route-table";
import { sessionCookieFor } from "../testing/sessions";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";

/**
 * The API's routers are found in the code, not listed here: every exported `…Router` factory of a
 * domain's router module must be mounted, and every route of every router mounted under /admin must
 * turn away a visitor (401) and a customer (403) before it does anything.
 */
const routerModules = import.meta.glob<Record<string, unknown>>(["../*/router.ts", "../*/*-router.ts", "!./router.ts"], { eager: true });
const mountingSources = ["server/api/router.ts", "server/app.ts"].map((file) => fs.readFileSync(file, "utf8")).join("\n");
const apiSource = fs.readFileSync("server/api/router.ts", "utf8");

const factories = Object.entries(routerModules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => (name.endsWith("Router") && typeof value === "function" ? [{ file, name, create: value }] : [])),
);

let database: Database;
let server: TestServer;
let customer: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  customer = await sessionCookieFor(database.db, `customer-${crypto.randomUUID()}@example.com`);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

/** The method and path of every route a router (and the routers inside it) answers. */
function routesOf(router: Router, prefix = ""): { method: string; path: string }[] {
  return (router.stack as unknown as { route?: { path: string; methods: Record<string, boolean> }; handle: Router & { stack?: unknown } }[]).flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m !== "_all")
          .map((method) => ({ method: method.toUpperCase(), path: `${prefix}${layer.route!.path}` }))
      : Array.isArray(layer.handle.stack)
        ? routesOf(layer.handle, prefix)
        : [],
  );
}

describe("the API's routers", () => {
  it("mounts every router a domain exports", () => {
    expect(factories.length).toBeGreaterThan(8);
    for (const { file, name } of factories)
      expect(
        new RegExp(`\\b${name}\\(ctx\\)`).test(mountingSources),
        `${name} (server/${file.slice(3)}) is mounted neither in server/api/router.ts nor in server/app.ts`,
      ).toBe(true);
  });

  it("turns away a visitor and a customer on every route under /admin, whichever router serves it", async () => {
    const ctx: AppContext = {
      env: server.env,
      logger: createLogger("silent"),
      database,
      telephony: createTelephony(server.env, database.db, createLogger("silent")),
      mailer: createMailer(server.env, createLogger("silent")),
      payments: createPaymentProviders(loadEnv({ NODE_ENV: "test" })),
      clock: systemClock,
    };
    const mounts = [...apiSource.matchAll(/router\.use\("(\/admin[^"]*)", (\w+Router)\(ctx\)\)/g)].map(([, mount, name]) => ({ mount: mount!, name: name! }));
    expect(mounts.map((m) => m.mount)).toEqual(expect.arrayContaining(["/admin", "/admin/leads", "/admin/media"]));
    let checked = 0;
    for (const { mount, name } of mounts) {
      const factory = factories.find((f) => f.name === name);
      expect(factory, `${name} is mounted at ${mount} but no router module exports it`).toBeDefined();
      const routes = routesOf((factory!.create as (ctx: AppContext) => Router)(ctx));
      expect(routes.length, `${name} has no routes`).toBeGreaterThan(0);
      for (const route of routes) {
        const url = `${server.url}/api${mount}${sampleUrl(route.path === "/" ? "" : route.path)}`;
        const init = { method: route.method, headers: { "content-type": "application/json" }, body: route.method === "GET" ? undefined : "{}" };
        const visitor = await fetch(url, init);
        expect(visitor.status, `${route.method} /api${mount}${route.path} (${name}) answers a visitor ${visitor.status}`).toBe(401);
        const signedIn = await fetch(url, { ...init, headers: { ...init.headers, cookie: customer } });
        expect(await signedIn.json(), `${route.method} /api${mount}${route.path} (${name}) lets a customer past`).toMatchObject({
          error: { code: "FORBIDDEN" },
        });
        checked += 1;
      }
    }
    // Not vacuous: the admin routers (media, leads, analytics, appointments…) were found and called.
    expect(checked).toBeGreaterThan(3);
  });
});
