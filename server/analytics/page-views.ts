import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { isCountedPath } from "~/domain/page-views";
import { businessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { pageViewCounts } from "../db/schema/index";
import { AppError } from "../http/errors";
import { consumeRateLimits } from "../rate-limit/rate-limit";

/** A person clicking around sends a few a minute; this is far above that and far below a flood. */
export const PAGE_VIEWS_PER_IP_PER_10_MINUTES = 120;

/** Do-Not-Track or Global Privacy Control, as the request headers state them. */
export function optedOut(headers: { dnt?: string; secGpc?: string }): boolean {
  return headers.dnt?.trim() === "1" || headers.secGpc?.trim() === "1";
}

/** The limiter key: a hash, so even the short-lived rate-limit rows hold no address. */
const ipKey = (ip: string) => `page-view:ip:${crypto.createHash("sha256").update(ip).digest("base64url").slice(0, 22)}`;

export type PageViewResult = "counted" | "opted-out";

/**
 * Counts one view of `path` for today's Los Angeles day. The IP is used for the rate limit only and
 * is not stored with the count.
 */
export async function recordPageView(db: Db, input: { path: unknown; ip: string; optedOut: boolean }, now: Date): Promise<PageViewResult> {
  if (input.optedOut) return "opted-out";
  if (typeof input.path !== "string" || !isCountedPath(input.path)) {
    throw new AppError(400, "PATH_NOT_COUNTED", "This path is not counted.");
  }
  // A cap on junk, not a promise to anyone: counted per clock 10 minutes (ADR 0102).
  const limit = await consumeRateLimits(db, [{ key: ipKey(input.ip), limit: PAGE_VIEWS_PER_IP_PER_10_MINUTES, windowMs: 10 * 60_000, window: "fixed" }], now);
  if (!limit.allowed) throw new AppError(429, "RATE_LIMITED", "Too many page views from this address; please slow down.").retryAfter(limit.retryAfterMs);
  await db
    .insert(pageViewCounts)
    .values({ day: businessDate(now), path: input.path, count: 1 })
    .onConflictDoUpdate({ target: [pageViewCounts.day, pageViewCounts.path], set: { count: sql`${pageViewCounts.count} + 1` } });
  return "counted";
}
