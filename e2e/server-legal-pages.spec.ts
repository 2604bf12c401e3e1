import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { signInDetails } from "../server/testing/test-smtp";
import { defaultEditableBusiness } from "../app/features/content/business-defaults";
import { publishContent } from "./support/content";
import { claimAdminEmail } from "./support/identities";
import { waitForMail } from "./support/mail";
import { type ExtraServer, startExtraServer } from "./support/server";

// A server process of its own (production build, fresh data folder): this test publishes a new main
// phone number, which the specs on the shared e2e server assert on the home page.
const LEGAL_PAGES = ["/privacy-policy", "/terms", "/cookie-policy"];
const NEW_PHONE = "(949) 555-0188";
const NEW_EMAIL = "front-desk@cathotel.test";

let server: ExtraServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/**
 * The response's CSP and the page's inline scripts: a stored public page allows each of its inline
 * scripts by its SHA-256 and no nonce (ADR 0119). JSON-LD is data, which CSP does not govern.
 */
function inlineScripts(html: string, csp: string) {
  return {
    hasNonceSource: csp.includes("'nonce-"),
    allowedHashes: [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]),
    scriptHashes: [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/type="application\/(ld\+)?json"/.test(m[1]!))
      .map((m) => crypto.createHash("sha256").update(m[2]!, "utf8").digest("base64")),
  };
}

test("contact details published in /admin/content show on the legal pages at once, their inline script allowed by its hash", async ({
  playwright,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = claimAdminEmail();
  server = await startExtraServer();
  const origin = server.url;
  const api = await playwright.request.newContext({ baseURL: origin });

  const before = await (await api.get("/privacy-policy")).text();
  expect(before).toContain("(949) 555-0100");

  // An admin signs in with the mailed code and publishes a new main phone and e-mail.
  const since = Date.now() - 1000;
  expect((await api.post("/api/auth/magic-link", { data: { email: admin } })).status()).toBe(200);
  const { code } = signInDetails(await waitForMail(admin, since));
  expect((await api.post("/api/auth/verify-code", { data: { email: admin, code } })).status()).toBe(200);
  await publishContent(api, "business", { ...defaultEditableBusiness, phone: NEW_PHONE, email: NEW_EMAIL });

  for (const pagePath of LEGAL_PAGES) {
    const response = await api.get(pagePath);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html, pagePath).toContain(NEW_PHONE);
    expect(html, pagePath).toContain(NEW_EMAIL);
    expect(html, pagePath).not.toContain("(949) 555-0100");
    expect(html, pagePath).not.toContain("hello@example.com");
    const { hasNonceSource, allowedHashes, scriptHashes } = inlineScripts(html, response.headers()["content-security-policy"] ?? "");
    expect(hasNonceSource, pagePath).toBe(false);
    expect(scriptHashes.length, pagePath).toBeGreaterThan(0);
    for (const hash of scriptHashes) expect(allowedHashes, pagePath).toContain(hash);
  }

  // In a browser: the page's one inline script (the page-view beacon; no bundle) runs under the CSP,
  // and the page shows the published details.
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/page-views"));
  await page.goto(`${origin}/privacy-policy`);
  expect((await beacon).postData()).toBe("/privacy-policy");
  const contact = page.getByRole("region", { name: "Changes and contact" });
  await expect(contact.getByText(`${NEW_EMAIL} · ${NEW_PHONE}`)).toBeVisible();
  await expect(page.locator("footer").getByRole("link", { name: NEW_EMAIL })).toHaveAttribute("href", `mailto:${NEW_EMAIL}`);
  expect(violations).toEqual([]);
  await page.close();
  await api.dispose();
});
