import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { createTestDatabase } from "../testing/test-database";
import { type TestServer, startTestServer } from "../testing/test-server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let counter = 0;
const nextNumber = () => `949249${String(7000 + counter++).padStart(4, "0")}`;
const callback = (server: TestServer, forwardedFor: string, phoneNumber = nextNumber()) =>
  fetch(`${server.url}/api/callback`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ phoneNumber }),
  });

describe("per-client limits", () => {
  it("count a whole IPv6 /64 as one client, and every 429 says when to retry", async () => {
    const server = await startTestServer(database, { CALLBACK_PER_IP_PER_HOUR: "2", CALLBACK_GLOBAL_PER_HOUR: "1000" });
    try {
      expect((await callback(server, "2001:db8:aaaa:1::1")).status).toBe(200);
      expect((await callback(server, "2001:db8:aaaa:1:ffff:ffff:ffff:fffe")).status).toBe(200);
      const refused = await callback(server, "2001:db8:aaaa:1::9");
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe("TOO_MANY_CALL_REQUESTS");
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // The neighbouring /64 is another client.
      expect((await callback(server, "2001:db8:aaaa:2::1")).status).toBe(200);

      const digits = nextNumber();
      expect((await callback(server, "203.0.113.50", digits)).status).toBe(200);
      const again = await callback(server, "203.0.113.51", digits);
      expect(again.status).toBe(429);
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    } finally {
      await server.close();
    }
  });

  it("believe X-Forwarded-For only from the proxies TRUST_PROXY names", async () => {
    // 0 hops: the client is the connecting address (here 127.0.0.1) whatever the header claims.
    const server = await startTestServer(database, { TRUST_PROXY: "0", CALLBACK_PER_IP_PER_HOUR: "1", CALLBACK_GLOBAL_PER_HOUR: "1000" });
    try {
      expect((await callback(server, "198.51.100.200")).status).toBe(200);
      expect((await callback(server, "198.51.100.201")).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
