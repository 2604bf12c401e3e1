import { type Page, expect } from "@playwright/test";
import { expectStatus } from "./cats";

/**
 * Staff take `suites` out of service from admin Rooms (which `staff` has open): each suite's own form,
 * posted to the page's action as its "Take out" button posts it, then the page reloaded (its script
 * running again) showing every one out of service. For specs whose subject is what a full house does
 * to a booking: tapping eleven buttons one after another cost 2-7 s a test. book-stay.spec.ts taps one.
 */
export async function takeOutOfService(staff: Page, suites: string[]) {
  for (const suite of suites) {
    const form = staff.locator("form").filter({ has: staff.getByRole("button", { name: `Take out of service: ${suite}`, exact: true }) });
    const suiteId = await form.locator('input[name="suiteId"]').inputValue();
    await expectStatus(await staff.request.post("/admin/rooms", { form: { intent: "suiteService", suiteId } }), 200, `take ${suite} out of service`);
  }
  // Back with its script running, as a page the test goes on to use expects (support/hydration.ts).
  await staff.reload();
  await staff.waitForSelector("html[data-hydrated]", { state: "attached" });
  for (const suite of suites) await expect(staff.getByRole("button", { name: `Put back in service: ${suite}`, exact: true })).toBeVisible();
}
