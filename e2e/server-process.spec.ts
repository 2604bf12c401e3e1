import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
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
  const dataDir = await freshDataDir();
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

/** Every folder and file under `dir` whose mode lets another account in, with its mode. */
const looserThanPrivate = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map((name) => [String(name), fs.lstatSync(path.join(dir, String(name)))] as const)
    .filter(([, stat]) => !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
    .map(([name, stat]) => `${name} ${(stat.mode & 0o777).toString(8)}`);

test("the server keeps its data folder and backups private: what others could read is tightened at start, and what it writes is its own", async () => {
  // A data folder (and a backup) as an older version left them on a shared machine: open to every account.
  const dataDir = await freshDataDir();
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "cat-hotel-e2e-backups-"));
  fs.writeFileSync(path.join(backupDir, "cat-hotel-backup-20250601T100000Z.zip"), "an old backup");
  for (const dir of [dataDir, backupDir])
    for (const name of ["", ...fs.readdirSync(dir, { recursive: true }).map(String)]) {
      const file = path.join(dir, name);
      fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o777 : 0o666);
    }
  expect(looserThanPrivate(dataDir).length).toBeGreaterThan(100);

  // Without a mail server the sign-in mail goes to the outbox in the data folder, and the key is made there.
  const server = await start({ dataDir, env: { SMTP_URL: "", ENCRYPTION_KEY: "", BACKUP_DIR: backupDir } });
  expect(server.output()).toMatch(/made \d+ files and folders in .* private to this account/);
  expect(
    (
      await fetch(`${server.url}/api/auth/magic-link`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "private-files@example.com" }),
      })
    ).status,
  ).toBe(200);
  await expect.poll(() => fs.existsSync(path.join(dataDir, "outbox")) && fs.readdirSync(path.join(dataDir, "outbox")).length).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(dataDir, "encryption.key"))).toBe(true);
  await server.stop("SIGTERM");

  // Everything, the database's files written since start, the outbox's mail and the key included.
  expect(looserThanPrivate(dataDir)).toEqual([]);
  expect(looserThanPrivate(backupDir)).toEqual([]);
  expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe("700");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});
