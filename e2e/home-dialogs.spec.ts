import { business } from "../app/content/business";
import { OPEN_DIALOG, expect, expectNoAxeViolations, isMobile, openHome, test } from "./home-fixtures";

test.describe("booking", { tag: "@both-widths" }, () => {
  test("floating button: customer type, then the booking modal; the choice is remembered for the visit", async ({ home: page }) => {
    await openHome(page);
    const floating = page.getByRole("button", { name: "Start booking" });
    await floating.click();
    const customer = page.getByRole("dialog", { name: "Welcome!" });
    await expect(customer).toContainText("Are you a new or returning customer?");
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    await customer.getByRole("button", { name: "New Customer" }).click();
    const booking = page.getByRole("dialog", { name: "Book Your Kitty Service" });
    await expect(booking).toBeVisible();
    await expect(booking).toContainText("Your first night is free");
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    // Modal max width small.
    expect((await booking.boundingBox())!.width).toBeLessThanOrEqual(384);

    await page.keyboard.press("Escape");
    await expect(booking).toHaveCount(0);
    await expect(floating).toBeFocused();

    // Remembered: straight to the booking modal, also from the header.
    await page
      .getByRole("banner")
      .getByRole("button", { name: isMobile(page) ? "Book" : "Book Now", exact: true })
      .click();
    await expect(booking).toBeVisible();
    await expect(customer).toHaveCount(0);
  });

  test("Book a Cat Room opens Book a Stay and Book a Groom opens Book a Groom, in this tab; close and backdrop close", async ({ home: page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Start booking" }).click();
    await page.getByRole("button", { name: "Returning Customer" }).click();
    const booking = page.getByRole("dialog", { name: "Book Your Kitty Service" });
    const room = booking.getByRole("link", { name: /Book a Cat Room/ });
    const groom = booking.getByRole("link", { name: /Book a Groom/ });
    await expect(room).toContainText("Overnight stay");
    await expect(groom).toContainText("Full grooming service");
    // Stays and grooms are booked on this site (the default): both links stay in this tab. With
    // online booking off they open the outside pages in a new tab (e2e/book-groom.spec.ts).
    await expect(room).toHaveAttribute("href", "/book/stay");
    await expect(room).not.toHaveAttribute("target", /.*/);
    await expect(groom).toHaveAttribute("href", "/book/groom");
    await expect(groom).not.toHaveAttribute("target", /.*/);
    // At the selection the close button closes.
    await booking.getByRole("button", { name: "Close" }).click();
    await expect(booking).toHaveCount(0);

    await page.getByRole("button", { name: "Start booking" }).click();
    await expect(booking).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(booking).toHaveCount(0);
  });
});

test.describe("share", () => {
  test("share links carry the page URL, QR is drawn locally, Copy copies", async ({ home: page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openHome(page);
    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share" });
    await expect(dialog).toBeVisible();
    const pageUrl = new URL("/", page.url()).toString();
    const encoded = encodeURIComponent(pageUrl);
    for (const [name, prefix] of [
      ["Facebook", "https://www.facebook.com/sharer/sharer.php?u="],
      ["X", "https://x.com/intent/post?url="],
      ["LinkedIn", "https://www.linkedin.com/sharing/share-offsite/?url="],
      ["Messenger", "fb-messenger://share/?link="],
      ["Email", "mailto:?subject="],
    ] as const) {
      const href = await dialog.getByRole("link", { name, exact: true }).getAttribute("href");
      expect(href?.startsWith(prefix)).toBe(true);
      expect(href).toContain(encoded);
    }
    await expect(dialog.getByRole("textbox", { name: "Page link" })).toHaveValue(pageUrl);
    await expect(dialog.getByRole("textbox", { name: "Page link" })).toHaveAttribute("readonly", "");

    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await dialog.getByRole("button", { name: "QR Code" }).click();
    const qr = dialog.getByRole("img", { name: `QR code for ${pageUrl}` });
    await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
    expect(requests.filter((u) => !u.startsWith(new URL(page.url()).origin) && !u.startsWith("data:"))).toEqual([]);
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });

    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share" })).toBeFocused();
  });
});

test.describe("free-night voucher", () => {
  test("all fields are required; Sending... about 1 s, success toast, closes and clears", async ({ home: page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Claim Your Free Night" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    const name = dialog.getByLabel("Full name");
    const email = dialog.getByLabel("Email", { exact: true });
    const phone = dialog.getByLabel("Phone");
    const consent = dialog.getByRole("checkbox", { name: /agree to receive promotional emails/ });
    await expect(email).toHaveAttribute("type", "email");
    await expect(phone).toHaveAttribute("type", "tel");
    for (const field of [name, email, phone, consent]) await expect(field).toHaveAttribute("required", "");

    // Empty form: the browser refuses to submit, nothing is sent.
    let posted = 0;
    page.on("request", (r) => r.url().endsWith("/api/leads/voucher") && posted++);
    await dialog.getByRole("button", { name: "Send My Voucher" }).click();
    await expect(dialog).toBeVisible();
    expect(posted).toBe(0);

    await name.fill("Ana Cat");
    await email.fill(`ana+${Date.now()}@example.com`);
    await phone.fill("(949) 555-0142");
    await consent.check();
    const started = Date.now();
    await dialog.getByRole("button", { name: "Send My Voucher" }).click();
    await expect(dialog.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByText("Your free night voucher is on its way!")).toBeVisible();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    await expect(dialog).toHaveCount(0);
    expect(posted).toBe(1);

    await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
    await expect(dialog.getByLabel("Full name")).toHaveValue("");
    await expect(dialog.getByRole("checkbox")).not.toBeChecked();
  });

  test("a refusal from the server is shown, not hidden", async ({ home: page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Claim Your Free Night" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Claim Your Free Night" });
    await dialog.getByLabel("Full name").fill("Ana Cat");
    await dialog.getByLabel("Email", { exact: true }).fill("ana@example.com");
    // Valid for the browser, not a North American number for our server.
    await dialog.getByLabel("Phone").fill("555-0100");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Send My Voucher" }).click();
    await expect(page.getByText("We could not send your request")).toBeVisible();
    await expect(page.getByText("Please enter a valid 10-digit phone number")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full name")).toHaveValue("Ana Cat");
  });
});

test.describe("newsletter signup", () => {
  test("empty or no '@' is refused; a valid address is thanked, cleared, and stored", async ({ home: page }) => {
    await openHome(page);
    const field = page.getByRole("textbox", { name: "Email address" });
    const subscribe = page.getByRole("button", { name: "Subscribe" });
    const sent: string[] = [];
    page.on("request", (r) => r.url().endsWith("/api/leads/newsletter") && sent.push(r.url()));
    await field.scrollIntoViewIfNeeded();
    await subscribe.click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await field.fill("cat.example.com");
    await subscribe.click();
    await expect(page.getByText("Please enter a valid email").first()).toBeVisible();
    await expect(field).toHaveValue("cat.example.com");
    expect(sent).toEqual([]);

    const address = `kitty+${Date.now()}@example.com`;
    await field.fill(address);
    const response = page.waitForResponse((r) => r.url().endsWith("/api/leads/newsletter"));
    await subscribe.click();
    expect((await response).status()).toBe(201);
    await expect(page.getByText("Thank you for subscribing!")).toBeVisible();
    await expect(page.getByText("We'll keep you updated on all things cat-related.")).toBeVisible();
    await expect(field).toHaveValue("");

    // The server limits sign-ups per address; its refusal shows as an error, not a thank-you.
    for (let i = 0; i < 2; i++) {
      await field.fill(address);
      await subscribe.click();
      await expect(field).toHaveValue("");
    }
    await field.fill(address);
    await subscribe.click();
    await expect(page.getByText("We could not sign you up")).toBeVisible();
    await expect(field).toHaveValue(address);
  });
});

test.describe("every dialog closes by its button, Escape and the backdrop, and gives focus back", { tag: "@both-widths" }, () => {
  const dialogs = [
    { name: "Welcome!", opener: "Start booking", close: "Close", only: null },
    { name: "Claim Your Free Night", opener: "Claim Your Free Night", close: "Close", only: null },
    { name: "Share", opener: "Share", close: "Close", only: "desktop" },
    { name: business.name, opener: "Open menu", close: "Close Menu", only: "mobile" },
  ] as const;
  for (const d of dialogs) {
    test(`${d.name} dialog`, async ({ home: page }) => {
      test.skip(d.only !== null && d.only !== (isMobile(page) ? "mobile" : "desktop"), `${d.only} only`);
      await openHome(page);
      const opener = page.getByRole("button", { name: d.opener, exact: true }).first();
      const dialog = page.getByRole("dialog", { name: d.name });
      for (const how of ["button", "Escape", "backdrop"] as const) {
        await opener.click();
        await expect(dialog).toBeVisible();
        if (how === "button") await dialog.getByRole("button", { name: d.close, exact: true }).click();
        if (how === "Escape") await page.keyboard.press("Escape");
        // The backdrop: a point outside the dialog (the drawer sits on the left).
        if (how === "backdrop") await page.mouse.click((page.viewportSize()?.width ?? 375) - 10, 300);
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
      }
    });
  }
});

test.describe("cookie notice", () => {
  test("hidden for the first second, shown right after it", async ({ home: page }) => {
    // The page's clock stands still until the test moves it.
    const start = new Date("2026-06-01T10:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto("/");
    // The page starts hydrating once its first frame is on screen and the browser is idle (ADR 0225):
    // let the next frame and the idle callback pass.
    await page.clock.runFor(100);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await page.clock.runFor(900);
    await expect(notice).toHaveCount(0);
    await page.clock.runFor(200);
    await expect(notice).toBeVisible();
  });

  test("Accept hides it and is remembered across a reload", async ({ home: page }) => {
    // Fake timers (flowing with real time) let the test pass the 1 s delay at will.
    await page.clock.install();
    await openHome(page, { cookiesAnswered: false });
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await page.clock.fastForward(1000);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    // It never covers the floating booking button, and it does not take focus.
    const a = (await notice.boundingBox())!;
    const b = (await page.getByRole("button", { name: "Start booking" }).boundingBox())!;
    expect(a.x + a.width <= b.x || a.y + a.height <= b.y).toBe(true);
    await expect(notice.getByRole("button", { name: "Accept" })).not.toBeFocused();
    await notice.getByRole("button", { name: "Accept" }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
    // After the reload the page is hydrated (the notice's timer would be set by then): well past the delay, still hidden.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.clock.fastForward(5000);
    await expect(notice).toHaveCount(0);
  });

  test("Opt out hides it only until the next visit", async ({ home: page }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Opt out" }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBeNull();
    await page.reload();
    await expect(notice).toBeVisible();
  });
});

test("unsubscribe: an unknown link explains itself", async ({ page }) => {
  const response = await page.goto("/unsubscribe?token=" + "A".repeat(43));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();
  await expectNoAxeViolations(page);
});
