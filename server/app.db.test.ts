import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./db/client";
import { createTestDatabase, testDatabaseKind } from "./testing/test-database";
import { type TestServer, startTestServer } from "./testing/test-server";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, { MAX_BODY_BYTES: "1000" });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe("server basics", () => {
  it("reports health with the database it checked", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: testDatabaseKind });
  });

  it("sends the security headers and a request id", async () => {
    const res = await fetch(`${server.url}/healthz`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("https://www.youtube-nocookie.com");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives an API answer a policy that allows nothing, with no nonce, and a request id", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No API route for GET /nothing-here" } });
  });

  it("answers malformed JSON with 400 and no stack trace", async () => {
    const res = await fetch(`${server.url}/api/anything`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "INVALID_JSON", message: "The request body is not valid JSON." } });
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("caps the request body size", async () => {
    const res = await fetch(`${server.url}/api/anything`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ big: "x".repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
