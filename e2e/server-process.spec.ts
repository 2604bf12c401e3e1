import { expect, test } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

// Ports of their own, beside the shared e2e server (E2E_PORT).
const base = Number(process.env.E2E_PORT ?? 4173) + 100;

// These start their own server processes from the production build; no browser needed.

function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info", NODE_ENV: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealthy(port: number) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

let processes: ChildProcess[] = [];
test.afterEach(() => {
  for (const p of processes) p.kill("SIGKILL");
  processes = [];
});

test.describe.configure({ timeout: 120_000 });

test("a second server on the same data folder refuses to start, and the first keeps serving", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-e2e-"));
  const first = startServer(base + 1, dataDir);
  processes.push(first.child);
  await waitForHealthy(base + 1);

  const second = startServer(base + 2, dataDir);
  processes.push(second.child);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by another server");

  const res = await fetch(`http://127.0.0.1:${base + 1}/`);
  expect(res.status).toBe(200);
});

test("SIGTERM lets the request in flight complete, then exits 0", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-e2e-"));
  const server = startServer(base + 3, dataDir);
  processes.push(server.child);
  await waitForHealthy(base + 3);

  // A request whose body is still arriving when the signal comes.
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: base + 3, method: "POST", path: "/api/echo-nothing", headers: { "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write('{"half": ');
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(() => req.end('"done"}'), 500);
    }, 300);
  });

  const { status, body } = await response;
  expect(status).toBe(404);
  expect(JSON.parse(body).error.code).toBe("NOT_FOUND");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("stopped");
  // New connections are refused once shutdown has begun.
  await expect(fetch(`http://127.0.0.1:${base + 3}/healthz`)).rejects.toThrow();
});
