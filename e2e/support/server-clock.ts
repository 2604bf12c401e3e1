import type { Page } from "@playwright/test";
import { businessLocalToUtc } from "../../app/lib/business-time";
import { expectStatus } from "./cats";

/**
 * The clock of a server started with TEST_CLOCK=1 (ADR 0168), moved through `page`: it starts at the
 * real time, and each move answers the server's new time, so `moveTo` reaches a business day and time
 * however far the clock was moved before. Every move runs the periodic jobs at once.
 */
export function serverClock(page: Page) {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const advance = async (minutes: number) => {
    const moved = await page.request.post("/test/clock", { data: { advanceMinutes: minutes } });
    await expectStatus(moved, 200, `move the clock ${minutes} minutes on`);
    const serverNow = new Date(((await moved.json()) as { now: string }).now);
    offsetMs = serverNow.getTime() - Date.now();
    return serverNow;
  };
  /** To `time` on `day` (business time), or a minute on when the clock is there already. */
  const moveTo = (day: string, time: string) => advance(Math.max(1, Math.ceil((businessLocalToUtc(day, time).getTime() - now().getTime()) / 60_000)));
  return { now, advance, moveTo };
}

/** What the simulated provider texted a number (E.164), newest first. */
export async function textsTo(page: Page, e164: string) {
  const texts = await page.request.get(`/test/texts?to=${encodeURIComponent(e164)}`);
  await expectStatus(texts, 200, `read the texts to ${e164}`);
  return ((await texts.json()) as { texts: { body: string }[] }).texts.map((t) => t.body);
}
