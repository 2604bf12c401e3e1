import { type Page, expect, test } from "@playwright/test";
import { OPEN_DIALOG, expectNoAxeViolations } from "./support/axe";
import { startScripts } from "./support/hydration";

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

const INTERACTIVE_PAGES = ["/", "/cat-boarding-laguna-niguel", "/book-online", "/home-backup-27.05.25"];
/** Static documents, served without a JavaScript bundle (`hydration: "none"`). */
const DOCUMENT_PAGES = ["/privacy-policy", "/terms", "/cookie-policy"];
const PUBLIC_PAGES = [...INTERACTIVE_PAGES, ...DOCUMENT_PAGES];
/** Scanned elsewhere in the same state at both widths: the home page by home.spec.ts ("axe: no violations on the page itself"). */
const SCANNED_ELSEWHERE = ["/"];

for (const path of PUBLIC_PAGES) {
  const scanned = SCANNED_ELSEWHERE.includes(path) ? "" : " and passes axe";
  test(`${path} renders with one h1${scanned}`, { tag: "@both-widths" }, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (!scanned) return;
    if (INTERACTIVE_PAGES.includes(path)) await startScripts(page);
    await expectNoAxeViolations(page);
  });
}

test("the legal documents load no JavaScript bundle, and their links work without one", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  for (const path of DOCUMENT_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(scripts).toEqual([]);
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/cookie-policy#.+/);
});

/** Where a signed-out visitor ends up on the rest of the route table, and what that page says. */
const SIGNED_OUT_LANDINGS: { path: string; url: string; heading: string }[] = [
  { path: "/auth", url: "/auth", heading: "Log In or Create Account" },
  { path: "/account", url: "/auth?redirectTo=%2Faccount", heading: "Log In or Create Account" },
  { path: "/trips", url: "/trips", heading: "Sign in to see your trips" },
  { path: "/appointments", url: "/appointments", heading: "Sign in to see your appointments" },
  { path: "/admin", url: "/auth?redirectTo=%2Fadmin", heading: "Log In or Create Account" },
  { path: "/admin-backup", url: "/admin-backup", heading: "Testing Dashboard" },
];

for (const { path, url, heading } of SIGNED_OUT_LANDINGS) {
  // /account and /admin land on the sign-in page, the same page /auth shows (its way back aside):
  // scanned once, as /auth.
  const scannedAs = url.startsWith("/auth?") ? "/auth" : path;
  test(`${path} as a signed-out visitor leads to ${url}`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(url);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    if (scannedAs === path) await expectNoAxeViolations(page);
  });
}

test.describe("Laguna Niguel landing page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/cat-boarding-laguna-niguel");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  });

  test("breadcrumb: home, then Laguna Niguel, CA as the current page", async ({ page }) => {
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Laguna Niguel, CA");
  });

  test("sticky top bar with the scheduler button, hero tagline", { tag: "@both-widths" }, async ({ page }) => {
    const schedule = page.getByRole("banner").getByRole("link", { name: /Schedule/ });
    await expect(schedule).toHaveAttribute("href", "/book-online");
    await page.mouse.wheel(0, 2000);
    await expect(schedule).toBeInViewport();
    await expect(page.getByText("Over 30 years of long-term cat boarding and grooming")).toBeVisible();
  });

  test("galleries show 4 photos per slide on desktop and 2 on mobile, and page with the buttons", { tag: "@both-widths" }, async ({ page }) => {
    const perSlide = isDesktop(page) ? 4 : 2;
    for (const name of ["Grooming Gallery", "Boarding Gallery", "Adoption Gallery"]) {
      const gallery = page.getByRole("group", { name });
      await gallery.scrollIntoViewIfNeeded();
      const strip = gallery.getByTestId("gallery-strip");
      const countInView = () =>
        strip.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll("img")].filter((img) => {
            const r = img.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
          }).length;
        });
      expect(await countInView()).toBe(perSlide);
      const total = await gallery.getByTestId("gallery-photo").count();
      await expect(gallery.getByText(`Slide 1 of ${total / perSlide}`)).toBeVisible();
      await gallery.getByRole("button", { name: `Next photos: ${name}` }).click();
      await expect(gallery.getByText(`Slide 2 of ${total / perSlide}`)).toBeVisible();
      // The strip may still be scrolling smoothly to the snap point.
      await expect.poll(countInView).toBe(perSlide);
      await expect(gallery.getByRole("button", { name: `Previous photos: ${name}` })).toBeEnabled();
    }
  });

  test("gallery buttons work from the keyboard", async ({ page }) => {
    const gallery = page.getByRole("group", { name: "Boarding Gallery" });
    const next = gallery.getByRole("button", { name: "Next photos: Boarding Gallery" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(gallery.getByText(/^Slide 2 of/)).toBeVisible();
  });

  test("map area is 300 px high on mobile and 400 px on desktop", { tag: "@both-widths" }, async ({ page }) => {
    const map = page.getByTestId("map-area");
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    expect(box?.height).toBe(isDesktop(page) ? 400 : 300);
    await expect(map.locator("iframe")).toHaveAttribute("title", /Map/);
  });

  test("the free-night promo card opens the voucher dialog", async ({ page }) => {
    await page.getByRole("region", { name: "First Night Free For New Customers" }).getByRole("button", { name: "Claim Your Free Night" }).click();
    const dialog = page.getByRole("dialog", { name: "Claim Your Free Night" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full name")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: "Email" })).toHaveAttribute("type", "email");
    await expectNoAxeViolations(page, { within: OPEN_DIALOG });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("3 booking steps, video, team of three, about", async ({ page }) => {
    const steps = page.getByRole("region", { name: "Book In 3 Easy Steps" });
    await expect(steps.getByRole("listitem")).toHaveCount(3);
    await expect(page.locator("#video").getByRole("img", { name: "Cats relaxing in the playroom" })).toBeVisible();
    for (const name of ["Maria Lopez", "James Carter", "Priya Shah"]) await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About Us" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("FAQ entries are disclosure widgets that open by click and keyboard", async ({ page }) => {
    const faq = page.getByRole("region", { name: "Laguna Niguel Cat Boarding FAQ" });
    const answer = faq.getByText("Proof of current FVRCP vaccination is required");
    await expect(answer).toBeHidden();
    await faq.getByText("Which vaccinations does my cat need?").click();
    await expect(answer).toBeVisible();
    const second = faq.getByText("Do you board cats only?");
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(faq.getByText("We are a cat-only hotel")).toBeVisible();
  });
});

test("the variant home page offers clear booking links when no scheduler is configured", async ({ page }) => {
  await page.goto("/book-online");
  // Nothing on the page starts its script: the dialog below opens by the browser itself.
  await expect(page.getByTestId("scheduler-frame")).toHaveCount(0);
  const fallback = page.getByTestId("scheduler-fallback");
  // Stays and grooms are booked on this site (the default).
  await expect(fallback.getByRole("link", { name: /Book a Cat Room/ })).toHaveAttribute("href", "/book/stay");
  await expect(fallback.getByRole("link", { name: /Book a Groom/ })).toHaveAttribute("href", "/book/groom");
  await expect(page.getByRole("heading", { name: "Our Services" })).toBeVisible();
  await page.getByRole("complementary", { name: "Offer" }).getByRole("button", { name: "Claim Your Free Night" }).click();
  await expect(page.getByRole("dialog", { name: "Claim Your Free Night" })).toBeVisible();
  // The tap started the script, which takes the form over (it sends it to the API with a toast).
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
});

test("the backup home page carries its date in the breadcrumb", async ({ page }) => {
  await page.goto("/home-backup-27.05.25");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).locator('[aria-current="page"]')).toHaveText("Home Backup (27.05.25)");
});

test("legal pages are dated and linked from each other's footer", async ({ page }) => {
  const LEGAL = [
    ["/privacy-policy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
    ["/cookie-policy", "Cookie Policy"],
  ] as const;
  for (const [path, title] of LEGAL) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Last updated:/)).toBeVisible();
    const footer = page.getByRole("contentinfo");
    for (const [otherPath, otherTitle] of LEGAL.filter(([p]) => p !== path)) {
      await expect(footer.getByRole("link", { name: otherTitle, exact: true })).toHaveAttribute("href", otherPath);
    }
  }
  // Following a footer link opens that document.
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service", exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { name: "Your California privacy rights (CCPA/CPRA)" })).toBeVisible();
});
