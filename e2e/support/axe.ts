import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

/** An open dialog or drawer: a native one (public pages) or a Radix one (router pages). */
export const OPEN_DIALOG = 'dialog[open], [role="dialog"]';

/**
 * axe-core on the page as it is now, once every animation that ends has ended (a toast or a
 * dialog fading in, a colour transition) in what is drawn: mid-animation its text is translucent and
 * axe would measure a contrast nobody reads. The one way a browser test checks accessibility.
 *
 * `within` (a CSS selector, e.g. "dialog[open]") scans only that part: for a dialog or drawer opened
 * over a page whose own scan is another test's (pages.spec.ts scans every public page at both
 * widths). A whole-page scan of the home page costs 2-4 s, the dialog's a quarter of it.
 */
export async function expectNoAxeViolations(page: Page, { within }: { within?: string } = {}) {
  const toasts = await settledToasts(page);
  let violations = await scan(page, within);
  // A toast that came or whose time ran out while axe read the page was measured as it faded in or
  // out, which nobody reads: once the toasts are still, the page is read again (on a slow machine a
  // scan can outlast a toast's four seconds).
  if (violations.length && (await toastsChangedSince(page, toasts))) {
    // A leaving toast fades to transparent, so this also waits for it to be gone.
    await settledToasts(page);
    violations = await scan(page, within);
  }
  expect(violations).toEqual([]);
}

/** Once every animation that ends has ended in what is drawn, and every toast is opaque: the toasts on the page. */
async function settledToasts(page: Page): Promise<number> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        // One in a section not drawn yet (content-visibility: auto, ADR 0225) does not run until the
        // section is near the viewport, so it would never end: nobody sees it, and axe need not wait.
        .filter((animation) => {
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.waitForFunction(() => [...document.querySelectorAll("[data-sonner-toast]")].every((toast) => getComputedStyle(toast).opacity === "1"));
  return page.locator("[data-sonner-toast]").count();
}

/** Whether a toast came, began to leave or left since there were `before` on the page. */
function toastsChangedSince(page: Page, before: number): Promise<boolean> {
  return page.evaluate(
    (count) => document.querySelectorAll("[data-sonner-toast]").length !== count || document.querySelector('[data-sonner-toast][data-removed="true"]') !== null,
    before,
  );
}

async function scan(page: Page, within: string | undefined): Promise<string[]> {
  // Legacy mode: axe.run in the page itself, all rules as before. The default runs axe.runPartial in
  // each frame and then opens a blank page to put the results together, which took twice as long (2-5 s
  // a scan on the home page, most of a test's time where it scans twice). What it gives up is testing
  // inside cross-origin frames: ours are third-party embeds (answered empty in tests) and the
  // sandboxed certificate viewer, none of them our markup; a frame's own title is still checked.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (within) axe.include(within);
  const results = await axe.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
