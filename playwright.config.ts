import { defineConfig, devices } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN_EMAILS } from "./e2e/support/identities";
import { E2E_PORT, SMTP_PORT } from "./e2e/support/mail";

export { E2E_PORT };
const dataDir = path.join(os.tmpdir(), `cat-hotel-e2e-${process.pid}`);

// Debian's Chromium: Playwright never downloads a browser on our machines.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  // A real SMTP listener for the sign-in mails (e2e/support/mail.ts).
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  // Two cores run the server, the browsers and the tests at once: leave room for a slow moment.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: chromium,
    // Recording a trace of every test cost a quarter of the run; a failure's retry (CI) records one.
    trace: "on-first-retry",
  },
  // Widths (docs/architecture.md, "Testing"): a page test runs at 1280 px; one whose checks change with
  // the width (a layout, the menus, the drawer, a page built for a phone) is tagged "@both-widths" and
  // runs at 375 px as well; one that only a phone has (the drawer, a tel: link) is tagged "@phone".
  projects: [
    { name: "server", testMatch: /server-.*\.spec\.ts/ },
    {
      name: "mobile",
      testIgnore: /server-.*\.spec\.ts/,
      grep: /@both-widths|@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 812 } },
    },
    {
      name: "desktop",
      testIgnore: /server-.*\.spec\.ts/,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The production build, on a fresh embedded database for this run.
    command: `rm -rf ${dataDir} && node server.js`,
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The server logs warnings and errors only (LOG_LEVEL below): shown with the run, so a 500 in a
    // browser test comes with its stack and request id.
    stdout: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // No daily backup of a test database.
      BACKUP_KEEP: "0",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(","),
      // Many specs submit callbacks to this one server; the site-wide hourly cap is tested in integration tests.
      CALLBACK_GLOBAL_PER_HOUR: "1000",
      // Every sign-in in the suite comes from 127.0.0.1 (and a repeated run signs in hundreds of times);
      // the per-address minute rule stays as in production.
      SIGN_IN_MAILS_PER_IP_PER_HOUR: "5000",
      SIGN_IN_MAILS_PER_HOUR: "5000",
    },
  },
});
