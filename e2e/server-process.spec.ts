import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import { type ExtraServer, freshDataDir, startExtraServer } from "./support/server";

// These start their own server processes from the production build; no browser needed.

let servers: ExtraServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
});

async function start(options: Parameters<typeof startExtraServer>[0]) {
  const server = await startExtraServer({ ...options, env: { LOG_LEVEL: "info", ...options?.env } });
  servers.push(server);
  return server;
}

test.describe.configure({ timeout: 120_000 });

test("a second server on the same data folder refuses to start, and the first keeps serving", async () => {
  // A copy of the run's migrated database: migrating an empty one is not what this tests, and took seconds.
  const dataDir = freshDataDir();
  const first = await start({ dataDir });
  const second = await start({ dataDir, waitUntilHealthy: false });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by another server");

  const res = await fetch(`${first.url}/`);
  expect(res.status).toBe(200);
  await first.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("SIGTERM lets the request in flight complete, then exits 0", async () => {
  const server = await start({});

  // A request whose body is still arriving when the signal comes.
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, method: "POST", path: "/api/echo-nothing", headers: { "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    // Once the server has the request's head (it starts reading the body), the signal comes; the body
    // ends only after the server says it is shutting down.
    req.write('{"half": ');
    req.once("socket", (socket) =>
      socket.once("connect", async () => {
        await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status).toBe(200);
        server.child.kill("SIGTERM");
        await expect.poll(() => server.output(), { timeout: 30_000 }).toContain("shutting down");
        req.end('"done"}');
      }),
    );
  });

  const { status, body } = await response;
  expect(status).toBe(404);
  expect(JSON.parse(body).error.code).toBe("NOT_FOUND");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("stopped");
  // New connections are refused once shutdown has begun.
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});
