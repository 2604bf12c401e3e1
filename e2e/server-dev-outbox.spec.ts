import { expect, test } from "@playwright/test";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Generous waits: a fresh embedded database takes a while to initialise on a busy machine.
// A server started the way the README's `npm start` does (no configuration at all), on a port of its own.
const port = Number(process.env.E2E_PORT ?? 4173) + 110;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;

test.afterEach(() => {
  server?.kill("SIGKILL");
  server = undefined;
});

async function waitForHealthy() {
  for (let i = 0; i < 450; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

test("without any configuration, a newcomer signs in through the local outbox on /dev/outbox", async ({ page }) => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-e2e-"));
  server = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "", SMTP_URL: "", PUBLIC_SITE_URL: "", ADMIN_EMAILS: "", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  await waitForHealthy();

  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill("newcomer@example.com");
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.goto(`${base}/dev/outbox`);
  await expect(page.getByRole("heading", { name: "Local outbox" })).toBeVisible();
  await expect(page.getByText("To: newcomer@example.com")).toBeVisible();
  await page.getByRole("link", { name: "Open the sign-in link" }).first().click();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByText("Welcome back, newcomer@example.com!")).toBeVisible();
});
