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
  // Legacy mode: axe.run in the page itself, all rules as before. The default runs axe.runPartial in
  // each frame and then opens a blank page to put the results together, which took twice as long (2-5 s
  // a scan on the home page, most of a test's time where it scans twice). What it gives up is testing
  // inside cross-origin frames: ours are third-party embeds (answered empty in tests) and the
  // sandboxed certificate viewer, none of them our markup; a frame's own title is still checked.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (within) axe.include(within);
  const results = await axe.analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
