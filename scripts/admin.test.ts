import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const tsx = path.resolve("node_modules/.bin/tsx");
const run = (dataDir: string, ...args: string[]) =>
  spawnSync(tsx, ["scripts/admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8", timeout: 90_000 });

describe("scripts/admin.ts on the embedded database", () => {
  it("grants and lists in a PGlite folder", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-"));
    const grant = run(dataDir, "grant", "owner@example.com");
    expect(grant.stderr).toBe("");
    expect([grant.status, grant.stdout.trim()]).toEqual([
      0,
      "owner@example.com is on the team as Owner. Their menu shows what the role opens after signing in.",
    ]);
    expect(run(dataDir, "list").stdout.trim()).toBe("owner@example.com  Owner");
    // The lock is released afterwards.
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  }, 120_000);

  it("refuses, saying why, while a server holds the folder", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-locked-"));
    // This test process stands in for the running server.
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.pid));
    const result = run(dataDir, "grant", "owner@example.com");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("is in use by another server");
    expect(result.stderr).toContain("Stop the server, run this command again");
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.pid));
  }, 60_000);
});
