import { defineConfig, devices } from "@playwright/test";
import { E2E_PORT } from "./e2e/support/mail";

export { E2E_PORT };

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
  // A real SMTP listener for the sign-in mails (e2e/support/mail.ts), and the suite's server on E2E_PORT
  // (the production build, started from a copy of the database the run migrated once).
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
});
