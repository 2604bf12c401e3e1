import { business } from "../app/content/business";
import { OPEN_DIALOG, expect, expectNoAxeViolations, expectSectionAtOffset, isMobile, openHome, test } from "./home-fixtures";

test.describe("home page", () => {
  test("SEO: title, description, canonical, social cards and valid LocalBusiness JSON-LD", async ({ home: page }) => {
    await openHome(page);
    await expect(page).toHaveTitle(/Laguna Niguel Cat Hotel \| Cat Boarding & Grooming/);
    const base = new URL(page.url()).origin;
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Cat-only boarding and grooming/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${base}/`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${base}/`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${base}/images/og-card.png`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: "Laguna Niguel Cat Hotel",
      telephone: "+19495550100",
      priceRange: "$$",
      paymentAccepted: "Cash, Credit Card, Debit Card",
      address: { "@type": "PostalAddress", addressLocality: "Laguna Niguel", addressRegion: "CA" },
      geo: { "@type": "GeoCoordinates" },
      openingHoursSpecification: [
        { dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
        { dayOfWeek: ["Saturday"], opens: "09:00", closes: "12:00" },
      ],
    });
    expect(ld.hasOfferCatalog.itemListElement.map((c: { name: string }) => c.name)).toEqual(["Cat Boarding", "Cat Grooming", "Cat Adoption"]);
    expect(ld.areaServed).toHaveLength(9);
  });

  test("every section is there, word for word where the spec words it", { tag: "@both-widths" }, async ({ home: page }) => {
    await openHome(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#hero-heading").locator("xpath=..").getByText("First Night Free For New Customers")).toBeVisible();
    const services = page.locator("#services ul").first().locator("> li");
    await expect(services).toHaveCount(9);
    await expect(page.getByRole("heading", { name: "Vaccination Requirements" })).toBeVisible();
    await expect(page.getByText("Proof of current FVRCP vaccination is required")).toBeVisible();
    await expect(page.getByText("Rabies vaccination is recommended.")).toBeVisible();
    await expect(page.locator("#about")).toContainText("Since 1992");
    await expect(page.locator("#about")).toContainText("over 30 years");
    await expect(page.locator("#about")).toContainText("founded in 2015");
    await expect(page.getByRole("heading", { name: "100% Satisfaction Guarantee" })).toBeVisible();
    await expect(page.getByText("Try a 3-night stay")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Free Night For A Referral" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ready to give your cat the best?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "DONATE NOW TO PROTECT CATS IN OUR COMMUNITY" })).toBeVisible();
    const help = page.locator("#help");
    await expect(help).toContainText("8 AM-6 PM daily");
    await expect(help).toContainText("within 24 hours");
    await expect(help).toContainText("12pm – 1pm");
    const footer = page.locator("footer");
    for (const area of business.serviceAreas) await expect(footer).toContainText(area);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Laguna Niguel Cat Hotel`);
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(page.getByTitle(business.map.title)).toHaveAttribute("src", business.map.embedUrl);
  });

  test("the navigation bar turns translucent once scrolled", { tag: "@both-widths" }, async ({ home: page }) => {
    await openHome(page);
    const header = page.locator("header[data-scrolled]");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 300);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/bg-white\/80/);
  });

  // Playing a video the owners set is in launch-readiness.spec.ts (on a server of its own).
  test("with no playroom video in the content, the section shows its 16:9 poster and no player", async ({ home: page }) => {
    await openHome(page);
    const section = page.locator("#video");
    await section.scrollIntoViewIfNeeded();
    const poster = section.getByRole("img", { name: "Cats relaxing in the playroom" });
    await expect(poster).toBeVisible();
    await expect(section.getByRole("button")).toHaveCount(0);
    await expect(section.locator("iframe")).toHaveCount(0);
    const box = (await poster.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  });

  test(
    "reviews carousel: next and previous buttons, arrow keys, Home and End reach both ends; only nearby images load",
    { tag: "@both-widths" },
    async ({ home: page }) => {
      await openHome(page);
      const carousel = page.getByRole("region", { name: "Customer reviews" });
      await carousel.scrollIntoViewIfNeeded();
      const status = page.getByTestId("reviews-status");
      // Keep the controls clear of the floating booking button.
      await status.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const prev = page.getByRole("button", { name: "Previous reviews" });
      const next = page.getByRole("button", { name: "Next reviews" });
      const perView = isMobile(page) ? 1 : 3;
      const first = perView === 1 ? "Review 1 of 50" : "Reviews 1–3 of 50";
      const last = perView === 1 ? "Review 50 of 50" : "Reviews 48–50 of 50";
      await expect(status).toHaveText(first);
      await expect(prev).toBeDisabled();
      // Far slides have no image yet.
      expect(await carousel.locator("img").count()).toBeLessThan(12);
      await expect(carousel.locator("li").nth(40).locator("img")).toHaveCount(0);

      await next.click();
      await expect(status).toHaveText(perView === 1 ? "Review 2 of 50" : "Reviews 2–4 of 50");
      await expect(prev).toBeEnabled();
      await prev.click();
      await expect(status).toHaveText(first);
      await expect(prev).toBeDisabled();

      // End jumps to the last reviews: their images load, and Next stops there.
      await carousel.focus();
      await page.keyboard.press("End");
      await expect(status).toHaveText(last);
      await expect(next).toBeDisabled();
      await expect(carousel.locator("li").nth(49).locator("img")).toHaveAttribute("src", "/images/reviews/review-50.svg");
      await expect(carousel.locator("li").nth(49).locator("img")).toHaveAttribute("alt", /out of 5 stars/);

      await page.keyboard.press("ArrowLeft");
      await expect(status).toHaveText(perView === 1 ? "Review 49 of 50" : "Reviews 47–49 of 50");
      await page.keyboard.press("ArrowRight");
      await expect(status).toHaveText(last);
      await prev.click();
      await expect(status).toHaveText(perView === 1 ? "Review 49 of 50" : "Reviews 47–49 of 50");
      await next.click();
      await expect(status).toHaveText(last);
      await expect(next).toBeDisabled();

      await carousel.focus();
      await page.keyboard.press("Home");
      await expect(status).toHaveText(first);
      await expect(prev).toBeDisabled();
    },
  );

  test("donation demo: Processing... for about 2 s, the thank-you toast, then the demo note", async ({ home: page }) => {
    await openHome(page);
    const donate = page.getByRole("button", { name: "Donate Now" });
    await donate.scrollIntoViewIfNeeded();
    const clickedAt = Date.now();
    await donate.click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeDisabled();
    await expect(page.getByText("Thank you for your donation! You will be redirected to our secure payment page.")).toBeVisible({ timeout: 4000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1900);
    await expect(page.getByText("Your contribution helps support our cat education and adoption programs.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Donate Now" })).toBeEnabled();
    await expect(page.getByText("This is a demo version. In production, you would be redirected to Stripe.")).toBeVisible({ timeout: 4000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(3900);
    await expect(page.getByText(`Tax ID: ${business.taxId}`)).toBeVisible();
  });

  test("axe: no violations on the page itself", { tag: "@both-widths" }, async ({ home: page }) => {
    await openHome(page, { cookiesAnswered: false });
    await expect(page.getByRole("region", { name: "Cookie notice" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("header and menu", () => {
  test("desktop: top bar menu scrolls to each section with an 80 px offset", async ({ home: page }) => {
    await openHome(page);
    const menu = page.getByRole("navigation", { name: "Menu" });
    for (const [label, id] of [
      ["Services", "services"],
      ["Reviews", "testimonials"],
      ["About", "about"],
      ["Help", "help"],
    ] as const) {
      await menu.getByRole("link", { name: label }).click();
      await expectSectionAtOffset(page, id);
    }
    await expect(menu.getByRole("link", { name: "My Appointments" })).toHaveAttribute("href", "/appointments");
    await page.getByRole("button", { name: /Our address/ }).click();
    await expectSectionAtOffset(page, "location");
  });

  test("desktop: section links jump instantly under reduced motion", async ({ home: page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHome(page);
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Help" }).click();
    // No animation: the position is final right after the click.
    const top = await page.evaluate(() => Math.round(document.getElementById("help")!.getBoundingClientRect().top));
    expect(top).toBe(80);
  });

  test("a link to a section from another page lands on that section", { tag: "@both-widths" }, async ({ page }) => {
    // Sections far down are drawn only near the viewport (ADR 0225); a link's target must not land on a guessed place.
    await page.addInitScript(() => window.localStorage.setItem("cookiesAccepted", "true"));
    for (const id of ["location", "help"]) {
      await page.goto(`/#${id}`);
      await expectSectionAtOffset(page, id);
    }
  });

  test("desktop: phone button opens the callback dialog, Sign In or Join the sign-in dialog", async ({ home: page }) => {
    await openHome(page);
    await page.getByRole("banner").getByRole("button", { name: business.phone.display }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign In or Join" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Sign In or Join" })).toBeFocused();
  });

  test("mobile: phone is a tel: link, Book starts booking, the drawer holds the menu", { tag: "@phone" }, async ({ home: page }) => {
    await openHome(page);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: `Call ${business.phone.display}` })).toHaveAttribute("href", `tel:${business.phone.tel}`);

    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.click();
    const drawer = page.getByRole("dialog", { name: business.name });
    await expect(drawer).toBeVisible();
    for (const name of ["Services", "Reviews", "About", "Help", "My Appointments"]) await expect(drawer.getByRole("link", { name })).toBeVisible();
    for (const name of ["Schedule A Service", "Sign In or Join", "Close Menu"]) await expect(drawer.getByRole("button", { name })).toBeVisible();
    await expect(drawer.getByRole("link", { name: `Call ${business.phone.display}` })).toHaveAttribute("href", `tel:${business.phone.tel}`);
    await expect(drawer.getByRole("link", { name: "My Appointments" })).toHaveAttribute("href", "/appointments");
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBe(0);
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });

    await drawer.getByRole("button", { name: "Close Menu" }).click();
    await expect(drawer).toHaveCount(0);
    await expect(burger).toBeFocused();

    await burger.click();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);

    for (const [label, id] of [
      ["Reviews", "testimonials"],
      ["Services", "services"],
      ["About", "about"],
      ["Help", "help"],
    ] as const) {
      await burger.click();
      await drawer.getByRole("link", { name: label }).click();
      await expect(drawer).toHaveCount(0);
      await expectSectionAtOffset(page, id);
    }

    await burger.click();
    await drawer.getByRole("button", { name: "Schedule A Service" }).click();
    await expect(page.getByRole("dialog", { name: "Welcome!" })).toBeVisible();
    await page.keyboard.press("Escape");

    await burger.click();
    await drawer.getByRole("button", { name: "Sign In or Join" }).click();
    await expect(page.getByRole("dialog", { name: "Log In or Create Account" })).toBeVisible();
  });
});
